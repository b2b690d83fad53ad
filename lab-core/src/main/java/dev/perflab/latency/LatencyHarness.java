package dev.perflab.latency;

import dev.perflab.concurrent.IdleStrategy;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.SingleWriterRecorder;
import org.jctools.queues.SpscArrayQueue;

/**
 * Drives a {@link LatencyTask} at a target rate from a schedule of intended start times, and records each
 * command's latency in up to three views ({@link TimingMode}) into HdrHistogram.
 *
 * <pre>
 *  one thread:   [wait until intended(i)] → run(i) → record        (i = 0, 1, 2, …)
 *
 *  two threads:  sender:    [sleep until intended(i)] → offer every due token ─────────┐  JCTools
 *                component: poll(token) → run(i) → record   (idle: spin, then yield)    ◄──┘  SpscArrayQueue
 *                (time until release and time queued both count in the intended view)
 *
 *  reporter (daemon, every second): swaps each mode's interval histogram, adds it to the totals,
 *                                   writes it to the .hlog, reports progress
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li><b>Who records.</b> Only the thread that runs the task (the caller's thread) records, each mode
 *       into its own {@link SingleWriterRecorder}; the reporter thread only swaps interval histograms,
 *       which that class supports while recording goes on. The task always runs on the caller's thread.</li>
 *   <li><b>Timer.</b> {@link System#nanoTime()} for every timestamp (monotonic; resolution tens of ns on
 *       Linux). Values are recorded in ns with 3 significant digits. Waits longer than
 *       {@link #PARK_BEYOND_NANOS} park, then spin the last {@link #SPIN_LAST_NANOS}, so starts are on
 *       time to about a microsecond when the machine is idle — at the cost of a busy core while waiting.
 *       In the two-thread model the sender sleeps between release points and the component thread, finding
 *       the queue empty, spins and then yields ({@link #idle}), so that on a 2-core machine the JIT, the GC
 *       and the OS still get a core.</li>
 *   <li><b>Warm-up.</b> The first {@link LatencyConfig#warmupCommands()} commands run on schedule and are
 *       not recorded.</li>
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
    /** Waits longer than this park first; shorter ones spin. */
    public static final long PARK_BEYOND_NANOS = 1_000_000;
    /**
     * A parked wait wakes this long before its target and spins the rest: parking wakes tens of µs late on
     * a busy VM (50–100 µs measured here), which would otherwise show up as intended latency.
     */
    public static final long SPIN_LAST_NANOS = 500_000;
    /** Component thread, queue empty: spin this many times, then yield (see {@link #idle}). */
    private static final int IDLE_SPINS = 256;
    private static final IdleStrategy IDLE = IdleStrategy.spinThenYield(IDLE_SPINS);
    /** A start (or release) later than this after its intended time, and later than one period, counts as late. */
    public static final long LATE_SLACK_NANOS = 200_000;
    public static final double DEADLINE_FACTOR = 3;
    public static final double DEADLINE_GRACE_SECONDS = 5;
    /** Capacity of the sender → component queue, in commands. */
    public static final int QUEUE_CAPACITY_COMMANDS = 1 << 16;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Object TOKEN = new Object();
    private static final long START_DELAY_NANOS = 5_000_000;

    /** Called once a second from the reporter thread. */
    public interface Progress {
        void second(double elapsedSeconds, double ratePerSecond, double runningP99Micros);
    }

    private final LatencyConfig config;
    private final LatencyTask task;
    private final Map<TimingMode, SingleWriterRecorder> recorders = new EnumMap<>(TimingMode.class);
    private final long periodNanos;
    private final long lateAfterNanos;
    private final long total;
    private final long warmup;
    private long start;
    private long deadline;
    private long lateStarts;
    private long maxLateness;
    private long firstRecordedIntended = -1;
    private long lastEnd;
    private long done;
    private volatile long senderLate;

    private LatencyHarness(LatencyConfig config, LatencyTask task) {
        this.config = config;
        this.task = task;
        for (TimingMode mode : config.modes()) {
            recorders.put(mode, new SingleWriterRecorder(3));
        }
        this.periodNanos = Math.max(1, (long) (1e9 / config.ratePerSecond()));
        this.lateAfterNanos = Math.max(periodNanos, LATE_SLACK_NANOS);
        this.warmup = config.warmupCommands();
        this.total = warmup + config.recordedCommands();
    }

    /**
     * Runs the whole schedule on the calling thread (plus a sender thread in the two-thread model).
     *
     * @param progress called every second from the reporter thread; may be null
     * @param hlog     receives one interval histogram per mode per second, tagged with the mode; may be null
     */
    public static LatencyResult run(LatencyConfig config, LatencyTask task, Progress progress, HistogramLogWriter hlog)
            throws InterruptedException {
        return new LatencyHarness(config, task).run(progress, hlog);
    }

    private LatencyResult run(Progress progress, HistogramLogWriter hlog) throws InterruptedException {
        start = System.nanoTime() + START_DELAY_NANOS;
        double plannedSeconds = config.warmupSeconds() + config.seconds();
        deadline = start + (long) ((plannedSeconds * DEADLINE_FACTOR + DEADLINE_GRACE_SECONDS) * NANOS_PER_SECOND);
        Reporter reporter = new Reporter(progress, hlog);
        reporter.start();
        if (config.threads() == ThreadModel.ONE_THREAD) {
            runOneThread();
        } else {
            runWithSender();
        }
        reporter.finish();
        long recorded = Math.max(0, done - warmup);
        double seconds = firstRecordedIntended < 0 ? Double.NaN : (lastEnd - firstRecordedIntended) / 1e9;
        return new LatencyResult(config, reporter.totals, recorded, total - done, lateStarts, maxLateness, senderLate,
                recorded / seconds);
    }

    private void runOneThread() {
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        for (long i = 0; i < total; i++) {
            long intended = start + schedule.next();
            if (waitUntil(intended) > deadline) {
                return;
            }
            runAndRecord(i, intended);
        }
    }

    private void runWithSender() throws InterruptedException {
        SpscArrayQueue<Object> queue = new SpscArrayQueue<>(QUEUE_CAPACITY_COMMANDS);
        Thread sender = new Thread(() -> send(queue), "latency-sender");
        sender.setDaemon(true);
        sender.start();
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        for (long i = 0; i < total; i++) {
            long intended = start + schedule.next();
            for (int idleRounds = 0; queue.poll() == null; idleRounds++) {
                if (System.nanoTime() > deadline) {
                    sender.interrupt();
                    sender.join();
                    return;
                }
                idle(idleRounds);
            }
            runAndRecord(i, intended);
        }
        sender.join();
    }

    /**
     * The sender: sleeps until the next intended time, then releases every command whose time has come.
     * Sleeping instead of spinning leaves the machine's cores to the
     * component, the JIT and the GC; the cost is that a release can trail its intended time by a park's
     * wake-up (tens of µs), which the intended view counts, as it would for a real client.
     */
    private void send(SpscArrayQueue<Object> queue) {
        Schedule schedule = new Schedule(config.arrivals(), config.ratePerSecond(), config.seed());
        long late = 0;
        long next = start + schedule.next();
        for (long i = 0; i < total && !Thread.currentThread().isInterrupted(); ) {
            long now = System.nanoTime();
            if (now < next) {
                LockSupport.parkNanos(next - now);
                continue;
            }
            for (; i < total && next <= now; i++, next = start + schedule.next()) {
                while (!queue.offer(TOKEN)) {
                    if (System.nanoTime() > deadline) {
                        senderLate = late;
                        return;
                    }
                    Thread.onSpinWait();
                }
                if (i >= warmup && now - next > lateAfterNanos) {
                    late++;
                }
            }
        }
        senderLate = late;
    }

    private void runAndRecord(long sequence, long intended) {
        long begin = System.nanoTime();
        task.run(sequence);
        long end = System.nanoTime();
        done = sequence + 1;
        if (sequence < warmup) {
            return;
        }
        if (firstRecordedIntended < 0) {
            firstRecordedIntended = intended;
        }
        lastEnd = end;
        long lateness = begin - intended;
        if (lateness > lateAfterNanos) {
            lateStarts++;
        }
        maxLateness = Math.max(maxLateness, lateness);
        record(TimingMode.SERVICE, end - begin);
        record(TimingMode.INTENDED, end - intended);
        long batchStart = start + (intended - start) / NANOS_PER_SECOND * NANOS_PER_SECOND;
        record(TimingMode.BATCH, end - batchStart);
    }

    private void record(TimingMode mode, long nanos) {
        SingleWriterRecorder recorder = recorders.get(mode);
        if (recorder != null) {
            recorder.recordValue(Math.max(0, nanos));
        }
    }

    /** Parks, then spins, until {@code target}; returns the time it woke. */
    private static long waitUntil(long target) {
        return IdleStrategy.waitUntil(target, PARK_BEYOND_NANOS, SPIN_LAST_NANOS);
    }

    /**
     * Backs off while the queue stays empty: spin, then yield the core to any other runnable thread. The
     * thread never sleeps (measured here: parking and being unparked by the sender added ~30 µs at p50 and
     * more at p99 than yielding), so on 2 cores it keeps one busy while the sender sleeps on the other.
     */
    private static void idle(int rounds) {
        IDLE.idle(rounds);
    }

    /** Once a second: swap interval histograms, add them to the totals, log them, report progress. */
    private final class Reporter extends Thread {
        final Map<TimingMode, Histogram> totals = new EnumMap<>(TimingMode.class);
        private final Map<TimingMode, Histogram> recycled = new EnumMap<>(TimingMode.class);
        private final Progress progress;
        private final HistogramLogWriter hlog;
        private volatile boolean running = true;

        Reporter(Progress progress, HistogramLogWriter hlog) {
            super("latency-reporter");
            setDaemon(true);
            this.progress = progress;
            this.hlog = hlog;
            for (TimingMode mode : config.modes()) {
                totals.put(mode, new Histogram(3));
            }
            if (hlog != null) {
                long nowMillis = System.currentTimeMillis();
                hlog.outputLogFormatVersion();
                hlog.outputStartTime(nowMillis);
                hlog.setBaseTime(nowMillis);
                hlog.outputBaseTime(nowMillis);
                hlog.outputComment("latency in nanoseconds; one interval per second per mode, tagged service, batch or intended");
                hlog.outputLegend();
            }
        }

        @Override
        public void run() {
            long startMillis = System.currentTimeMillis();
            while (running) {
                LockSupport.parkNanos(this, TimeUnit.SECONDS.toNanos(1));
                if (running) {
                    long count = sample();
                    if (progress != null) {
                        TimingMode shown = totals.containsKey(TimingMode.INTENDED) ? TimingMode.INTENDED
                                : totals.keySet().iterator().next();
                        progress.second((System.currentTimeMillis() - startMillis) / 1000.0, count,
                                totals.get(shown).getValueAtPercentile(99) / 1000.0);
                    }
                }
            }
        }

        /** Moves each mode's interval into the totals and the log; returns the interval's command count. */
        private synchronized long sample() {
            long count = 0;
            for (Map.Entry<TimingMode, SingleWriterRecorder> entry : recorders.entrySet()) {
                TimingMode mode = entry.getKey();
                Histogram interval = entry.getValue().getIntervalHistogram(recycled.get(mode));
                recycled.put(mode, interval);
                totals.get(mode).add(interval);
                count = interval.getTotalCount();
                if (hlog != null && interval.getTotalCount() > 0) {
                    interval.setTag(mode.id());
                    hlog.outputIntervalHistogram(interval);
                }
            }
            return count;
        }

        void finish() throws InterruptedException {
            running = false;
            LockSupport.unpark(this);
            join();
            sample();
        }
    }
}
