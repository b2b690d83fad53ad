package dev.perflab.bench.mdf;

import dev.perflab.bench.Planted;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.JdbcHistory;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The report's point in one table: a client that joins late reads the last N messages of the day. r0 keeps
 * 5,000 in memory and reads the rest from the H2 database; r1 and later keep the whole day in memory.
 *
 * <h2>How it measures</h2>
 * Setup (per trial, not measured) generates a day of {@link #DAY_MESSAGES} messages of 32–512 bytes,
 * records it in an in-memory H2 database and appends it to the rung's ring at its default size. One
 * invocation creates a reader at sequence {@code DAY_MESSAGES − N + 1} and polls until it has the last
 * message; the score is milliseconds per late join (divide N by it for messages/s). The handler sums
 * every message's length and last byte, returned to JMH, and the count is checked: a join that comes back
 * short fails the run.
 *
 * <h2>Iterations</h2>
 * Ten one-second iterations: JMH's error is the 99.9% interval t(n−1)·s/√n of n iterations with spread s, which
 * with the three it had multiplied s by 31.6 / √3 = 18.2, wider than any difference between the rungs; with ten
 * it is 1.5·s. The day is set up once per trial, so more iterations cost only their own seconds.
 *
 * <h2>Run</h2>
 * {@code ./lab run mdf-ring}, or {@code java -jar lab-benchmarks/target/benchmarks.jar MdfHistoryBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 10, time = 1)
public class MdfHistoryBenchmark {
    /** The report's 400,000-message window; its day was ~300,000. */
    static final int DAY_MESSAGES = 400_000;
    static final long SEED = 2014;

    @Param({"r0-synchronized-window-db", "r1-large-window", "r2-raw-bytes", "r3-single-writer-ring", "r4-batched-zero-copy"})
    public String rung;

    @Param({"5000", "100000", "400000"})
    public int lastMessages;

    private HistoryStore history;
    private MdfRing ring;
    private long count;
    private long checksum;
    private final MessageHandler sum = message -> {
        count++;
        checksum += message.remaining() + message.get(message.limit() - 1);
    };

    @Setup(Level.Trial)
    public void loadDay() {
        byte[][] day = MdfGenerator.day(DAY_MESSAGES, SEED);
        history = JdbcHistory.inMemory();
        history.recordAll(day);
        ring = MdfRingLadder.LADDER.resolve(rung).factory().create(history);
        for (byte[] message : day) {
            ring.append(ByteBuffer.wrap(message));
        }
    }

    @Benchmark
    public long lateJoin() {
        Planted.work();
        count = 0;
        checksum = 0;
        MdfReader reader = ring.reader(DAY_MESSAGES - lastMessages + 1L);
        while (reader.poll(sum) > 0) {
            // every message is available: poll until none is left
        }
        if (count != lastMessages) {
            throw new IllegalStateException(rung + ": late joiner read " + count + " of the last " + lastMessages + " messages");
        }
        return checksum;
    }

    @TearDown(Level.Trial)
    public void close() {
        ring.close();
        history.close();
    }
}
