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
     * How the intervals are made and read, in words, for the verdict JSON's {@code method}.
     *
     * @param looks when the rows were judged, and the run's confidence
     * @param most  the most pairs a row got: above the first look's when undecided rows got more
     * @param duet  whether a pair's two forks ran at the same time ({@code ./lab ab --duet}) rather than back to back
     */
    public static String method(Looks looks, int most, boolean duet) {
        String level = Looks.percent(looks.confidence());
        String when = looks.count() == 1 ? level + " confidence"
                : "judged at " + looks.first() + " pairs and, while undecided, again at " + looks.pairs().subList(1, looks.count()).stream()
                .map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + " (the most a row got: " + most + "), each"
                + " interval at " + Looks.percent(looks.intervalConfidence()) + " so that all " + looks.count() + " looks together keep "
                + level + " (repeated confidence intervals, Bonferroni)";
        return String.format(java.util.Locale.ROOT, "paired t interval on ln(head/base) over %d pairs of forks %s"
                + " (Student's t, Apache Commons Math 3.6.1), %s; a row regressed or improved only when the interval excludes 1"
                + " and the ratio passes the threshold, no change only when the whole interval lies within the threshold, undecided"
                + " otherwise", looks.first(), duet ? "run side by side, both at once (duet)" : "run back to back in ABBA order", when);
    }
}
