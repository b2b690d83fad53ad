package dev.perflab.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Whether a row's measured iterations hold still: the least-squares slope of the iteration scores over the
 * iteration's index, fitted within each fork (every fork keeps its own level, so forks that settle in different
 * modes are not mistaken for a trend; one slope is shared), with its two-sided {@link #CONFIDENCE} interval
 * from Student's t.
 *
 * <pre>
 *   fork f, iteration i:   score = level_f + slope · i + noise
 *   change   = slope · (n − 1) / fitted(first iteration)     n = the longest fork's iterations
 *   interval = slope ± t(1 − α/2, N − F − 1) · s / √Sxx       N iterations in F forks, s the residual spread
 * </pre>
 *
 * A row is <b>not steady</b> when the interval leaves out 0 (the trend is real at {@link #CONFIDENCE}) and the
 * fitted change over the measurement is at least {@link #TOLERANCE} of the score either way: its mean then
 * depends on how long it ran, as {@code KvPutBenchmark}'s r0 did (−51% over 6 iterations, so r7 ÷ r0 was ×3.4
 * or ×6.3 by run length alone). A row with too few iterations to fit a slope with its interval
 * (fewer than {@link #MIN_DEGREES_OF_FREEDOM} degrees of freedom left) is <b>undecided</b>, never steady.
 *
 * <h2>Assumptions and guarantees</h2>
 * The test assumes independent iterations with normal noise around the line. Then a flat row is marked not
 * steady at most {@code 1 − CONFIDENCE} of the time, less when its noise is small next to {@link #TOLERANCE}
 * (the simulated rates are in {@code TrendTest}); a trend that is not a straight line (a step, a plateau) is
 * caught when its straight-line part is. Real iterations need not be independent: where the host moves a thread
 * between CPUs of different speed, a flat row switches between modes that each hold for several iterations, and a
 * switch reads as a step. So a row read from a file carries its host's lag-1 correlation ({@link
 * #serialCorrelation}, one estimate from all the file's rows) and the interval is widened for it
 * ({@link SerialCorrelation}): the stated rate then holds within about a factor of two (the measured rates:
 * docs/measurements/gate-evidence.md#order-book), at the cost of power on rows whose noise is large. JMH's warm-up
 * iterations are not in its {@code rawData}, so they never count. Immutable; no state.
 */
public record Trend(Verdict verdict, double change, double changeLow, double changeHigh, int iterations, int forks) {
    /** The two-sided confidence of the slope's interval. */
    public static final double CONFIDENCE = 0.99;
    /** The smallest change over the measurement that makes a real trend matter: 5% of the score. */
    public static final double TOLERANCE = 0.05;
    /** Residual degrees of freedom below which the slope's interval is too wide to say anything. */
    public static final int MIN_DEGREES_OF_FREEDOM = 2;
    /** Student's t quantiles by degrees of freedom, computed once each. */
    private static final Map<Integer, Double> T_QUANTILES = new ConcurrentHashMap<>();

    /** What the test says of a row. */
    public enum Verdict {
        /** No trend of {@link #TOLERANCE} or more that the interval can tell from noise. */
        STEADY,
        /** A real trend of at least {@link #TOLERANCE} over the measurement. */
        NOT_STEADY,
        /** Too few iterations to fit a slope with an interval (or no iterations recorded). */
        UNDECIDED
    }

    /** What a table with a row that is not steady says under it. */
    public static final String FOOTNOTE = String.format(Locale.ROOT,
            "not steady: the iterations trend (a least-squares slope within each fork, %.0f%% interval clear of 0 allowing for the"
                    + " host's serial correlation, a change of %.0f%% or more over the measurement); the score depends on the run's length:"
                    + " fix the benchmark's steady state or warm up longer",
            CONFIDENCE * 100, TOLERANCE * 100);

    /**
     * The trend of {@code row}'s iterations ({@link Row#forks()}), allowing for the serial correlation of its host
     * ({@link Row#serialCorrelation()}).
     */
    public static Trend of(Row row) {
        return of(row.forks(), row.serialCorrelation());
    }

    /** The trend of iteration scores, {@code [fork][iteration]}, on a host whose iterations are independent. */
    public static Trend of(List<List<Double>> forks) {
        return of(forks, 0);
    }

    /**
     * The trend of iteration scores, {@code [fork][iteration]}, on a host where one iteration's noise carries into
     * the next with lag-1 correlation {@code rho} ({@link #serialCorrelation}): the slope's interval is widened by
     * how much more a slope and how much less a residual spread vary under that correlation
     * ({@link SerialCorrelation#slopeInflation}).
     */
    public static Trend of(List<List<Double>> forks, double rho) {
        Fit fit = Fit.of(forks);
        int degrees = fit.iterations - fit.forks - 1;
        if (degrees < MIN_DEGREES_OF_FREEDOM || !(fit.sxx > 0) || !(fit.level > 0)) {
            return new Trend(Verdict.UNDECIDED, Double.NaN, Double.NaN, Double.NaN, fit.longest, fit.forks);
        }
        double slope = fit.sxy / fit.sxx;
        double residual = Math.max(0, fit.syy - slope * fit.sxy) / degrees;
        double inflation = SerialCorrelation.slopeInflation(forks.stream().mapToInt(List::size).toArray(), rho);
        double halfWidth = tQuantile(degrees) * Math.sqrt(residual * inflation / fit.sxx);
        double span = fit.longest - 1;
        double change = fit.change(slope, span);
        double low = fit.change(slope - halfWidth, span);
        double high = fit.change(slope + halfWidth, span);
        boolean real = slope - halfWidth > 0 || slope + halfWidth < 0;
        Verdict verdict = real && Math.abs(change) >= TOLERANCE ? Verdict.NOT_STEADY : Verdict.STEADY;
        return new Trend(verdict, change, low, high, fit.longest, fit.forks);
    }

    /**
     * How much one iteration's noise carries into the next on the host that measured these rows (each row's forks,
     * {@code [row][fork][iteration]}, all from one run): the lag-1 autocorrelation of the iterations around each
     * fork's own line, relative to the fork's level and pooled over every fork of four iterations or more, then
     * corrected for the bias a fitted line gives it (a short fork's residuals correlate negatively even when the
     * host's noise is independent). Between 0 and {@link SerialCorrelation#MAX}; 0 when no fork is long enough.
     */
    public static double serialCorrelation(List<List<List<Double>>> rows) {
        return SerialCorrelation.estimate(rows);
    }

    /** Student's t quantile of the interval, for {@code degrees} degrees of freedom (kept: a report asks it per row). */
    private static double tQuantile(int degrees) {
        return T_QUANTILES.computeIfAbsent(degrees,
                d -> new TDistribution(d).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2));
    }

    /** True when the row trends (the table marks it). */
    public boolean notSteady() {
        return verdict == Verdict.NOT_STEADY;
    }

    /**
     * What the note column says: {@code not steady (−51% over 6 iterations)}, or empty when steady or undecided. A
     * fall steeper than its straight line can show (a collapse, whose line ends below zero, would read as a fall of
     * more than 100%, a rate below nothing) reads {@code not steady (falls to 0 on its fitted line within N iterations)}.
     */
    public String note() {
        return notSteady() ? "not steady (" + changeWords() + ")" : "";
    }

    /** The verdict in words, e.g. for a gate: {@code steady (+1.2% over 24 iterations, 99% interval −0.8% … +3.1%)}. */
    public String describe() {
        if (verdict == Verdict.UNDECIDED) {
            return "undecided (" + iterations + (iterations == 1 ? " iteration" : " iterations") + " in " + forks
                    + (forks == 1 ? " fork" : " forks") + ": too few to fit a trend with its interval)";
        }
        return (notSteady() ? "not steady (" : "steady (") + changeWords() + ", "
                + Math.round(CONFIDENCE * 100) + "% interval " + bound(changeLow) + " … " + bound(changeHigh) + ")";
    }

    /** {@code −51% over 6 iterations}; for a fitted line that ends at or below zero, that it falls to 0 within them. */
    private String changeWords() {
        return change <= -1 ? "falls to 0 on its fitted line within " + iterations + " iterations"
                : percent(change) + " over " + iterations + " iterations";
    }

    /** An interval's end: a change below −100% is the straight line's, not the row's, so it reads {@code −100%}. */
    private static String bound(double change) {
        return percent(Math.max(-1, change));
    }

    /** {@code −51%}, {@code +3.2%}: a signed change with the minus sign a reader expects. */
    static String percent(double change) {
        if (!Double.isFinite(change)) {
            return change > 0 ? "+∞%" : "−∞%";
        }
        double p = 100 * change;
        String digits = Math.abs(p) >= 10 ? String.format(Locale.ROOT, "%.0f", Math.abs(p))
                : String.format(Locale.ROOT, "%.1f", Math.abs(p));
        return (p < 0 ? "−" : "+") + digits + "%";
    }

    /** The sums of the within-fork fit: each fork centred on its own means. */
    private static final class Fit {
        int iterations;
        int forks;
        int longest;
        double sxx;
        double sxy;
        double syy;
        /** The mean of the forks' mean scores. */
        double level;

        static Fit of(List<List<Double>> forks) {
            Fit fit = new Fit();
            double levels = 0;
            for (List<Double> fork : forks) {
                int n = fork.size();
                fit.longest = Math.max(fit.longest, n);
                if (n < 2) {
                    continue;
                }
                double meanX = (n - 1) / 2.0;
                double meanY = fork.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                for (int i = 0; i < n; i++) {
                    double dx = i - meanX;
                    double dy = fork.get(i) - meanY;
                    fit.sxx += dx * dx;
                    fit.sxy += dx * dy;
                    fit.syy += dy * dy;
                }
                fit.iterations += n;
                fit.forks++;
                levels += meanY;
            }
            fit.level = fit.forks == 0 ? Double.NaN : levels / fit.forks;
            return fit;
        }

        /** The fitted change from the first to the last of {@code span + 1} iterations, relative to the first. */
        double change(double slope, double span) {
            double first = level - slope * span / 2;
            double last = level + slope * span / 2;
            return first > 0 ? (last - first) / first : Double.POSITIVE_INFINITY;
        }
    }
}
