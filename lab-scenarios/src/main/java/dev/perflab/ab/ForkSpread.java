package dev.perflab.ab;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * What the forks of a row say about its noise, the evidence a calibration table shows beside its rates: how far
 * whole forks differ from each other, how far iterations differ inside one fork, and how many forks' iterations
 * look like two modes (a JIT or GC state that switches inside a fork).
 *
 * <p>Two modes are judged by Sarle's bimodality coefficient of a fork's iteration scores,
 * {@code b = (g² + 1) / (k + 3(n − 1)² / ((n − 2)(n − 3)))} with g the sample skewness and k the sample excess
 * kurtosis: above 5/9 (the value of a uniform distribution) suggests two modes. It needs
 * {@value #MIN_ITERATIONS_FOR_MODES} iterations or more; forks with fewer are not judged.
 *
 * <p>The same coefficient over the scores of whole forks tells modes <em>between</em> forks: a machine where
 * each fork settles in a slow or a fast state for its whole run (the market-data ring on some 2-core machines)
 * shows steady iterations in every fork, and two groups of forks. {@link #minorMode} counts the forks of the
 * smaller group, split at the widest gap between sorted scores.
 */
public final class ForkSpread {
    /** Fewer iterations than this say nothing about modes. */
    public static final int MIN_ITERATIONS_FOR_MODES = 8;
    private static final double UNIFORM_BIMODALITY = 5.0 / 9.0;

    private ForkSpread() {
    }

    /** Coefficient of variation (sample standard deviation over mean); NaN for fewer than two values. */
    public static double cv(Collection<Double> values) {
        DescriptiveStatistics s = stats(values);
        return s.getN() < 2 ? Double.NaN : s.getStandardDeviation() / s.getMean();
    }

    /** The median; NaN for none. Values that are NaN are left out. */
    public static double median(Collection<Double> values) {
        DescriptiveStatistics s = stats(values);
        return s.getN() == 0 ? Double.NaN : s.getPercentile(50);
    }

    /** True when the iterations of one fork look like two modes (see the class comment); false when too few to say. */
    public static boolean bimodal(List<Double> iterations) {
        DescriptiveStatistics s = stats(iterations);
        long n = s.getN();
        if (n < MIN_ITERATIONS_FOR_MODES || s.getStandardDeviation() == 0) {
            return false;
        }
        double g = s.getSkewness();
        double k = s.getKurtosis();
        double b = (g * g + 1) / (k + 3.0 * (n - 1) * (n - 1) / ((n - 2.0) * (n - 3.0)));
        return b > UNIFORM_BIMODALITY;
    }

    /**
     * How many of these fork scores form the smaller of two groups: 0 unless they look bimodal (as
     * {@link #bimodal} judges iterations), else the count on the smaller side of the widest gap between the
     * sorted scores (compared as logarithms, so a gap means the same at any speed).
     */
    public static int minorMode(List<Double> forkScores) {
        List<Double> sorted = new ArrayList<>(forkScores);
        sorted.removeIf(v -> v == null || v.isNaN() || v <= 0);
        if (!bimodal(sorted)) {
            return 0;
        }
        sorted.sort(null);
        int split = 1;
        double widest = -1;
        for (int i = 1; i < sorted.size(); i++) {
            double gap = Math.log(sorted.get(i)) - Math.log(sorted.get(i - 1));
            if (gap > widest) {
                widest = gap;
                split = i;
            }
        }
        return Math.min(split, sorted.size() - split);
    }

    private static DescriptiveStatistics stats(Collection<Double> values) {
        DescriptiveStatistics s = new DescriptiveStatistics();
        new ArrayList<>(values).stream().filter(v -> v != null && !v.isNaN()).forEach(s::addValue);
        return s;
    }
}
