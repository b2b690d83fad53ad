package dev.perflab.sha;

/**
 * student — EXERCISE "stop losing counts": your executor counter, for the SHA-256 pipeline's
 * {@code student} rung (r0 with this counter instead of its own, {@link CountPolicy#EXERCISE}).
 *
 * <p><b>The task.</b> The executor's workers call {@link #add} at once from many threads, each time one of
 * them has digested {@code n} tasks; when the input ends, the reader thread calls {@link #get} (after the
 * pool has terminated) and sends the figure to the collector in its end frame. The report's first version
 * lost counts here (step 1: the collector received more results than the executor said it executed).
 * Write a counter that never loses an add, whichever threads call it and however often.
 *
 * <pre>
 *   worker 1 ──add(n)──┐
 *   worker 2 ──add(n)──┼──▶ this counter ──get()──▶ reader thread ──end frame(total)──▶ collector
 *   worker k ──add(n)──┘
 * </pre>
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check sha-pipeline --rung student       # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run sha-pipeline --rung r0,student      # your rung's end-to-end throughput beside r0's
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r0's counter, {@link CountPolicy#ATOMIC}) are in
 * {@code exercises/README.md}.
 */
public final class StudentCounter implements CountPolicy.TaskCounter {

    /**
     * TODO (exercise): count {@code n} more executed tasks. Called by every worker thread, at once.
     */
    @Override
    public void add(long n) {
        throw new UnsupportedOperationException("StudentCounter.add is not written yet: count n executed tasks so "
                + "that no add from any worker thread is lost; see exercises/README.md");
    }

    /**
     * TODO (exercise): the tasks counted so far. Called by the reader thread once the workers are done.
     * (It returns 0 until you write it, so that the executor can still finish and report.)
     */
    @Override
    public long get() {
        return 0;
    }
}
