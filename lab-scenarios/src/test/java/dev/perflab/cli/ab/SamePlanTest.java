package dev.perflab.cli.ab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which calibrations {@code --merge} tables together ({@link AbCalibration#samePlan}): the same selection line, or the
 * same but for what they planted when one planted nothing; never two that planted in different rows, measured a real
 * change, or differ in anything else.
 */
class SamePlanTest {
    private static final String LOOKS = "ab --quick, 4 pairs (looks at 4, 8, 16, 32, 64 pairs, each interval at 99% while a row is undecided;"
            + " budget 15 min 00 s), threshold 5%, 95% confidence, 1 rows + 1 rulers";
    private static final String AA = LOOKS + "; nothing planted";
    private static final String PLANTED = LOOKS + "; planted in ShaExecutorBenchmark.executeFrame {rung=r12-matched-batches}";

    @Test
    void anAaOnlyCalibrationMergesWithOneThatPlantedEitherWayRound() {
        assertTrue(AbCalibration.samePlan(AA, AA));
        assertTrue(AbCalibration.samePlan(PLANTED, PLANTED));
        assertTrue(AbCalibration.samePlan(AA, PLANTED));
        assertTrue(AbCalibration.samePlan(PLANTED, AA));
    }

    @Test
    void anythingElseThatDiffersIsRefused() {
        assertFalse(AbCalibration.samePlan(PLANTED, LOOKS + "; planted in ShaExecutorBenchmark.executeFrame {rung=r11-thread-local-digest}"));
        assertFalse(AbCalibration.samePlan(AA, LOOKS + "; head abc123 against base"));
        assertFalse(AbCalibration.samePlan(AA, AA.replace("4, 8, 16, 32, 64 pairs, each interval at 99%", "4, 8, 16, 32 pairs, each interval at 98.75%")));
        assertFalse(AbCalibration.samePlan(AA, PLANTED.replace("threshold 5%", "threshold 3%")));
        assertFalse(AbCalibration.samePlan(AA.replace("--quick", "--full"), PLANTED));
    }
}
