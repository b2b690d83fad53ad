package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The rule {@code ab --max-pairs} stops by ({@link PairedRatio#widerThan}), on simulated rows: each pair's
 * ln(head/base) drawn from a normal distribution with a fixed seed, judged by the lab's own {@link PairedRatio} and
 * {@link AbVerdict}. Adding pairs while the interval is too wide must buy detection where the pairs are noisy
 * without adding false positives beyond what the first pairs already give. (docs/measurements has the same
 * simulation in Python over more rules, for the docs' table.)
 */
class MaxPairsRuleTest {
    private static final double THRESHOLD = 0.05;
    private static final int RUNS = 1500;

    /** One simulated row after {@code start} pairs, and more while the interval is too wide, up to {@code most}. */
    private static PairedRatio row(Random random, double meanLog, double sdLog, int start, int most) {
        List<Double> base = new ArrayList<>();
        List<Double> head = new ArrayList<>();
        while (true) {
            while (base.size() < start) {
                base.add(1.0);
                head.add(Math.exp(meanLog + sdLog * random.nextGaussian()));
            }
            PairedRatio ratio = PairedRatio.of(base, head, 0.95);
            if (base.size() >= most || !ratio.widerThan(THRESHOLD)) {
                return ratio;
            }
            start++;
        }
    }

    /** {@value #RUNS} simulated rows, always the same ones. */
    private static List<PairedRatio> rows(double meanLog, double sdLog, int start, int most) {
        Random random = new Random(1);
        List<PairedRatio> rows = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            rows.add(row(random, meanLog, sdLog, start, most));
        }
        return rows;
    }

    /** The share of rows with this verdict; with null, of rows with any verdict but no change. */
    private static double rate(double meanLog, double sdLog, int start, int most, AbVerdict counted) {
        return rows(meanLog, sdLog, start, most).stream().map(r -> AbVerdict.of(r, THRESHOLD, true))
                .filter(v -> counted == null ? v != AbVerdict.NO_CHANGE : v == counted).count() / (double) RUNS;
    }

    @Test
    void morePairsWhileTheIntervalIsTooWideAddNoFalsePositivesToTheFirstPairs() {
        double fixed = rate(0, 0.06, 8, 8, null);
        double upTo16 = rate(0, 0.06, 8, 16, null);
        assertTrue(upTo16 <= fixed + 0.005, "A/A rows called at a pair sd of 6%: 8 pairs " + fixed + ", 8 up to 16 " + upTo16
                + " (stopping at the first verdict instead calls about 2.4% here)");
        double pairs = rows(0, 0.06, 8, 16).stream().mapToInt(PairedRatio::pairs).average().orElseThrow();
        assertTrue(pairs > 8.5 && pairs < 12, "the added pairs go where the interval is too wide, not to every row: " + pairs);
        assertTrue(fixed > 0.002, "the simulation must be noisy enough to call some A/A rows at 8 pairs: " + fixed);
    }

    @Test
    void morePairsWhileTheIntervalIsTooWideFindATenPercentLossTheFirstPairsMiss() {
        double tenPercentSlower = Math.log(1 / 1.10);
        double fixed = rate(tenPercentSlower, 0.09, 8, 8, AbVerdict.REGRESSION);
        double upTo16 = rate(tenPercentSlower, 0.09, 8, 16, AbVerdict.REGRESSION);
        assertTrue(fixed < 0.85, "8 pairs at a pair sd of 9% miss a 10% loss often: found in " + fixed);
        assertTrue(upTo16 > 0.93, "8 up to 16 pairs find it: " + upTo16 + " (8 pairs: " + fixed + ")");
    }
}
