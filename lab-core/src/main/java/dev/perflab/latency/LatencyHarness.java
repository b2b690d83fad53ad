package dev.perflab.latency;

import dev.perflab.concurrent.IdleStrategy;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.jctools.queues.SpscArrayQueue;

/**
 * Drives a {@link LatencyTask} at a target rate from a schedule of intended start times, and records each
 * command's latency in up to three views ({@link TimingMode}) into HdrHistogram, beside a platform
 * {@link HiccupMeter}.
 *
 * <pre>
 *  one thread:   [wait until intended(i)] → run(i) → record into tally[phase(i)]       (i = 0, 1, 2, …)
 *
 *  two threads:  sender:    [wait until intended(i)] → offer every due token ───────────┐  JCTools
 *                component: poll(token) → run(i) → record into tally[phase(i)]  ◄────────┘  SpscArrayQueue
 *                (idle: spin, then yield; time until release and time queued count in the intended view)
 *
 *  phase(i) = (i - warmup) >>> 63:  1 (warm-up, thrown away) while i &lt; warmup, then 0 (recorded)
 *
 *  reporter (daemon): during warm-up every 10 ms swaps the warm-up recorders (discarded); every second
 *                     swaps the recorded ones into the totals and the .hlog, reports progress
 *  hiccup meter (daemon): sleeps 1 ms, records how late it woke (its own recorders, same phases)
 * </pre>
 *
 * <h2>What changed and why</h2>
 * At a million commands/s on a machine with many cores the intended p99 was tens of milliseconds, while the
 * service maximum stayed below a millisecond and a spinning thread saw no platform gap of that size
 * (measurements: the latency logs in docs/measurements/README.md). JFR showed C2 deoptimizing the harness
 * ({@code unstable_if}) at the moment warm-up ended: the per-command path had an {@code if (sequence <
 * warmup) return;} that flipped then, and HdrHistogram's {@code WriterReaderPhaser} took a branch warm-up
 * had never taken. In the two-thread model the sender's {@code if (late)} deoptimized again mid-run, the
 * first time a release was late. Each deoptimization throws the compiled loop away: tens of ms interpreted.
 * Now:
 * <ul>
 *   <li>warm-up runs exactly the recorded phase's code: every command records, into the tally its phase
 *       selects by arithmetic ({@link Tally}, {@link Branchless}); nothing in the per-command path branches
 *       on the phase or on a rare fact (late start, new maximum, a value beyond the histogram's range);</li>
 *   <li>during warm-up the reporter swaps the warm-up recorders every {@link #WARMUP_SWAP_NANOS}, so the
 *       recorders' rarely taken paths (phase flip, first value after a reset) are taken, and profiled,
 *       many times before recording starts;</li>
 *   <li>the sender holds its schedule ({@link Sender#SPIN}) where there are cores to spare;</li>
 *   <li>a hiccup meter runs beside every run, and a JFR event ({@link RunEvent}) marks the recorded phase.</li>
 * </ul>
 * The test {@code NoDeoptimizationAfterWarmupTest} records a child JVM with JFR and finds no
 * deoptimization in this package or in HdrHistogram within the recorded phase.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li><b>Who records.</b> Only the thread that runs the task (the caller's thread) records, each mode
 *       into its own {@link org.HdrHistogram.SingleWriterRecorder}; the reporter thread only swaps interval
 *       histograms, which that class supports while recording goes on. The task always runs on the
 *       caller's thread.</li>
 *   <li><b>Timer.</b> {@link System#nanoTime()} for every timestamp (monotonic; resolution tens of ns on
 *       Linux). Values are recorded in ns with 3 significant digits, up to an hour. How the thread holding
 *       the schedule waits is the run's {@link Sender}: spinning, starts are on time to about a
 *       microsecond when the machine has an idle core; sleeping, a park's wake-up late (tens of µs). In the
 *       two-thread model the component thread, finding the queue empty, spins and then yields
 *       ({@link #idle}), so that on a 2-core machine the JIT, the GC and the OS still get a core.</li>
 *   <li><b>Warm-up.</b> The first {@link LatencyConfig#warmupCommands()} commands run on schedule, through
 *       the same code, and are recorded into a tally that is thrown away.</li>
 *   <li><b>Falling behind.</b> A command is never skipped to catch up: when the schedule is behind,
 *       commands start back to back and their intended latency shows the wait. A recorded command that
 *       starts more than one period and more than {@link #LATE_SLACK_NANOS} late counts in
 *       {@code lateStarts}. Only when the run passes its
 *       deadline ({@link #DEADLINE_FACTOR} × planned duration + {@link #DEADLINE_GRACE_SECONDS} s) does it
 *       stop, counting the commands never run in {@code notRun}.</li>
 *   <li><b>Allocation.</b> None per command in the harness itself (the queue carries one shared token;
 *       both threads walk their own copy of the schedule).</li>
 * </ul>
 */
public final class LatencyHarness {
    /** Index of the recorded phase's tally; see {@link Branchless#phase}. */
    static final int RECORDED = 0;
    /** Index of the warm-up phase's tally. */
    static final int WARMUP = 1;
    /** Component thread, queue empty: spin this many times, then yield (see {@link #idle}). */
    private static final int IDLE_SPINS = 256;
    private static final IdleStrategy IDLE = IdleStrategy.spinThenYield(IDLE_SPINS);
    /** A start (or release) later than this after its intended time, and later than one period, counts as late. */
    public static final long LATE_SLACK_NANOS = 200_000;
    public static final double DEADLINE_FACTOR = 3;
    public static final double DEADLINE_GRACE_SECONDS = 5;
    /** Capacity of the sender → component queue, in commands. */
    public static final int QUEUE_CAPACITY_COMMANDS = 1 << 16;
    /** During warm-up the reporter swaps the warm-up recorders this often (see the class comment). */
    static final long WARMUP_SWAP_NANOS = 10_000_000;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Object TOKEN = new Object();
    private static final long START_DELAY_NANOS = 5_000_000;
    static final String REPORTER_THREAD = "latency-reporter";

    /** One second of a run, as the reporter saw it. */
    public record Second(double elapsedSeconds, boolean warmingUp, long commands, double p99Micros,
                         double maxMicros, double hiccupMaxMicros) {
    }

    /** Called once a second from the reporter thread. */
    public interface Progress {
        /** This second's figures, in the intended view if recorded, else the first recorded mode. */
        void second(Second second);
    }

    private final LatencyConfig config;
    private final LatencyTask task;
    private final Sender sender;
    private final Tally[] tallies;
    private final long lateAfterNanos;
    private final long total;
    private final long warmup;
    private long start;
    private long recordFrom;
    private long deadline;
    private long done;
    private volatile long senderLate;

    private LatencyHarness(LatencyConfig config, LatencyTask task) {
        this.config = config;
        this.task = task;
        this.sender = config.sender();
        long periodNanos = Math.max(1, (long) (1e9 / config.ratePerSecond()));
        this.lateAfterNanos = Math.max(periodNanos, LATE_SLACK_NANOS);
        this.tallies = new Tally[] {new Tally(config.modes(), lateAfterNanos), new Tally(config.modes(), lateAfterNanos)};
        this.warmup = config.warmupCommands();
        this.total = warmup + config.recordedCommands();
    }

    /**
     * Runs the whole schedule on the calling thread (plus a sender thread in the two-thread model).
     *
     * @param progress called every second from the reporter thread; may be null
     * @param hlog     receives one interval histogram per mode per second, tagged with the mode, and the
     *                 hiccup meter's, tagged {@code hiccup}; may be null
     */
    public static LatencyResult run(LatencyConfig config, LatencyTask task, Progress progress, HistogramLogWriter hlog)
            throws InterruptedException {
        return new LatencyHarness(config, task).run(progress, hlog);
    }

    private LatencyResult run(Progress progress, HistogramLogWriter hlog) throws InterruptedException {
        long recordedOffset = offsetOf(warmup);
        RunEvent event = new RunEvent();
        event.begin();
        long eventStart = System.nanoTime();
        start = eventStart + START_DELAY_NANOS;
        recordFrom = start + recordedOffset;
        double plannedSeconds = config.warmupSeconds() + config.seconds();
        deadline = start + (long) ((plannedSeconds * DEADLINE_FACTOR + DEADLINE_GRACE_SECONDS) * NANOS_PER_SECOND);
        HiccupMeter hiccups = new HiccupMeter(recordFrom);
        Reporter reporter = new Reporter(progress, hlog, hiccups);
        hiccups.start();
        reporter.start();
        if (config.threads() == ThreadModel.ONE_THREAD) {
            runOneThread();
        } else {
            runWithSender();
        }
        reporter.finish();
        hiccups.finish();
        Tally recorded = tallies[RECORDED];
        long recordedCount = Math.max(0, done - warmup);
        if (event.shouldCommit()) {
            event.ratePerSecond = config.ratePerSecond();
            event.threads = config.threads().threads();
            event.sender = sender.id();
            event.warmupCommands = warmup;
            event.recordedCommands = recordedCount;
            event.recordedFrom = recordFrom - eventStart;
            event.recordedUntil = recordedCount == 0 ? 0 : recorded.lastIntended - eventStart;
            event.commit();
        }
        double seconds = recordedCount == 0 ? Double.NaN : (recorded.lastEnd - recordFrom) / 1e9;
        return new LatencyResult(config, reporter.totals, recordedCount, total - done, recorded.lateStarts,
                recorded.maxLateness, senderLate, recordedCount / seconds, hiccups.recorded());
    }

    /** The intended start of command {@code index}, in ns from the run's start (walks a copy of the schedule). */
    private long offsetOf(long index) {
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        long offset = 0;
        for (long i = 0; i <= index; i++) {
            offset = schedule.next();
        }
        return offset;
    }

    private void runOneThread() {
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        for (long i = 0; i < total; i++) {
            long intended = start + schedule.next();
            if (sender.waitUntil(intended) > deadline) {
                return;
            }
            runAndRecord(i, intended);
        }
    }

    private void runWithSender() throws InterruptedException {
        SpscArrayQueue<Object> queue = new SpscArrayQueue<>(QUEUE_CAPACITY_COMMANDS);
        Thread senderThread = new Thread(() -> send(queue), "latency-sender");
        senderThread.setDaemon(true);
        senderThread.start();
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        for (long i = 0; i < total; i++) {
            long intended = start + schedule.next();
            for (int idleRounds = 0; queue.poll() == null; idleRounds++) {
                if (System.nanoTime() > deadline) {
                    senderThread.interrupt();
                    senderThread.join();
                    return;
                }
                idle(idleRounds);
            }
            runAndRecord(i, intended);
        }
        senderThread.join();
    }

    /**
     * The sender: waits ({@link Sender}) until the next intended time, then releases every command whose
     * time has come. A release more than one period and {@link #LATE_SLACK_NANOS} late counts in
     * {@code senderLate} (recorded phase only; counted without a branch, see the class comment).
     */
    private void send(SpscArrayQueue<Object> queue) {
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        long[] late = new long[2];
        long next = start + schedule.next();
        for (long i = 0; i < total && !Thread.currentThread().isInterrupted(); ) {
            long now = sender.waitUntil(next);
            for (; i < total && next <= now; i++, next = start + schedule.next()) {
                while (!queue.offer(TOKEN)) {
                    if (System.nanoTime() > deadline) {
                        senderLate = late[RECORDED];
                        return;
                    }
                    Thread.onSpinWait();
                }
                late[Branchless.phase(i, warmup)] += Branchless.oneIfAbove(now - next, lateAfterNanos);
            }
        }
        senderLate = late[RECORDED];
    }

    private void runAndRecord(long sequence, long intended) {
        long begin = System.nanoTime();
        task.run(sequence);
        long end = System.nanoTime();
        long batchStart = start + (intended - start) / NANOS_PER_SECOND * NANOS_PER_SECOND;
        tallies[Branchless.phase(sequence, warmup)].record(intended, begin, end, batchStart);
        done = sequence + 1;
    }

    /**
     * Backs off while the queue stays empty: spin, then yield the core to any other runnable thread. The
     * thread never sleeps (measured here: parking and being unparked by the sender added ~30 µs at p50 and
     * more at p99 than yielding), so on 2 cores it keeps one busy while the sender sleeps on the other.
     */
    private static void idle(int rounds) {
        IDLE.idle(rounds);
    }

    /**
     * Swaps interval histograms: the warm-up tally's every {@link #WARMUP_SWAP_NANOS} until the recorded phase
     * starts (discarded), the recorded tally's and the hiccup meter's once a second (into the totals, the
     * log and the progress line).
     */
    private final class Reporter extends Thread {
        final Map<TimingMode, Histogram> totals = new EnumMap<>(TimingMode.class);
        private final Histogram[] recycled = new Histogram[TimingMode.values().length];
        private final Histogram[] recycledWarmup = new Histogram[TimingMode.values().length];
        private final Progress progress;
        private final HistogramLogWriter hlog;
        private final HiccupMeter hiccups;
        private volatile boolean running = true;

        Reporter(Progress progress, HistogramLogWriter hlog, HiccupMeter hiccups) {
            super(REPORTER_THREAD);
            setDaemon(true);
            this.progress = progress;
            this.hlog = hlog;
            this.hiccups = hiccups;
            for (TimingMode mode : config.modes()) {
                totals.put(mode, new Histogram(Tally.SIGNIFICANT_DIGITS));
            }
            if (hlog != null) {
                long nowMillis = System.currentTimeMillis();
                hlog.outputLogFormatVersion();
                hlog.outputStartTime(nowMillis);
                hlog.setBaseTime(nowMillis);
                hlog.outputBaseTime(nowMillis);
                hlog.outputComment("latency in nanoseconds; one interval per second per mode, tagged service, batch"
                        + " or intended; tag hiccup: the platform hiccup meter (1 ms sleeps, raw wake-up delays)");
                hlog.outputLegend();
            }
        }

        @Override
        public void run() {
            long nextSecond = start + NANOS_PER_SECOND;
            while (running) {
                long now = System.nanoTime();
                long wakeAt = now < recordFrom ? Math.min(now + WARMUP_SWAP_NANOS, nextSecond) : nextSecond;
                LockSupport.parkNanos(this, wakeAt - now);
                if (!running) {
                    return;
                }
                if (System.nanoTime() < recordFrom + WARMUP_SWAP_NANOS) {
                    discardWarmup();
                }
                if (System.nanoTime() >= nextSecond) {
                    Second second = sample((nextSecond - start) / 1e9);
                    nextSecond += NANOS_PER_SECOND;
                    if (progress != null) {
                        progress.second(second);
                    }
                }
            }
        }

        private synchronized void discardWarmup() {
            for (TimingMode mode : config.modes()) {
                int m = mode.ordinal();
                recycledWarmup[m] = tallies[WARMUP].recorders[m].getIntervalHistogram(recycledWarmup[m]);
            }
            hiccups.discardWarmup();
        }

        /** Moves each mode's interval into the totals and the log; returns the second's figures. */
        private synchronized Second sample(double elapsedSeconds) {
            Histogram shown = null;
            for (TimingMode mode : config.modes()) {
                int m = mode.ordinal();
                Histogram interval = tallies[RECORDED].recorders[m].getIntervalHistogram(recycled[m]);
                recycled[m] = interval;
                totals.get(mode).add(interval);
                log(interval, mode.id());
                if (shown == null || mode == TimingMode.INTENDED) {
                    shown = interval;
                }
            }
            Histogram hiccup = hiccups.sample();
            log(hiccup, "hiccup");
            return new Second(elapsedSeconds, System.nanoTime() < recordFrom, shown.getTotalCount(),
                    shown.getValueAtPercentile(99) / 1e3, shown.getMaxValue() / 1e3, hiccups.lastSecondMaxNanos() / 1e3);
        }

        private void log(Histogram interval, String tag) {
            if (hlog != null && interval.getTotalCount() > 0) {
                interval.setTag(tag);
                hlog.outputIntervalHistogram(interval);
            }
        }

        void finish() throws InterruptedException {
            running = false;
            LockSupport.unpark(this);
            join();
            sample(Double.NaN);
        }
    }
}
