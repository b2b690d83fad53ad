package dev.perflab.ab;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Head over base for one row, from its pairs of forks: each pair is one base fork and one head fork run back to
 * back, so what drifted on the machine between pairs cancels in the pair's ratio. The ratio is the geometric
 * mean of the pairs' ratios, {@code exp(mean ln(h/b))}; its interval a paired Student's t interval on the
 * logarithms, {@code exp(mean ± t(1 − α/2, n − 1) · s / √n)}, with t from Apache Commons Math.
 *
 * @param ratio  head/base of the score (above 1: a higher score in head)
 * @param low    the interval's lower end
 * @param high   its upper end
 * @param pairs  how many pairs it comes from
 * @param logSd  the spread of the pairs' ln(head/base): the noise one pair of forks carries
 */
public record PairedRatio(double ratio, double low, double high, int pairs, double logSd) {
    /** The least number of pairs an interval can come from (one degree of freedom). */
    public static final int MIN_PAIRS = 2;

    /**
     * @param base       each pair's base fork score, in pair order
     * @param head       each pair's head fork score, in the same order
     * @param confidence the interval's coverage, e.g. 0.95
     * @throws IllegalArgumentException for fewer than {@link #MIN_PAIRS} pairs, unequal lists, or a score that is
     *                                  not positive and finite
     */
    public static PairedRatio of(List<Double> base, List<Double> head, double confidence) {
        if (base.size() != head.size() || base.size() < MIN_PAIRS) {
            throw new IllegalArgumentException("need at least " + MIN_PAIRS + " pairs of forks, got " + base.size()
                    + " base and " + head.size() + " head scores");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, was " + confidence);
        }
        SummaryStatistics logs = new SummaryStatistics();
        for (int i = 0; i < base.size(); i++) {
            double b = base.get(i);
            double h = head.get(i);
            if (!(b > 0 && h > 0 && Double.isFinite(b) && Double.isFinite(h))) {
                throw new IllegalArgumentException("pair " + (i + 1) + " has a score that is not positive: base " + b
                        + ", head " + h);
            }
            logs.addValue(Math.log(h / b));
        }
        int n = base.size();
        double mean = logs.getMean();
        double sd = logs.getStandardDeviation();
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double half = t * sd / Math.sqrt(n);
        return new PairedRatio(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n, sd);
    }

    /**
     * Whether the interval is wider than the threshold on either side of the ratio: {@code high/low > (1 + t)²}, so
     * it cannot yet tell a move the threshold counts from none. {@code ab --max-pairs} gives such a row more pairs.
     * The rule looks at the interval's width only, never at where the ratio lies: a run that stopped as soon as a
     * verdict appeared would give each A/A row a new chance of a false positive with every added pair (docs/ab.md
     * has the simulation). The width depends on the pairs' spread, not on their mean.
     *
     * <pre>
     *   threshold 5%:       ratio/1.05 ·········· ratio ·········· ratio·1.05
     *   narrow enough:            [ 0.97 ─────── 1.00 ─────── 1.03 ]
     *   too wide:         [ 0.93 ─────────────── 1.00 ─────────────── 1.07 ]
     * </pre>
     *
     * @param threshold e.g. 0.05
     */
    public boolean widerThan(double threshold) {
        return Math.log(high / low) / 2 > Math.log1p(threshold);
    }

    /**
     * How the interval is made, in words, for the verdict JSON's {@code method}.
     *
     * @param confidence e.g. 0.95
     * @param pairs      the pairs every row got
     * @param most       the most pairs a row got: above {@code pairs} when rows whose interval was too wide got more ({@code ab --max-pairs})
     */
    public static String method(double confidence, int pairs, int most) {
        return String.format(java.util.Locale.ROOT, "paired t interval on ln(head/base) over %d pairs of forks%s run back to"
                + " back in ABBA order (Student's t, Apache Commons Math 3.6.1), %s%% confidence; a row regressed or"
                + " improved only when the interval excludes 1 and the ratio passes the threshold", pairs,
                most > pairs ? " (up to " + most + " for a row whose interval was still wider than the threshold)" : "",
                new java.math.BigDecimal(confidence * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString());
    }
}
