package dev.perflab.latency;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The platform's own stalls, measured beside every latency run: jHiccup's idea. A thread sleeps
 * {@link #SLEEP_NANOS} again and again and records how much later than asked it woke. Whatever stopped it
 * (a GC or other safepoint, the OS running something else, a VM steal) would have stopped any thread, so a
 * reader can tell a machine stall from the component's: a 20 ms intended p99 beside a 0.3 ms hiccup max
 * belongs to the component or the harness, not to the machine.
 *
 * <p>Why not the jHiccup library: it is a command-line tool and java agent (options parsed from argv, logs
 * written to files, {@code System.exit} on a bad option); its recorder is an inner class of that tool.
 *
 * <p>What it records: raw wake-up delays (the OS's normal timer slack, tens of µs, included), clamped to
 * [0, 1 h], into one recorder per phase picked by time as the harness does ({@link LatencyHarness#WARMUP},
 * {@link LatencyHarness#RECORDED}); only the recorded phase is reported. {@link #recorded()} corrects for
 * coordinated omission as jHiccup does: a 30 ms stall also stands for the 29 wake-ups it prevented.
 *
 * <p>Threads: its own daemon thread records; the harness's reporter takes interval histograms.
 */
final class HiccupMeter extends Thread {
    /** jHiccup's default resolution. */
    static final long SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    static final String THREAD = "latency-hiccup-meter";

    final SingleWriterRecorder[] byPhase = {Tally.newRecorder(), Tally.newRecorder()};
    private final long recordFrom;
    private final Histogram total = new Histogram(Tally.SIGNIFICANT_DIGITS);
    private Histogram recycled;
    private Histogram recycledWarmup;
    /** Largest warm-up wake-up delay discarded since the last {@link #sample()}, so warm-up seconds show theirs. */
    private long warmupMaxSinceSample;
    private long lastSecondMax;
    private volatile boolean running = true;

    /** @param recordFrom {@link System#nanoTime()} at which the recorded phase starts */
    HiccupMeter(long recordFrom) {
        super(THREAD);
        setDaemon(true);
        this.recordFrom = recordFrom;
    }

    @Override
    public void run() {
        while (running) {
            long before = System.nanoTime();
            try {
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(SLEEP_NANOS));
            } catch (InterruptedException e) {
                return;
            }
            long woke = System.nanoTime();
            long late = Branchless.clamp(woke - before - SLEEP_NANOS, Tally.HIGHEST_TRACKABLE_NANOS);
            byPhase[(int) ((woke - recordFrom) >>> 63)].recordValue(late);
        }
    }

    /** Reporter thread: moves the recorded phase's latest interval into the total; returns that interval. */
    synchronized Histogram sample() {
        Histogram interval = byPhase[LatencyHarness.RECORDED].getIntervalHistogram(recycled);
        recycled = interval;
        total.add(interval);
        lastSecondMax = Math.max(interval.getMaxValue(), warmupMaxSinceSample);
        warmupMaxSinceSample = 0;
        return interval;
    }

    /** The worst wake-up delay since the sample before the last {@link #sample()}, warm-up included, in ns. */
    synchronized long lastSecondMaxNanos() {
        return lastSecondMax;
    }

    /** Reporter thread, warm-up only: discards the warm-up interval, so both recorders' phases flip as often. */
    synchronized void discardWarmup() {
        recycledWarmup = byPhase[LatencyHarness.WARMUP].getIntervalHistogram(recycledWarmup);
        warmupMaxSinceSample = Math.max(warmupMaxSinceSample, recycledWarmup.getMaxValue());
    }

    void finish() throws InterruptedException {
        running = false;
        interrupt();
        join();
    }

    /** The recorded phase, corrected for coordinated omission with the sleep as the expected interval. */
    synchronized Histogram recorded() {
        return total.copyCorrectedForCoordinatedOmission(SLEEP_NANOS);
    }
}
