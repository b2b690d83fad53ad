package dev.perflab.scenario;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A ceiling measured several times (iperf3's one-second intervals, JMH's iterations), before and after the rungs,
 * as the {@link #CONFIDENCE} interval of its mean; and what a "% of the ceiling" goal says against it: met, not
 * met, or undecided when the interval straddles the goal. One sample of a ceiling that moved 1,603–2,759 MB/s
 * between runs made a verdict of one run's luck.
 *
 * <pre>
 *   mean = x̄ of the n samples      interval = x̄ ± t(1 − α/2, n − 1) · s / √n
 *   a rate r against a goal of g% of the ceiling:
 *     met        r / high ≥ g     (even the highest ceiling in the interval is reached)
 *     NOT met    r / low  <  g     (even the lowest one is not)
 *     undecided  otherwise
 * </pre>
 *
 * Immutable.
 *
 * @param mean    the mean of the samples
 * @param low     the interval's lower end (the mean when there is one sample)
 * @param high    its upper end
 * @param samples how many samples
 */
public record CeilingInterval(double mean, double low, double high, int samples) {
    /** The two-sided confidence of the interval. */
    public static final double CONFIDENCE = 0.99;

    /** The interval of the mean of {@code samples} (finite values only); NaN throughout when there are none. */
    public static CeilingInterval of(List<Double> samples) {
        double[] x = samples.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).toArray();
        int n = x.length;
        if (n == 0) {
            return new CeilingInterval(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double mean = java.util.Arrays.stream(x).average().orElse(Double.NaN);
        if (n == 1) {
            return new CeilingInterval(mean, mean, mean, 1);
        }
        double variance = java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (n - 1);
        double half = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * Math.sqrt(variance / n);
        return new CeilingInterval(mean, Math.max(0, mean - half), mean + half, n);
    }

    /** A ceiling known exactly (a link's configured rate). */
    public static CeilingInterval exactly(double value) {
        return new CeilingInterval(value, value, value, 1);
    }

    /** This ceiling divided by {@code divisor} (the fan-out ceiling: the parallel streams ÷ (1 + K)). */
    public CeilingInterval dividedBy(double divisor) {
        return new CeilingInterval(mean / divisor, low / divisor, high / divisor, samples);
    }

    public boolean measured() {
        return samples > 0 && Double.isFinite(mean);
    }

    /** {@code rate} as a percentage of the mean, and of the interval's ends: {@code {at mean, lowest, highest}}. */
    public double[] percentOf(double rate) {
        return new double[] {100 * rate / mean, 100 * rate / high, low > 0 ? 100 * rate / low : Double.POSITIVE_INFINITY};
    }

    /** {@code met}, {@code NOT met} or {@code undecided}: {@code rate} against a goal of {@code goalPercent} of this ceiling. */
    public String verdict(double rate, double goalPercent) {
        double[] p = percentOf(rate);
        return p[1] >= goalPercent ? "met" : p[2] < goalPercent ? "NOT met" : "undecided";
    }

    /** {@code 61.5% (58.2–65.3%)}: a rate as a share of this ceiling, with the share's range over the interval. */
    public String describePercent(double rate) {
        double[] p = percentOf(rate);
        return samples < 2 ? String.format(Locale.ROOT, "%.1f%% (one sample: no interval)", p[0])
                : String.format(Locale.ROOT, "%.1f%% (%.1f–%.1f%%)", p[0], p[1], p[2]);
    }

    /** {@code 2,271 MB/s (2,105–2,437, 6 samples, 99% interval)}: whole numbers from 1,000 up. */
    public String describe(String unit) {
        String number = Math.abs(mean) >= 1000 ? "%,.0f" : "%,.1f";
        return samples < 2 ? String.format(Locale.ROOT, number + " %s (one sample)", mean, unit)
                : String.format(Locale.ROOT, number + " %s (" + number + "–" + number + ", %d samples, %.0f%% interval)", mean, unit,
                low, high, samples, CONFIDENCE * 100);
    }
}
