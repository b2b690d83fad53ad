package dev.perflab.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The host's serial correlation, for {@link Trend}: on a machine where the scheduler moves a thread between CPUs of
 * different speed, a run's iterations switch between modes that each last several iterations, so one iteration's
 * noise carries into the next. The trend check's slope interval assumes independent iterations; under such noise
 * it marks flat rows far more often than its 1%. The
 * noise is the host's, shared by every row of a run, so it is estimated from all of them together and modelled as
 * first-order autoregressive (AR(1)) with lag-1 correlation ρ:
 *
 * <pre>
 *   noise_i = ρ · noise_(i−1) + fresh_i          Σ_ij = ρ^|i−j|   (the noise's correlation matrix)
 *
 *   estimate   r = Σ e_i·e_(i−1) / Σ e_i²         e: each fork's iterations around its own line, over its level
 *              ρ such that  E[r | ρ] = r          the fitted line biases r down: E[r | ρ = 0] = −1/3 at 6 iterations
 *   inflation  (x'Σx / x'x) / (tr(MΣ) / (n − 2))  x the centred iteration index, M = I − (fit of a line)
 * </pre>
 *
 * The inflation is exact for a straight-line fit under AR(1) noise: how much more the fitted slope varies, over how
 * much less the residual spread shows of that noise. {@code SerialCorrelationTest} simulates the false marks and a
 * planted fall with and without it; the rates, and those on real rows, are in
 * docs/measurements/gate-evidence.md#order-book. Immutable; no state.
 */
final class SerialCorrelation {
    /** The most correlation allowed for: beyond it a fork's iterations say almost nothing about a trend. */
    static final double MAX = 0.9;
    /** Forks shorter than this leave too few residuals (after a line's two parameters) to say how they follow. */
    static final int MIN_ITERATIONS = 4;
    /** Terms ρ^k below this add nothing a double can hold next to the diagonal's 1. */
    private static final double NEGLIGIBLE = 1e-12;

    private SerialCorrelation() {
    }

    /** {@link Trend#serialCorrelation}: rows as {@code [row][fork][iteration]}. */
    static double estimate(List<List<List<Double>>> rows) {
        double lagged = 0;
        double squares = 0;
        Map<Integer, Double> weightByLength = new TreeMap<>();
        for (List<List<Double>> forks : rows) {
            for (List<Double> fork : forks) {
                int n = fork.size();
                double[] e = relativeResiduals(fork);
                if (e == null) {
                    continue;
                }
                double ss = 0;
                for (int i = 0; i < n; i++) {
                    ss += e[i] * e[i];
                    if (i > 0) {
                        lagged += e[i] * e[i - 1];
                    }
                }
                squares += ss;
                weightByLength.merge(n, ss, Double::sum);
            }
        }
        if (!(squares > 0)) {
            return 0;
        }
        double observed = lagged / squares;
        double total = squares;
        java.util.function.DoubleUnaryOperator expected = rho -> {
            double sum = 0;
            for (Map.Entry<Integer, Double> e : weightByLength.entrySet()) {
                sum += e.getValue() * expectedResidualCorrelation(rho, e.getKey());
            }
            return sum / total;
        };
        if (observed <= expected.applyAsDouble(0)) {
            return 0;
        }
        if (observed >= expected.applyAsDouble(MAX)) {
            return MAX;
        }
        double low = 0;
        double high = MAX;
        for (int step = 0; step < 50; step++) { // the expectation rises with ρ: halve the bracket until it is tight
            double mid = (low + high) / 2;
            if (expected.applyAsDouble(mid) < observed) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** A fork's iterations minus its least-squares line, over its mean; null when it is too short or not finite. */
    private static double[] relativeResiduals(List<Double> fork) {
        int n = fork.size();
        if (n < MIN_ITERATIONS) {
            return null;
        }
        double meanX = (n - 1) / 2.0;
        double meanY = 0;
        for (double y : fork) {
            if (!Double.isFinite(y)) {
                return null;
            }
            meanY += y / n;
        }
        if (!(meanY != 0)) {
            return null;
        }
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - meanX) * (i - meanX);
            sxy += (i - meanX) * (fork.get(i) - meanY);
        }
        double slope = sxy / sxx;
        double[] e = new double[n];
        for (int i = 0; i < n; i++) {
            e[i] = (fork.get(i) - meanY - slope * (i - meanX)) / meanY;
        }
        return e;
    }

    /**
     * How much wider the slope's interval must be, in variance, for forks of these lengths under AR(1) noise of
     * lag-1 correlation {@code rho}; 1 when {@code rho} is 0. Forks of fewer than 3 iterations add nothing.
     */
    static double slopeInflation(int[] lengths, double rho) {
        if (!(rho > 0)) {
            return 1;
        }
        double slopeVariance = 0; // Σ x'Σx
        double slopeVarianceIndependent = 0; // Σ x'x
        double residualShown = 0; // Σ tr(MΣ)
        double residualDegrees = 0; // Σ (n − 2)
        for (int n : lengths) {
            if (n < 3) {
                continue;
            }
            Fork f = new Fork(n, rho);
            slopeVariance += f.quadratic(f.x, f.x);
            slopeVarianceIndependent += f.sxx;
            residualShown += f.traceMSigma();
            residualDegrees += n - 2;
        }
        if (!(slopeVarianceIndependent > 0) || !(residualShown > 0)) {
            return 1;
        }
        return (slopeVariance / slopeVarianceIndependent) / (residualShown / residualDegrees);
    }

    /**
     * E[Σ e_i·e_(i−1)] / E[Σ e_i²] for the residuals of a line fitted to {@code n} iterations of AR(1) noise: what
     * the pooled lag-1 autocorrelation reads, on average, when the host's is {@code rho}.
     */
    static double expectedResidualCorrelation(double rho, int n) {
        Fork f = new Fork(n, rho);
        // A: the lag-1 pairing, ½ beside the diagonal, so that e'Ae = Σ e_i·e_(i−1); H = UU' the line's fit, M = I − H
        // tr(AMΣM) = tr(AΣ) − 2·tr(U'AΣU) + tr((U'AU)(U'ΣU))
        double[][] u = {f.ones, f.x};
        double[][] sigmaU = {f.sigmaTimes(f.ones), f.sigmaTimes(f.x)};
        double[][] norms = {{f.dot(f.ones, f.ones)}, {f.dot(f.x, f.x)}};
        double traceASigma = (n - 1) * rho;
        double cross = 0;
        double corner = 0;
        for (int a = 0; a < 2; a++) {
            cross += f.dot(u[a], halfNeighbours(sigmaU[a])) / norms[a][0];
            for (int b = 0; b < 2; b++) {
                double uAu = f.dot(u[a], halfNeighbours(u[b])) / Math.sqrt(norms[a][0] * norms[b][0]);
                double uSu = f.dot(u[b], sigmaU[a]) / Math.sqrt(norms[a][0] * norms[b][0]);
                corner += uAu * uSu;
            }
        }
        double numerator = traceASigma - 2 * cross + corner;
        return numerator / f.traceMSigma();
    }

    /** A·v, A with ½ beside the diagonal: each entry the mean of its two neighbours' halves. */
    private static double[] halfNeighbours(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = ((i > 0 ? v[i - 1] : 0) + (i + 1 < v.length ? v[i + 1] : 0)) / 2;
        }
        return out;
    }

    /** One fork's length and the host's ρ: its centred index, and products with the noise's correlation matrix. */
    private static final class Fork {
        final int n;
        final double rho;
        final double[] ones;
        final double[] x;
        final double sxx;

        Fork(int n, double rho) {
            this.n = n;
            this.rho = rho;
            ones = new double[n];
            x = new double[n];
            double s = 0;
            for (int i = 0; i < n; i++) {
                ones[i] = 1;
                x[i] = i - (n - 1) / 2.0;
                s += x[i] * x[i];
            }
            sxx = s;
        }

        double dot(double[] a, double[] b) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += a[i] * b[i];
            }
            return s;
        }

        /** Σ·v, Σ_ij = ρ^|i−j|, its terms stopped where ρ^k is negligible. */
        double[] sigmaTimes(double[] v) {
            double[] out = v.clone();
            double power = rho;
            for (int k = 1; k < n && power > NEGLIGIBLE; k++, power *= rho) {
                for (int i = 0; i + k < n; i++) {
                    out[i] += power * v[i + k];
                    out[i + k] += power * v[i];
                }
            }
            return out;
        }

        /** a'Σb. */
        double quadratic(double[] a, double[] b) {
            return dot(a, sigmaTimes(b));
        }

        /** tr(MΣ) = n − (1'Σ1)/n − (x'Σx)/x'x: the noise a fitted line leaves in the residuals. */
        double traceMSigma() {
            return n - quadratic(ones, ones) / n - quadratic(x, x) / sxx;
        }
    }
}
