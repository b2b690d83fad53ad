package dev.perflab.ab;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * A count out of some runs (false positives, detections, undecided rows) with the exact interval of its rate: the
 * Clopper–Pearson interval, from the Beta distribution's quantiles (Apache Commons Math), each end a one-sided bound
 * at {@value #ONE_SIDED}: 0 of 10 says the rate is ≤ 26%, 10 of 10 that it is ≥ 74%. A calibration's runs are few,
 * and a rate without its interval reads as more than it shows: 0 of 10 false positives does not show ≤ 1%.
 *
 * <p>Exact, hence conservative (it covers at least what it says for every true rate); Commons Math's own
 * {@code ClopperPearsonInterval} cannot take 0 or all of the runs, the cases a calibration cares about most.
 *
 * @param hits the runs counted
 * @param of   the runs there were
 */
public record Rate(int hits, int of) {
    /** The level of each end of the interval: a one-sided 95% bound. */
    public static final double ONE_SIDED = 0.95;

    public Rate {
        if (of < 0 || hits < 0 || hits > of) {
            throw new IllegalArgumentException("a rate needs 0 ≤ hits ≤ runs, got " + hits + " of " + of);
        }
    }

    /** The share, NaN of no runs. */
    public double value() {
        return of == 0 ? Double.NaN : (double) hits / of;
    }

    /** The interval's lower end: 0 with no hits, NaN of no runs. */
    public double low() {
        if (of == 0) {
            return Double.NaN;
        }
        return hits == 0 ? 0 : new BetaDistribution(null, hits, of - hits + 1).inverseCumulativeProbability(1 - ONE_SIDED);
    }

    /** The interval's upper end: 1 when every run was a hit, NaN of no runs. */
    public double high() {
        if (of == 0) {
            return Double.NaN;
        }
        return hits == of ? 1 : new BetaDistribution(null, hits + 1, of - hits).inverseCumulativeProbability(ONE_SIDED);
    }

    /** {@code 0%, ≤ 26%}, {@code 30%, 8.7–61%}, {@code 100%, ≥ 74%}: the share and its interval; {@code –} of no runs. */
    public String share() {
        if (of == 0) {
            return "–";
        }
        String bounds = hits == 0 ? "≤ " + AbRow.percent(high()) : hits == of ? "≥ " + AbRow.percent(low())
                : AbRow.percent(low()).replace("%", "") + "–" + AbRow.percent(high());
        return AbRow.percent(value()) + ", " + bounds;
    }

    /** {@code 0/10 (0%, ≤ 26%)}, {@code 3/10 (30%, 8.7–61%)}, {@code 10/10 (100%, ≥ 74%)}; {@code –} of no runs. */
    @Override
    public String toString() {
        return of == 0 ? "–" : hits + "/" + of + " (" + share() + ")";
    }

    /** What the intervals in a table mean, in a sentence under it. */
    public static final String LEGEND = "each rate with its Clopper–Pearson interval, each end a one-sided 95% bound (0 of 10 is ≤ 26%,"
            + " 10 of 10 ≥ 74%): a rate over few runs shows no more than its interval";
}
