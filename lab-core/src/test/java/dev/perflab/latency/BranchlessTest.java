package dev.perflab.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * The branch-free helpers of the per-command path agree with the plain {@code if} they replace, over
 * every value a run can produce (nanoseconds and sequence numbers well inside ±2^61), edges included.
 */
class BranchlessTest {
    private static final long RANGE = 1L << 61;

    @Property
    void oneIfAboveIsTheComparison(@ForAll @LongRange(min = -RANGE, max = RANGE) long value,
                                   @ForAll @LongRange(min = 0, max = RANGE) long limit) {
        assertEquals(value > limit ? 1 : 0, Branchless.oneIfAbove(value, limit));
        assertEquals(0, Branchless.oneIfAbove(limit, limit));
        assertEquals(1, Branchless.oneIfAbove(limit + 1, limit));
    }

    @Property
    void maxIsMathMax(@ForAll @LongRange(min = -RANGE, max = RANGE) long a,
                      @ForAll @LongRange(min = -RANGE, max = RANGE) long b) {
        assertEquals(Math.max(a, b), Branchless.max(a, b));
    }

    @Property
    void clampLimitsToZeroAndHighest(@ForAll @LongRange(min = -RANGE, max = RANGE) long value) {
        long highest = Tally.HIGHEST_TRACKABLE_NANOS;
        assertEquals(Math.min(Math.max(value, 0), highest), Branchless.clamp(value, highest));
    }

    @Property
    void phaseIsWarmupBelowTheWarmupCountElseRecorded(@ForAll @LongRange(min = 0, max = RANGE) long sequence,
                                                      @ForAll @LongRange(min = 0, max = RANGE) long warmup) {
        assertEquals(sequence < warmup ? LatencyHarness.WARMUP : LatencyHarness.RECORDED,
                Branchless.phase(sequence, warmup));
    }
}
