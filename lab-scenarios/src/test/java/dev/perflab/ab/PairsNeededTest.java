package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pairs' model against what it models: the verdict rule itself ({@link PairedRatio#of}, {@link AbVerdict#of})
 * applied to simulated pairs, and the one case with an answer in closed form.
 */
class PairsNeededTest {
    private static final double SD = 0.05;
    private static final double THRESHOLD = 0.05;
    private static final double CONFIDENCE = 0.95;

    /** At a 0% threshold only the interval decides, and a t interval calls exactly 1 − confidence of A/A rows changed. */
    @Test
    void withoutAThresholdTheFalsePositivesAreTheIntervalsOwnRate() {
        for (int pairs : new int[] {2, 4, 9}) {
            assertEquals(0.05, PairsNeeded.at(pairs, SD, 0, CONFIDENCE, 0.10).falsePositives(), 0.002, "pairs " + pairs);
            assertEquals(0.01, PairsNeeded.at(pairs, SD, 0, 0.99, 0.10).falsePositives(), 0.001, "pairs " + pairs);
        }
    }

    /**
     * The model against the verdict rule on 20,000 simulated rows of each kind (normal, independent pairs): the
     * simulation's rates carry about 0.3 points of standard error at most, so 1.2 points tells a wrong model.
     */
    @Test
    void theModelAgreesWithTheVerdictRuleOnSimulatedPairs() {
        SplittableRandom random = new SplittableRandom(24);
        for (int pairs : new int[] {3, 4, 8}) {
            for (double sd : new double[] {0.03, 0.05, 0.10}) {
                PairsNeeded.Rates model = PairsNeeded.at(pairs, sd, THRESHOLD, CONFIDENCE, 0.10);
                double fp = simulated(random, pairs, sd, 0, AbVerdict::moved);
                double found = simulated(random, pairs, sd, Math.log1p(0.10), v -> v == AbVerdict.REGRESSION);
                String where = pairs + " pairs, sd " + sd + ": model " + model + ", simulated A/A " + fp + ", 10% " + found;
                assertEquals(fp, model.falsePositives(), 0.012, where);
                assertEquals(found, model.detected(), 0.012, where);
            }
        }
    }

    /**
     * The share of A/A runs called "no change" agrees with the verdict rule on simulated pairs, at a single look's 95% and
     * at four looks' 98.75%; the fewest pairs for 90% of them reach it, one fewer does not, and a wider spread needs more.
     */
    @Test
    void theNoChangeShareAgreesWithTheVerdictRuleAndSaysThePairsTheDecidedGoalNeeds() {
        SplittableRandom random = new SplittableRandom(45);
        for (double level : new double[] {CONFIDENCE, 0.9875}) {
            for (int pairs : new int[] {4, 8, 16}) {
                for (double sd : new double[] {0.02, 0.05}) {
                    double model = PairsNeeded.noChangeShare(pairs, sd, THRESHOLD, level);
                    double simulated = simulated(random, pairs, sd, 0, level, v -> v == AbVerdict.NO_CHANGE);
                    assertEquals(simulated, model, 0.012, pairs + " pairs, sd " + sd + ", level " + level);
                }
            }
        }
        int n = PairsNeeded.toDecideNoChange(0.04, THRESHOLD, 0.9875, 0.90).orElseThrow();
        assertTrue(PairsNeeded.noChangeShare(n, 0.04, THRESHOLD, 0.9875) >= 0.90);
        assertTrue(PairsNeeded.noChangeShare(n - 1, 0.04, THRESHOLD, 0.9875) < 0.90);
        assertTrue(PairsNeeded.toDecideNoChange(0.08, THRESHOLD, 0.9875, 0.90).orElseThrow() > n, "a wider spread needs more pairs");
        assertTrue(PairsNeeded.toDecideNoChange(0.5, THRESHOLD, 0.9875, 0.90).isEmpty(), "a 50% spread is not decided within 64 pairs");
    }

    private static double simulated(SplittableRandom random, int pairs, double sd, double shift,
                                    java.util.function.Predicate<AbVerdict> counted) {
        return simulated(random, pairs, sd, shift, CONFIDENCE, counted);
    }

    /** The share of simulated runs of {@code pairs} pairs, shifted by {@code shift}, whose verdict at {@code level} is counted. */
    private static double simulated(SplittableRandom random, int pairs, double sd, double shift, double level,
                                    java.util.function.Predicate<AbVerdict> counted) {
        int draws = 20_000;
        int hits = 0;
        List<Double> base = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            base.add(1.0);
        }
        for (int d = 0; d < draws; d++) {
            List<Double> head = new ArrayList<>(pairs);
            for (int i = 0; i < pairs; i++) {
                head.add(Math.exp(shift + sd * gaussian(random))); // time per operation: higher is slower
            }
            if (counted.test(AbVerdict.of(PairedRatio.of(base, head, level), THRESHOLD, false))) {
                hits++;
            }
        }
        return (double) hits / draws;
    }

    private static double gaussian(SplittableRandom random) { // Box–Muller: SplittableRandom has no nextGaussian on JDK 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void morePairsFindMoreAndAWiderSpreadNeedsMorePairs() {
        double previous = 0;
        for (int pairs = 2; pairs <= 16; pairs++) {
            double found = PairsNeeded.at(pairs, SD, THRESHOLD, CONFIDENCE, 0.10).detected();
            assertTrue(found > previous, pairs + " pairs find " + found + ", fewer found " + previous);
            previous = found;
        }
        OptionalInt quiet = PairsNeeded.needed(0.03, THRESHOLD, CONFIDENCE, 0.10, 0.01, 0.95);
        OptionalInt noisy = PairsNeeded.needed(0.10, THRESHOLD, CONFIDENCE, 0.10, 0.01, 0.95);
        assertTrue(quiet.isPresent() && noisy.isPresent() && noisy.getAsInt() > quiet.getAsInt(), quiet + " " + noisy);
        int n = noisy.getAsInt();
        assertTrue(PairsNeeded.at(n, 0.10, THRESHOLD, CONFIDENCE, 0.10).meet(0.01, 0.95));
        assertTrue(!PairsNeeded.at(n - 1, 0.10, THRESHOLD, CONFIDENCE, 0.10).meet(0.01, 0.95), "the fewest: " + n);
    }

    /** A slowdown no larger than the threshold is found in at most about half the runs, however many pairs. */
    @Test
    void aThresholdAtTheSlowdownMeetsTheGoalAtNoNumberOfPairs() {
        assertTrue(PairsNeeded.needed(0.01, 0.10, CONFIDENCE, 0.10, 0.01, 0.95).isEmpty());
        assertTrue(PairsNeeded.at(PairsNeeded.MOST_PAIRS, 0.01, 0.10, CONFIDENCE, 0.10).detected() < 0.55);
    }

    /** The smallest slowdown found in 95% of runs: where the model's detection crosses 95%, and none past doubling. */
    @Test
    void theSlowdownARunCatchesIsWhereDetectionCrosses95Percent() {
        double f = PairsNeeded.smallestFound(4, 0.06, THRESHOLD, CONFIDENCE, 0.95);
        assertTrue(PairsNeeded.at(4, 0.06, THRESHOLD, CONFIDENCE, f).detected() >= 0.95, "caught at " + f);
        assertTrue(PairsNeeded.at(4, 0.06, THRESHOLD, CONFIDENCE, f - 0.002).detected() < 0.95, "and not a fifth of a point below " + f);
        assertTrue(PairsNeeded.smallestFound(16, 0.06, THRESHOLD, CONFIDENCE, 0.95) < f, "more pairs catch less");
        assertEquals(THRESHOLD, PairsNeeded.smallestFound(4, 0, THRESHOLD, CONFIDENCE, 0.95), "no spread: anything past the threshold");
        assertTrue(Double.isNaN(PairsNeeded.smallestFound(2, 0.5, THRESHOLD, CONFIDENCE, 0.95)), "2 pairs at a 50% sd: not even doubling");
    }

    /**
     * The pairs an undecided row would take: the fewest at which its interval, at its ratio and spread, would lie inside
     * the threshold (or, past it, off 1); a ratio at the threshold itself never decides.
     */
    @Test
    void anUndecidedRowSaysThePairsItWouldTake() {
        PairedRatio wide = new PairedRatio(Math.exp(-0.01), Math.exp(-0.08), Math.exp(0.06), 4, 0.06);
        int n = PairsNeeded.toDecide(wide, THRESHOLD, CONFIDENCE).orElseThrow();
        double q = new org.apache.commons.math3.distribution.TDistribution(n - 1).inverseCumulativeProbability(0.975);
        assertTrue(0.01 + q * 0.06 / Math.sqrt(n) <= Math.log1p(THRESHOLD), "at " + n + " pairs the interval is inside ±5%");
        double before = new org.apache.commons.math3.distribution.TDistribution(n - 2).inverseCumulativeProbability(0.975);
        assertTrue(0.01 + before * 0.06 / Math.sqrt(n - 1) > Math.log1p(THRESHOLD), "and not at " + (n - 1));
        assertTrue(n > 8 && n < 16, "a 6% pair sd needs about (2 · 6 / 3.9)² pairs: " + n);
        PairedRatio slower = new PairedRatio(Math.exp(-0.15), Math.exp(-0.40), Math.exp(0.10), 3, 0.10);
        assertEquals(OptionalInt.of(5), PairsNeeded.toDecide(slower, THRESHOLD, CONFIDENCE), "15% slower at a 10% sd: off 1 at 5 pairs");
        PairedRatio justInside = new PairedRatio(1 / 1.0495, 0.9, 1.01, 8, 0.05);
        assertTrue(PairsNeeded.toDecide(justInside, THRESHOLD, CONFIDENCE).isEmpty(), "just inside the threshold: more pairs than a run gives");
        PairedRatio justPast = new PairedRatio(1 / 1.0505, 0.9, 1.01, 8, 0.05);
        assertTrue(PairsNeeded.toDecide(justPast, THRESHOLD, CONFIDENCE).orElseThrow() < 16, "just past it: a regression once off 1");
        assertTrue(PairsNeeded.toDecide(wide, THRESHOLD, 0.9875).orElseThrow() > n, "a stricter level takes more pairs");
    }

    @Test
    void nonsenseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairsNeeded.at(1, SD, THRESHOLD, CONFIDENCE, 0.10));
        assertThrows(IllegalArgumentException.class, () -> PairsNeeded.at(4, 0, THRESHOLD, CONFIDENCE, 0.10));
        assertThrows(IllegalArgumentException.class, () -> PairsNeeded.at(4, SD, THRESHOLD, 1.0, 0.10));
    }
}
