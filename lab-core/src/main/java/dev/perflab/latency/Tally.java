package dev.perflab.latency;

import org.HdrHistogram.SingleWriterRecorder;

/**
 * What the component thread records for one phase of a run (warm-up or recorded): one recorder per timing
 * mode and the lateness facts. {@link LatencyHarness} keeps two and picks one per command by arithmetic on
 * the sequence number, so warm-up runs exactly the code the recorded phase runs; the warm-up tally is
 * thrown away.
 *
 * <p>Recorders have a fixed range ({@link #HIGHEST_TRACKABLE_NANOS}) and values are clamped into it without
 * a branch: an auto-resizing histogram grows (allocates, and takes a never-profiled path) the first time a
 * stall is longer than any before, which would stall the run again.
 *
 * <p>Threads: written only by the component thread; the recorders' interval histograms are taken by the
 * reporter thread ({@link SingleWriterRecorder} allows that). The plain fields are read after the run.
 */
final class Tally {
    /** Latencies above an hour are recorded as an hour (a run's deadline is 3× its plan + 5 s). */
    static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;

    /** Indexed by {@link TimingMode#ordinal()}; null for a mode the run does not record. */
    final SingleWriterRecorder[] recorders = new SingleWriterRecorder[TimingMode.values().length];
    private final long lateAfterNanos;
    long lateStarts;
    long maxLateness;
    long lastIntended;
    long lastEnd;

    Tally(Iterable<TimingMode> modes, long lateAfterNanos) {
        for (TimingMode mode : modes) {
            recorders[mode.ordinal()] = newRecorder();
        }
        this.lateAfterNanos = lateAfterNanos;
    }

    static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    /** One command: started at {@code begin}, ended at {@code end}, intended to start at {@code intended}. */
    void record(long intended, long begin, long end, long batchStart) {
        long lateness = begin - intended;
        lateStarts += Branchless.oneIfAbove(lateness, lateAfterNanos);
        maxLateness = Branchless.max(maxLateness, lateness);
        lastIntended = intended;
        lastEnd = end;
        record(TimingMode.SERVICE, end - begin);
        record(TimingMode.INTENDED, end - intended);
        record(TimingMode.BATCH, end - batchStart);
    }

    private void record(TimingMode mode, long nanos) {
        SingleWriterRecorder recorder = recorders[mode.ordinal()];
        // Which modes are recorded is fixed for the run: this branch never changes direction.
        if (recorder != null) {
            recorder.recordValue(Branchless.clamp(nanos, HIGHEST_TRACKABLE_NANOS));
        }
    }
}
