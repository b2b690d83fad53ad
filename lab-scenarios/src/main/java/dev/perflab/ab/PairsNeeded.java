package dev.perflab.ab;

import java.util.OptionalInt;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How often a row's verdict would be wrong at a given number of pairs, if its pairs were independent draws of the
 * spread a calibration measured: the model behind the calibration's "pairs the goals need" lines. It answers
 * "is this goal missed because there are too few pairs for this spread, or for another reason?" A row whose
 * measured rates are worse than the model's has something the model leaves out: drift between runs, forks in two
 * modes, a plant that realized another size.
 *
 * <p>Each pair's ln(head/base) is drawn from a normal of mean μ (0 for A/A; ln(1 + f) for a slowdown f) and sd σ.
 * A row is called changed, as {@link AbVerdict#of} calls it, when the mean of n pairs, x̄, passes the threshold,
 * |x̄| > ln(1 + t), and its paired t interval excludes 0, |x̄| > q · s / √n (q the t quantile with n − 1 degrees of
 * freedom, s the pairs' own sd). For normal draws x̄ and s are independent, and (n − 1) s² / σ² is χ² with n − 1
 * degrees of freedom, so
 *
 * <pre>
 *   P(called slower) = E over s [ P(x̄ &gt; max(ln(1 + t), q · s / √n)) ],   x̄ ~ N(μ, σ² / n)
 * </pre>
 *
 * the expectation taken over {@value #QUANTILES} equally likely values of s (the χ² distribution's quantiles at
 * the middles of as many equal slices). It is exact for normal, independent pairs up to that sum, and it keeps
 * what a formula with s = σ would lose: with few pairs, s often comes out small by chance, the interval too narrow,
 * and that is where a 95% interval's false positives come from while the threshold lets them through. Commons
 * Math gives the distributions.
 */
public final class PairsNeeded {
    /** The most pairs the model looks at: 128 forks of one row, already far more than a gate's run can spend on it. */
    public static final int MOST_PAIRS = 64;
    /**
     * Equally likely values of s the expectation sums over: against 20,000 values the rates moved by under 0.01 point
     * (2–64 pairs, sd 1–20%, thresholds 0% and 5%).
     */
    static final int QUANTILES = 400;

    private PairsNeeded() {
    }

    /** The model's rates at one number of pairs. */
    public record Rates(int pairs, double falsePositives, double detected) {
        /** Whether these rates meet both goals: ≤ {@code maxFalsePositives} and ≥ {@code minDetected}. */
        public boolean meet(double maxFalsePositives, double minDetected) {
            return falsePositives <= maxFalsePositives && detected >= minDetected;
        }
    }

    /**
     * The model's A/A false-positive rate (either direction) and its detection rate for a slowdown, at {@code pairs}.
     *
     * @param logSd      σ, the sd of one pair's ln(head/base)
     * @param threshold  the run's threshold, e.g. 0.05
     * @param confidence the interval's, e.g. 0.95
     * @param slowdown   the planted slowdown f, e.g. 0.10
     */
    public static Rates at(int pairs, double logSd, double threshold, double confidence, double slowdown) {
        double[] halfWidths = halfWidths(pairs, logSd, threshold, confidence);
        double meanSd = logSd / Math.sqrt(pairs);
        double shift = Math.log1p(slowdown);
        double floor = Math.log1p(threshold);
        double fp = 0;
        double found = 0;
        NormalDistribution unit = new NormalDistribution(null, 0, 1);
        for (double half : halfWidths) {
            double cut = Math.max(floor, half);
            fp += 2 * unit.cumulativeProbability(-cut / meanSd);
            found += unit.cumulativeProbability((shift - cut) / meanSd);
        }
        return new Rates(pairs, fp / QUANTILES, found / QUANTILES);
    }

    /**
     * The interval's half-width q · s / √n at {@value #QUANTILES} equally likely values of s (the χ² distribution's
     * quantiles at the middles of as many equal slices): what {@link #at} and {@link #noChangeShare} average over.
     */
    private static double[] halfWidths(int pairs, double logSd, double threshold, double confidence) {
        if (pairs < PairedRatio.MIN_PAIRS || !(logSd > 0) || !(threshold >= 0) || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("pairs ≥ " + PairedRatio.MIN_PAIRS + ", a positive sd, a threshold ≥ 0 and a confidence"
                    + " in (0, 1) are needed, got " + pairs + ", " + logSd + ", " + threshold + ", " + confidence);
        }
        double q = new TDistribution(null, pairs - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        ChiSquaredDistribution chi2 = new ChiSquaredDistribution(null, pairs - 1);
        double[] halfWidths = new double[QUANTILES];
        for (int k = 0; k < QUANTILES; k++) {
            double s = logSd * Math.sqrt(chi2.inverseCumulativeProbability((k + 0.5) / QUANTILES) / (pairs - 1));
            halfWidths[k] = q * s / Math.sqrt(pairs);
        }
        return halfWidths;
    }

    /**
     * The share of A/A runs (nothing changed) whose row {@code pairs} pairs call "no change": the interval x̄ ± q · s / √n
     * lies inside ±ln(1 + t), which is |x̄| ≤ ln(1 + t) − q · s / √n, summed over s as {@link #at} does. What the
     * decided goal of a calibration asks of an A/A row ({@link Calibration#MIN_DECIDED}); the looks' level is the
     * {@code confidence} to give (a run's {@link Looks#intervalConfidence()}).
     */
    public static double noChangeShare(int pairs, double logSd, double threshold, double confidence) {
        double[] halfWidths = halfWidths(pairs, logSd, threshold, confidence);
        double meanSd = logSd / Math.sqrt(pairs);
        double floor = Math.log1p(threshold);
        NormalDistribution unit = new NormalDistribution(null, 0, 1);
        double decided = 0;
        for (double half : halfWidths) {
            double room = floor - half;
            decided += room > 0 ? 2 * unit.cumulativeProbability(room / meanSd) - 1 : 0;
        }
        return decided / QUANTILES;
    }

    /** The fewest pairs, up to {@value #MOST_PAIRS}, whose {@link #noChangeShare} reaches {@code share}; empty when none does. */
    public static OptionalInt toDecideNoChange(double logSd, double threshold, double confidence, double share) {
        for (int n = PairedRatio.MIN_PAIRS; n <= MOST_PAIRS; n++) {
            if (noChangeShare(n, logSd, threshold, confidence) >= share) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    /** The largest slowdown {@link #smallestFound} looks for: twice as slow. */
    public static final double MOST_SLOWDOWN = 1.0;

    /**
     * The smallest slowdown that {@code pairs} pairs at this spread find in at least {@code minDetected} of runs,
     * to about a tenth of a point; NaN when even {@value #MOST_SLOWDOWN} × 100% is found less often. What one run's
     * verdict table calls the slowdown a row "catches": a row's "no change" rules out a loss about this large, and
     * no smaller one. With no spread at all, anything past the threshold is found.
     */
    public static double smallestFound(int pairs, double logSd, double threshold, double confidence, double minDetected) {
        if (logSd == 0) {
            return threshold;
        }
        java.util.function.DoublePredicate found = f -> at(pairs, logSd, threshold, confidence, f).detected() >= minDetected;
        if (!found.test(MOST_SLOWDOWN)) {
            return Double.NaN;
        }
        double low = threshold;
        double high = MOST_SLOWDOWN;
        while (high - low > 0.0005) { // bisection: detection grows with the slowdown
            double mid = (low + high) / 2;
            if (found.test(mid)) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /**
     * The pairs an undecided row would take to be decided if its ratio and its pairs' spread held as they are: the
     * fewest n above its pairs, up to {@value #MOST_PAIRS}, at which the interval m ± q(n) · s / √n (m = ln ratio, q
     * the t quantile with n − 1 degrees of freedom at {@code confidence}) either lies inside ±ln(1 + t) (no change) or,
     * with |m| past ln(1 + t), excludes 0 (a change). Empty when even {@value #MOST_PAIRS} would not do it: a ratio just
     * inside the threshold needs an interval narrower than its distance to it. An estimate from one run: both the ratio
     * and the spread move as pairs come.
     *
     * @param confidence the level the row's intervals are judged at (a run's {@link Looks#intervalConfidence()})
     */
    public static OptionalInt toDecide(PairedRatio ratio, double threshold, double confidence) {
        double m = Math.abs(Math.log(ratio.ratio()));
        double floor = Math.log1p(threshold);
        for (int n = ratio.pairs() + 1; n <= MOST_PAIRS; n++) {
            double q = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
            double half = q * ratio.logSd() / Math.sqrt(n);
            if (m + half <= floor || (m > floor && m - half > 0)) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The fewest pairs, up to {@value #MOST_PAIRS}, whose model rates meet both goals; empty when none does (a
     * slowdown no larger than the threshold is found in half the runs at most, however many pairs).
     */
    public static OptionalInt needed(double logSd, double threshold, double confidence, double slowdown,
                                     double maxFalsePositives, double minDetected) {
        for (int n = PairedRatio.MIN_PAIRS; n <= MOST_PAIRS; n++) {
            if (at(n, logSd, threshold, confidence, slowdown).meet(maxFalsePositives, minDetected)) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }
}
