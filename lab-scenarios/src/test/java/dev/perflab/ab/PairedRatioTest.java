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

    @Test
    void fewerThanTwoPairsOrAZeroScoreAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0), List.of(1.0), 0.95));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0, 0.0), List.of(1.0, 1.0), 0.95));
        assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(List.of(1.0, 2.0), List.of(1.0), 0.95));
    }
}
