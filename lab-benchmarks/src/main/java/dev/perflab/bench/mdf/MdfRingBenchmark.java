package dev.perflab.bench.mdf;

import dev.perflab.bench.Planted;
import dev.perflab.concurrent.IdleStrategy;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MdfRingLadder;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One writer, K readers: messages per second delivered to <em>every</em> reader, for each rung, peer and
 * exhibit (and Chronicle Queue, a peer of this module only: {@link ChronicleQueuePeer}) at its own default
 * size (r0's 5,000-message window, the others' day-sized rings). The exhibits are correct, only slow, so
 * they are measured beside r3, the rung they break.
 *
 * <pre>
 *   JMH thread (writer)                      reader threads 1..K (started in setup)
 *   ─────────────────────                    ──────────────────────────────────────
 *   append 1,024 messages ──▶ [ ring ] ──▶   poll → StreamCheck (sequence, bytes) → progress[k]
 *   wait until every progress[k] ≥ end − 1,024 (credit: at most two batches in flight)
 * </pre>
 *
 * <h2>How it measures</h2>
 * One invocation appends {@link #BATCH_MESSAGES} messages ({@code @OperationsPerInvocation}), so the score
 * is messages/s that every reader received, paced by the slowest reader. {@code readerBytes} (an aux counter) is
 * the same in bytes each reader received per second: JMH labels every operations counter {@code ops/s}, and the
 * lab's reader shows a counter whose name ends in {@code Bytes} as {@code B/s}, its real unit. The credit keeps every reader within two batches of the
 * writer, so no ring laps a reader and no history is needed ({@link HistoryStore#NONE} fails the run if
 * one is); it is the same flow control for every entry, and the Disruptor and JCTools peers' own
 * back-pressure never engages. Readers and the waiting writer yield when idle ({@link #IDLE}): at K = 2
 * the writer and two readers are three busy threads on a 2-core machine, and a spinning thread would hold
 * a core the thread with work needs, while parking would add a timer slice (tens of µs, hundreds of
 * messages) to every empty round. The K = 4 runs time-share, which measures the structures' cost per
 * message, not parallel speed-up.
 *
 * <p>{@link ChronicleQueuePeer} ({@code peer-chronicle-queue}) is measured the same way, with every message
 * also written to its memory-mapped queue files (a temporary folder, deleted in the tear-down); it needs
 * Chronicle's JDK 17 flags, hence the {@code @Fork(jvmArgsAppend)} below, which every entry's fork gets
 * (they open JDK packages to reflection and change nothing else).
 *
 * <h2>Error bars</h2>
 * JMH's error is the 99.9% confidence half-width t(0.9995, n−1)·s/√n over the n measured iterations of
 * spread s: 18.2·s with n = 3, 3.9·s with 5, 1.5·s with 10. With 3 iterations of 1 s the bars of r4 and the
 * peers were half the score or wider, while their iterations agreed to within about a tenth: the bars were
 * wide because n was 3 (measurements: the mdf-ring logs in docs/measurements/README.md). Hence 10 iterations of
 * 500 ms (each still 2,500–5,000 batches at 5M–10M messages/s, so a scheduler slice of a few ms lost to
 * another thread moves an iteration by under 1%), after 2 × 1 s of warm-up, what r3 and r4 need. Readers
 * are started once per trial, not per iteration, so no iteration pays for thread start-up. The goal's ratio
 * (r4 ÷ a peer, same run, K = 2) is bounded by the two intervals, [(a − ea) ÷ (b + eb), (a + ea) ÷ (b − eb)]:
 * the goal holds beyond the error bars when its lower bound is above 1. Those bars are within one fork: on
 * some 2-core machines every entry's fork keeps a slow or a fast mode for its whole run, so read the forks
 * of several runs before ranking entries there (figures: docs/mdf-ring.md, "Two modes").
 *
 * <h2>A planted slowdown ({@code ./lab ab})</h2>
 * {@link Planted#work()} runs at the start of the writer's invocation, as in every benchmark, and also in each
 * reader once per {@link #BATCH_MESSAGES} messages it takes. The writer is not what sets the pace here: it waits
 * for the slowest reader, and work planted in the writer alone hides in that wait (a 10% plant there moved the
 * score by anything from −7% to +17%, JDK 17, 2 cores). Planted in every thread of the row, the same work per batch slows the
 * row whichever thread is the slowest. A batch takes tens of µs, so {@code ./lab ab} sizes it in whole tokens
 * per invocation and never with a period, whose counter the readers would share.
 *
 * <h2>Warm-up: until flat, then JMH's</h2>
 * r3 and r4 deliver a few hundred thousand messages/s for their first second or so (their
 * {@code VarHandle} accesses are slow until C2 compiles them), then millions; Chronicle Queue has far more code
 * to compile, and with other work on the cores its warm-up iterations were still rising after 6 s. A fixed
 * warm-up cannot fit both, so before JMH's own warm-up the trial's set-up runs the benchmark, untimed, in rounds of
 * {@link #WARM_ROUND_MILLIS} until {@link #WARM_MIN_ROUNDS} rounds in a row agree within
 * {@link #WARM_FLAT_TOLERANCE} (or {@link #WARM_MAX_SECONDS} have passed, which the log then says): every entry
 * the same way, each as long as it needs. The rounds' rates are printed in JMH's log. The lab's report then checks
 * the measured iterations themselves for a trend ({@code Trend}).
 *
 * <h2>Pitfalls avoided</h2>
 * Every delivered message is compared byte for byte with what was sent (so nothing is dead code and a
 * structure that drops, repeats, reorders or tears fails the run in the tear-down); messages come from 1,024
 * pre-generated templates whose sequence field the writer rewrites, so there is no generation inside the
 * measurement; readers are created before the first append.
 *
 * <h2>Run</h2>
 * {@code ./lab run mdf-ring}, or {@code java -jar lab-benchmarks/target/benchmarks.jar MdfRingBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {
        // Chronicle Queue's documented JDK 17 flags (ChronicleQueuePeer; the same list as lab-benchmarks' surefire
        // argLine, which ChronicleQueuePeerTest checks). They only open JDK internals to the class path: no other
        // entry uses them, and no flag here changes the JIT, the GC or the heap.
        "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
        "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
        "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
        "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
        "--add-opens=java.base/java.io=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED",
        // Chronicle's usage reporting off (it would try to reach the internet)
        "-Dchronicle.analytics.disable=true"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 10, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class MdfRingBenchmark {
    static final int BATCH_MESSAGES = 1_024;
    static final int TEMPLATES = 1_024;
    static final long SEED = 2014;
    /** Progress counters 16 longs (128 bytes) apart, so readers do not false-share them. */
    static final int PROGRESS_STRIDE_LONGS = 16;
    static final long DRAIN_TIMEOUT_SECONDS = 30;
    /** One round of the warm-up until flat. */
    static final long WARM_ROUND_MILLIS = 500;
    /** Rounds in a row whose rates must agree before the warm-up stops. */
    static final int WARM_MIN_ROUNDS = 3;
    /** How far, as a share of the rate, consecutive rounds may differ and still be flat. */
    static final double WARM_FLAT_TOLERANCE = 0.05;
    /** The longest warm-up until flat; past it the trial goes on and the log says the rate was still moving. */
    static final long WARM_MAX_SECONDS = 30;
    /** What a reader with nothing to read, and the writer waiting for credit, do: yield (see the class comment). */
    static final IdleStrategy IDLE = IdleStrategy.yielding();

    @Param({"r0-synchronized-window-db", "r1-large-window", "r2-raw-bytes", "r3-single-writer-ring",
            "r4-batched-zero-copy", "peer-disruptor", "peer-agrona-broadcast", "peer-jctools-spsc",
            ChronicleQueuePeer.ID, "x-unpadded", "x-logging-hot-path"})
    public String rung;

    @Param({"1", "2", "4"})
    public int readers;

    @Param({"64", "256"})
    public int messageBytes;

    private MdfRing ring;
    private ByteBuffer[] templates;
    private StreamCheck[] checks;
    private Thread[] threads;
    private AtomicLongArray progress;
    private volatile boolean running;
    private volatile Throwable readerFailure;
    private long written;
    /** Whether the trial's set-up warms up until flat; tests that drive a trial by hand turn it off. */
    boolean warmUntilFlat = true;

    /** Bytes delivered to each reader, reported per second next to the score (B/s; JMH writes ops/s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Delivered {
        public long readerBytes;
    }

    @Setup(Level.Trial)
    public void start() {
        ring = ChronicleQueuePeer.ID.equals(rung) ? new ChronicleQueuePeer()
                : MdfRingLadder.LADDER.resolve(rung).factory().create(HistoryStore.NONE);
        byte[][] messages = MdfGenerator.fixedSize(TEMPLATES, SEED, messageBytes);
        templates = new ByteBuffer[TEMPLATES];
        for (int i = 0; i < TEMPLATES; i++) {
            templates[i] = ByteBuffer.wrap(messages[i]);
        }
        progress = new AtomicLongArray(readers * PROGRESS_STRIDE_LONGS);
        checks = new StreamCheck[readers];
        threads = new Thread[readers];
        running = true;
        for (int k = 0; k < readers; k++) {
            checks[k] = new StreamCheck(templates);
            MdfReader reader = ring.reader(1);
            int slot = k * PROGRESS_STRIDE_LONGS;
            StreamCheck check = checks[k];
            threads[k] = new Thread(() -> readUntilStopped(reader, check, slot), "mdf-reader-" + k);
            threads[k].setDaemon(true);
            threads[k].start();
        }
        if (warmUntilFlat) {
            warmUntilFlat();
        }
    }

    /** Untimed: the benchmark in rounds until its rate holds still (see the class comment); the rounds are printed. */
    private void warmUntilFlat() {
        Delivered unused = new Delivered();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARM_MAX_SECONDS);
        StringBuilder rates = new StringBuilder();
        double previous = Double.NaN;
        int flatRounds = 0;
        while (flatRounds < WARM_MIN_ROUNDS - 1 && System.nanoTime() < deadline) {
            long start = System.nanoTime();
            long messages = 0;
            while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(WARM_ROUND_MILLIS)) {
                deliver(unused);
                messages += BATCH_MESSAGES;
            }
            double rate = messages / ((System.nanoTime() - start) / 1e9);
            flatRounds = Math.abs(rate / previous - 1) <= WARM_FLAT_TOLERANCE ? flatRounds + 1 : 0;
            previous = rate;
            rates.append(rates.length() == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.2fM", rate / 1e6));
        }
        System.out.println("(warm-up until flat, messages/s per " + WARM_ROUND_MILLIS + " ms round: " + rates
                + (flatRounds < WARM_MIN_ROUNDS - 1 ? "; still moving after " + WARM_MAX_SECONDS + " s" : "") + ")");
    }

    private void readUntilStopped(MdfReader reader, StreamCheck check, int slot) {
        try {
            int idle = 0;
            int sincePlant = 0;
            while (running) {
                int taken = reader.poll(check);
                if (taken == 0) {
                    IDLE.idle(idle++);
                } else {
                    idle = 0;
                    sincePlant += taken;
                    while (sincePlant >= BATCH_MESSAGES) {
                        sincePlant -= BATCH_MESSAGES;
                        Planted.work();
                    }
                }
                progress.lazySet(slot, reader.nextSequence() - 1);
            }
        } catch (Throwable t) {
            readerFailure = t;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH_MESSAGES)
    public void deliver(Delivered delivered) {
        Planted.work();
        // The sequence lives in a local and is stored once per batch: the readers load this object's
        // `running` on every round, and a store per message to a field beside it would be false sharing
        // that the benchmark adds to every entry alike.
        long seq = written;
        for (int i = 0; i < BATCH_MESSAGES; i++) {
            seq++;
            ByteBuffer message = templates[StreamCheck.templateOf(seq, TEMPLATES - 1)];
            message.putLong(0, seq);
            ring.append(message);
        }
        written = seq;
        awaitReaders(seq - BATCH_MESSAGES);
        delivered.readerBytes += (long) BATCH_MESSAGES * messageBytes;
    }

    private void awaitReaders(long atLeast) {
        for (int k = 0; k < readers; k++) {
            int idle = 0;
            while (progress.get(k * PROGRESS_STRIDE_LONGS) < atLeast) {
                if (readerFailure != null) {
                    throw new IllegalStateException(rung + ": a reader failed: " + readerFailure, readerFailure);
                }
                IDLE.idle(idle++);
            }
        }
    }

    /** Waits for every reader to take the last message, stops them, and fails the run unless each got all. */
    @TearDown(Level.Trial)
    public void verify() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_TIMEOUT_SECONDS);
        for (int k = 0; k < readers; k++) {
            while (progress.get(k * PROGRESS_STRIDE_LONGS) < written && readerFailure == null && System.nanoTime() < deadline) {
                Thread.yield();
            }
        }
        running = false;
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(DRAIN_TIMEOUT_SECONDS));
        }
        ring.close();
        if (readerFailure != null) {
            throw new IllegalStateException(rung + ": a reader failed: " + readerFailure, readerFailure);
        }
        for (int k = 0; k < readers; k++) {
            checks[k].verify(rung + " reader " + (k + 1) + " of " + readers, written);
        }
    }

    /** For tests: the check of reader {@code k}. */
    StreamCheck check(int k) {
        return checks[k];
    }
}
