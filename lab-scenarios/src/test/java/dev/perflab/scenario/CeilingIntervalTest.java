package dev.perflab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A ceiling with its interval, and the three verdicts of a "% of the ceiling" goal against it. */
class CeilingIntervalTest {
    /** Six one-second samples, before and after the rungs, of a loopback that moved between runs. */
    private static final CeilingInterval MOVED = CeilingInterval.of(List.of(1_700.0, 1_650.0, 1_720.0, 2_600.0, 2_700.0, 2_650.0));

    @Test
    void theIntervalIsTheMeansNotTheRange() {
        assertEquals(6, MOVED.samples());
        assertTrue(MOVED.low() < MOVED.mean() && MOVED.mean() < MOVED.high(), MOVED.toString());
        assertEquals(2_170, MOVED.mean(), 1e-9);
    }

    @Test
    void aGoalIsMetNotMetOrUndecidedWhenTheIntervalStraddlesIt() {
        // a fan-out ceiling of a quarter of it: 50% of it is about 271 MB/s at the mean
        CeilingInterval fanOut = MOVED.dividedBy(4);
        assertEquals("met", fanOut.verdict(0.5 * fanOut.high() + 1, 50));
        assertEquals("NOT met", fanOut.verdict(0.5 * fanOut.low() - 1, 50));
        assertEquals("undecided", fanOut.verdict(0.5 * fanOut.mean(), 50));
        assertTrue(fanOut.describePercent(0.5 * fanOut.mean()).startsWith("50.0% ("), fanOut.describePercent(0.5 * fanOut.mean()));
    }

    @Test
    void oneSampleHasNoIntervalAndAnExactCeilingJudgesPlainly() {
        CeilingInterval one = CeilingInterval.of(List.of(2_000.0));
        assertEquals(2_000, one.low(), 0);
        assertEquals("met", CeilingInterval.exactly(100).verdict(90, 90));
        assertEquals("NOT met", CeilingInterval.exactly(100).verdict(89.9, 90));
        assertTrue(one.describe("MB/s").contains("one sample"));
    }

    @Test
    void iperf3sSlowStartIsLeftOutOfTheSamples() {
        String json = "{\"intervals\":[{\"sum\":{\"bits_per_second\":4e9,\"omitted\":true}},{\"sum\":{\"bits_per_second\":16e9,\"omitted\":false}},"
                + "{\"sum\":{\"bits_per_second\":18e9,\"omitted\":false}}],\"end\":{\"sum_received\":{\"bits_per_second\":17e9}}}";
        Iperf3Ceiling.Result r = Iperf3Ceiling.parse(json);
        assertEquals(List.of(2_000.0, 2_250.0), r.samples());
        assertEquals(2_125.0, r.mbPerSecond(), 1e-9);
        Iperf3Ceiling.Result both = r.combine(Iperf3Ceiling.parse(json));
        assertEquals(4, both.interval().samples());
    }
}
