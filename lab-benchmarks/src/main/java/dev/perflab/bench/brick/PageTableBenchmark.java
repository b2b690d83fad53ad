package dev.perflab.bench.brick;

import dev.perflab.bench.Planted;
import dev.perflab.brick.Bricks;
import dev.perflab.brick.ClientPages;
import dev.perflab.brick.LineSource;
import dev.perflab.brick.PageTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The page tables alone, in process, with 1, 2 and 4 threads (the {@code claimN} / {@code writeN} methods).
 *
 * <ul>
 * <li>{@code claim}: the server's path — {@link PageTable#next}: a CAS on the page's counter, the transform of
 *     the claimed row, the page's sent count. The table is r5's (double-buffered, a loader thread filling it
 *     from an endless in-memory file, {@link EndlessBricks}); {@code groups=1} puts every thread on one page
 *     (r3/r4 and the exhibit {@code x-hot-page}), {@code groups=4} is r5's grouping. Thread {@code t} claims in
 *     group {@code t % groups}, as connection {@code c} does.</li>
 * <li>{@code write}: the client's path — {@link ClientPages#put} of a 100-byte result into the row its line
 *     number maps to, a page-switcher thread writing full pages to {@code /dev/null}. Line numbers come from
 *     a shared counter (the server's order, in the real run).</li>
 * </ul>
 * Secondary metric {@code casRetries} ({@code @AuxCounters}, per second like the score): divide it by the
 * score for retries per operation. On one thread it is 0; with every thread on one page it grows with the
 * thread count — the report's hot page. It counts the retries of the measured window only, as the score counts
 * its operations: with several threads JMH runs a warm-up and a warm-down around each iteration's window (every
 * thread keeps working until all have started and until all have stopped), and the claimer's retries there are
 * left out, read off the claimer when JMH's {@link Control} says the window opens and when it closes.
 *
 * <h2>Pitfalls avoided</h2>
 * Each claim's result is returned (JMH consumes it). The loader is a real thread competing for the cores,
 * as in the mover; on 2 cores the 4-thread runs are oversubscribed, which is the point of showing them.
 *
 * <h2>Run</h2>
 * {@code ./lab run brick --jmh --benchmark PageTable}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar PageTableBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PageTableBenchmark {
    /** The server's table, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class Table {
        @Param({"1", "4"})
        int groups;

        PageTable table;
        ClientPages pages;
        FileChannel sink;
        final AtomicInteger nextLine = new AtomicInteger();

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            table = new PageTable(Path.of("endless-bricks"), EndlessBricks::new, EndlessBricks.FILE_BYTES, groups, true);
            sink = FileChannel.open(Path.of("/dev/null"), StandardOpenOption.WRITE);
            pages = new ClientPages(sink, ClientPages.Output.WRITE); // /dev/null cannot be mapped
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            table.close();
            pages.abort();
            sink.close();
        }
    }

    /** One thread's claimer, result buffer and retry counter. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Claims {
        public long casRetries;
        LineSource.Claimer claimer;
        final byte[] result = new byte[Bricks.MAX_RESULT_BYTES];
        final ByteBuffer row = ByteBuffer.allocate(Bricks.MAX_RESULT_BYTES);
        /** The claimer's retries when the measured window opened, or -1 before it has. */
        private long atOpen;
        private boolean closed;

        @Setup(Level.Iteration)
        public void setUp(Table table, ThreadParams thread) {
            if (claimer == null) {
                claimer = new LineSource.Claimer(thread.getThreadIndex() % table.groups);
            }
            atOpen = -1;
            closed = false;
            casRetries = 0;
        }

        /**
         * Called before each operation: takes the retry count when JMH opens the measured window and again when it
         * closes it, so warm-up and warm-down retries are not counted. Two reads of {@link Control}'s flags per
         * call, the same in every rung and thread count.
         */
        void window(Control control) {
            if (atOpen < 0 && control.startMeasurement) {
                atOpen = claimer.casRetries();
            }
            if (!closed && atOpen >= 0 && control.stopMeasurement) {
                casRetries = claimer.casRetries() - atOpen;
                closed = true;
            }
        }

        @TearDown(Level.Iteration)
        public void tearDown() {
            if (!closed && atOpen >= 0) {
                casRetries = claimer.casRetries() - atOpen;
            }
        }
    }

    @Benchmark
    @Threads(1)
    public long claim1(Table t, Claims c, Control control) throws IOException {
        Planted.work();
        c.window(control);
        return t.table.next(c.claimer, c.result);
    }

    @Benchmark
    @Threads(2)
    public long claim2(Table t, Claims c, Control control) throws IOException {
        Planted.work();
        c.window(control);
        return t.table.next(c.claimer, c.result);
    }

    @Benchmark
    @Threads(4)
    public long claim4(Table t, Claims c, Control control) throws IOException {
        Planted.work();
        c.window(control);
        return t.table.next(c.claimer, c.result);
    }

    /** A 100-byte result into the row of the next line number. */
    private static int write(Table t, Claims c) throws IOException {
        int line = t.nextLine.getAndIncrement();
        t.pages.put(line, c.row, 0, 100);
        return line;
    }

    @Benchmark
    @Threads(1)
    public int write1(Table t, Claims c) throws IOException {
        Planted.work();
        return write(t, c);
    }

    @Benchmark
    @Threads(2)
    public int write2(Table t, Claims c) throws IOException {
        Planted.work();
        return write(t, c);
    }

    @Benchmark
    @Threads(4)
    public int write4(Table t, Claims c) throws IOException {
        Planted.work();
        return write(t, c);
    }
}
