package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The paired interval and the verdicts, on numbers worked by hand. Student's t quantiles from the tables:
 * t(0.975, 3) = 3.182446, t(0.995, 3) = 5.840909.
 */
class PairedRatioTest {
    private static final List<Double> BASE = List.of(100.0, 100.0, 100.0, 100.0);

    @Test
    void theRatioIsTheGeometricMeanOfThePairsAndTheIntervalAPairedT() {
        List<Double> head = List.of(90.0, 92.0, 88.0, 90.0);
        PairedRatio r = PairedRatio.of(BASE, head, 0.95);
        double[] d = {Math.log(0.90), Math.log(0.92), Math.log(0.88), Math.log(0.90)};
        double mean = (d[0] + d[1] + d[2] + d[3]) / 4;
        double ss = 0;
        for (double x : d) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / 3);
        assertEquals(Math.exp(mean), r.ratio(), 1e-12);
        assertEquals(Math.exp(mean - 3.182446 * sd / 2), r.low(), 1e-6);
        assertEquals(Math.exp(mean + 3.182446 * sd / 2), r.high(), 1e-6);
        assertEquals(4, r.pairs());
        assertEquals(sd, r.logSd(), 1e-12);
        PairedRatio wider = PairedRatio.of(BASE, head, 0.99);
        assertEquals(Math.exp(mean - 5.840909 * sd / 2), wider.low(), 1e-6);
    }

    @Test
    void aRegressionNeedsTheThresholdAndTheInterval() {
        PairedRatio slower = PairedRatio.of(BASE, List.of(90.0, 92.0, 88.0, 90.0), 0.95);
        assertEquals(AbVerdict.REGRESSION, AbVerdict.of(slower, 0.05, true), "10% slower, tight: a regression at 5%");
        assertEquals(AbVerdict.NO_CHANGE, AbVerdict.of(slower, 0.15, true), "below a 15% threshold");
        PairedRatio noisy = PairedRatio.of(BASE, List.of(70.0, 120.0, 75.0, 115.0), 0.95);
        assertTrue(noisy.ratio() < 1 / 1.05, "the point is 7.8% slower: " + noisy);
        assertTrue(noisy.high() > 1, noisy.toString());
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.of(noisy, 0.05, true), "past the threshold but the interval reaches 1");
        PairedRatio faster = PairedRatio.of(BASE, List.of(120.0, 118.0, 121.0, 119.0), 0.95);
        assertEquals(AbVerdict.IMPROVEMENT, AbVerdict.of(faster, 0.05, true));
    }

    @Test
    void timePerOperationTurnsTheDirectionOver() {
        PairedRatio longer = PairedRatio.of(BASE, List.of(110.0, 112.0, 109.0, 111.0), 0.95);
        assertEquals(AbVerdict.REGRESSION, AbVerdict.of(longer, 0.05, false), "ns/op up 10%: slower");
        assertEquals(AbVerdict.IMPROVEMENT, AbVerdict.of(longer, 0.05, true), "ops/s up 10%: faster");
        assertTrue(AbRow.higherIsBetter("ops/s", "thrpt"));
        assertTrue(!AbRow.higherIsBetter("ns/op", "avgt") && !AbRow.higherIsBetter("us/op", "sample"));
    }

    /** Slower by the threshold t means time × (1 + t): at exactly 5% slower a 5% threshold does not fire, just past it does. */
    @Test
    void theThresholdIsInTimePerOperation() {
        PairedRatio atThreshold = PairedRatio.of(BASE, List.of(100 / 1.049, 100 / 1.049, 100 / 1.0491, 100 / 1.0489), 0.95);
        assertEquals(AbVerdict.NO_CHANGE, AbVerdict.of(atThreshold, 0.05, true));
        PairedRatio past = PairedRatio.of(BASE, List.of(100 / 1.052, 100 / 1.052, 100 / 1.0521, 100 / 1.0519), 0.95);
        assertEquals(AbVerdict.REGRESSION, AbVerdict.of(past, 0.05, true));
    }

    /**
     * "No change" is shown, as a two-one-sided test shows an equivalence: the whole interval inside the threshold on both
     * sides of 1. An interval that reaches past it, on either side, is undecided, wherever its ratio lies.
     */
    @Test
    void noChangeNeedsTheWholeIntervalWithinTheThreshold() {
        PairedRatio tight = PairedRatio.of(BASE, List.of(99.0, 101.0, 100.0, 100.5), 0.95);
        assertTrue(tight.low() > 1 / 1.05 && tight.high() < 1.05, tight.toString());
        assertEquals(AbVerdict.NO_CHANGE, AbVerdict.of(tight, 0.05, true));
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.of(tight, 0.005, true), "not within ±0.5%: " + tight);
        PairedRatio wide = PairedRatio.of(BASE, List.of(96.0, 104.0, 93.0, 101.0), 0.95);
        assertTrue(wide.low() < 1 / 1.05 && wide.high() < 1.15, wide.toString());
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.of(wide, 0.05, true), "a 5% loss is inside the interval: " + wide);
        assertEquals(AbVerdict.NO_CHANGE, AbVerdict.of(wide, 0.15, true), "a 15% one is not");
        PairedRatio slightlySlower = PairedRatio.of(BASE, List.of(97.0, 97.5, 96.5, 97.2), 0.95);
        assertTrue(slightlySlower.high() < 1 && slightlySlower.low() > 1 / 1.05, slightlySlower.toString());
        assertEquals(AbVerdict.NO_CHANGE, AbVerdict.of(slightlySlower, 0.05, true), "slower for sure, and by less than 5% for sure");
        PairedRatio maybeSlower = PairedRatio.of(BASE, List.of(97.0, 95.0, 96.0, 94.0), 0.95);
        assertTrue(maybeSlower.high() < 1 && maybeSlower.low() < 1 / 1.05 && maybeSlower.ratio() > 1 / 1.05, maybeSlower.toString());
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.of(maybeSlower, 0.05, true), "slower for sure, but maybe by more than 5%");
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.of(maybeSlower, 0.05, false), "the same read as time per operation");
        assertFalse(AbVerdict.UNDECIDED.moved() || AbVerdict.NO_CHANGE.moved());
        assertTrue(AbVerdict.REGRESSION.moved() && AbVerdict.IMPROVEMENT.moved());
        assertEquals(AbVerdict.UNDECIDED, AbVerdict.ofLabel("undecided"));
    }

    /**
     * The sign test's ranks, worked by hand: P(Binomial(24, ½) ≤ 5) = 55,455 / 2^24 = 0.0033 and ≤ 6 is 0.0113, so at
     * 98.33% (α/2 = 0.0083) the interval runs from the 6th ratio to the 19th; at 95%, 12 pairs give the 3rd to the 10th
     * (P(≤ 2) = 79 / 4,096 = 0.019, P(≤ 3) = 0.073); 5 pairs cannot bound a median at 95% (2^−5 = 0.031 > 0.025).
     */
    @Test
    void theSignTestsRanksAreTheBinomialsAndTooFewPairsBoundNothing() {
        assertEquals(6, PairedRatio.signTestRank(24, 1 - 0.05 / 3));
        assertEquals(3, PairedRatio.signTestRank(12, 0.95));
        assertEquals(1, PairedRatio.signTestRank(6, 0.95));
        assertEquals(0, PairedRatio.signTestRank(5, 0.95));
        assertEquals(6, PairedRatio.signTestPairs(0.95));
        assertEquals(7, PairedRatio.signTestPairs(1 - 0.05 / 3));
        PairedRatio five = PairedRatio.median(List.of(1.0, 1.0, 1.0, 1.0, 1.0), List.of(0.9, 0.95, 1.0, 1.05, 1.1), 0.95);
        assertEquals(1.0, five.ratio(), 1e-12);
        assertEquals(0, five.low());
        assertEquals(Double.POSITIVE_INFINITY, five.high());
    }

    /**
     * Twelve pairs, ten of them within 2% of ×0.95 and two with one fork in a mode ×3 away (one each way): the t interval
     * reaches from below ×0.75 to past ×1.25, the median's runs from the 3rd ratio to the 10th, inside the ten.
     */
    @Test
    void aForkInAnotherModeMovesTheMediansIntervalByOnePlaceNotByItsDistance() {
        List<Double> base = java.util.Collections.nCopies(12, 100.0);
        List<Double> head = List.of(95.0, 94.0, 96.0, 93.5, 95.5, 300.0, 94.5, 96.5, 95.0, 33.0, 94.0, 96.0);
        PairedRatio t = PairedRatio.of(base, head, 0.95);
        assertTrue(t.low() < 0.75 && t.high() > 1.25, t.toString());
        PairedRatio median = PairedRatio.median(base, head, 0.95);
        assertEquals(0.95, median.ratio(), 1e-12);
        assertEquals(0.94, median.low(), 1e-12, "3rd of 0.33, 0.935, 0.94, 0.94, 0.945, 0.95, 0.95, 0.955, 0.96, 0.96, 0.965, 3.0");
        assertEquals(0.96, median.high(), 1e-12, "the 10th");
        assertEquals(12, median.pairs());
    }

    @Test
    void fewerThanTwoPairsOrAZeroScoreAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0), List.of(1.0), 0.95));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0, 0.0), List.of(1.0, 1.0), 0.95));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0, 2.0), List.of(1.0), 0.95));
    }
}
