package dev.perflab.latency;

/**
 * Integer helpers without a conditional branch, for the per-command path of {@link LatencyHarness}.
 *
 * <p>Why: C2 compiles a branch that its profile never saw taken as an "uncommon trap". The first time it
 * is taken the compiled loop is thrown away ({@code jdk.Deoptimization}, reason {@code unstable_if}) and
 * runs interpreted until it is compiled again: on 16 cores at 1,000,000 commands/s that was 10–37 ms of
 * stall, charged to the component. Rare facts (a late start, a new maximum, warm-up ending) are therefore
 * computed with arithmetic, not with {@code if}. Values are nanoseconds far from overflow.
 */
final class Branchless {
    private Branchless() {
    }

    /** 1 if {@code value > limit}, else 0. */
    static long oneIfAbove(long value, long limit) {
        return (limit - value) >>> 63;
    }

    /** The larger of two values. */
    static long max(long a, long b) {
        long difference = a - b;
        return a - (difference & (difference >> 63));
    }

    /** {@code value} limited to [0, highest]. */
    static long clamp(long value, long highest) {
        long positive = value & ~(value >> 63);
        long over = highest - positive;
        return positive + (over & (over >> 63));
    }

    /** {@link LatencyHarness#WARMUP} (1) for sequence numbers below {@code warmup}, else {@link LatencyHarness#RECORDED} (0). */
    static int phase(long sequence, long warmup) {
        return (int) ((sequence - warmup) >>> 63);
    }
}
