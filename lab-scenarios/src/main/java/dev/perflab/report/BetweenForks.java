package dev.perflab.report;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How far a row's forks agree: the lowest and highest of the forks' mean scores, and the {@link #CONFIDENCE}
 * interval of their mean, each fork one sample (with two forks that interval is wide by nature: t is 63.7). JMH's own error pools every iteration of every fork, so when forks settle in different modes for
 * their whole run (a JIT or a scheduling state; the market-data ring's forks on some 2-core machines land ×4
 * apart) it is the spread within forks that sets the bar, and the spread between them hides in it. With several
 * forks this interval shows it; with one fork it is unknown, and the table says so.
 *
 * <pre>
 *   m_f   = mean of fork f's iterations          n forks
 *   half  = t(0.995, n − 1) · sd(m_1 … m_n) / √n     shown as ± a percentage of the mean of the m_f
 * </pre>
 *
 * Immutable; no state.
 *
 * @param forks    forks with at least one iteration
 * @param relative the interval's half-width over the mean of the fork means; NaN with fewer than two forks
 * @param lowest   the lowest fork mean (NaN without forks)
 * @param highest  the highest fork mean
 */
public record BetweenForks(int forks, double relative, double lowest, double highest) {
    /** The two-sided confidence of the interval, as the trend check's. */
    public static final double CONFIDENCE = 0.99;

    /** What a table whose rows ran one fork each says under it. */
    public static final String ONE_FORK_FOOTNOTE = "1 fork per row: the spread between forks is unknown (a fork can keep a fast "
            + "or a slow mode for its whole run); rank close rows only with several forks (./lab run --forks N, JMH -f N, or --full)";

    /** The forks of {@code row}. */
    public static BetweenForks of(Row row) {
        return ofMeans(row.forks().stream().filter(f -> !f.isEmpty())
                .map(f -> f.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))
                .toList());
    }

    /** Forks given by their mean scores (a scenario's repeated runs, one score each). */
    public static BetweenForks ofMeans(List<Double> means) {
        int n = means.size();
        double lowest = means.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double highest = means.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        if (n < 2) {
            return new BetweenForks(n, Double.NaN, lowest, highest);
        }
        double mean = means.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double half = halfWidth(means, CONFIDENCE);
        return new BetweenForks(n, mean != 0 ? half / Math.abs(mean) : Double.NaN, lowest, highest);
    }

    /**
     * The half-width of the two-sided {@code confidence} interval of the mean of {@code values}, each one sample:
     * t(n − 1) · sd / √n; NaN with fewer than two.
     */
    public static double halfWidth(List<Double> values, double confidence) {
        int n = values.size();
        if (n < 2) {
            return Double.NaN;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double variance = values.stream().mapToDouble(m -> (m - mean) * (m - mean)).sum() / (n - 1);
        return new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2) * Math.sqrt(variance / n);
    }

    /** True when the row has iterations of two forks or more. */
    public boolean several() {
        return forks >= 2;
    }

    /**
     * The cell: {@code 2.3M–9.1M, ±41% (5 forks)} (the fork means' range, then the interval of their mean), or
     * {@code 1 fork: unknown}; empty for a row without recorded iterations.
     */
    public String cell() {
        if (forks == 0) {
            return "";
        }
        if (!several()) {
            return "1 fork: unknown";
        }
        return Formats.number(lowest) + "–" + Formats.number(highest) + ", "
                + (Double.isFinite(relative) ? String.format(Locale.ROOT, "±%.0f%%", 100 * relative) : "±?") + " (" + forks + " forks)";
    }
}
