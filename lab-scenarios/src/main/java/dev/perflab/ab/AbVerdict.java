package dev.perflab.ab;

import dev.perflab.base.LabException;
import java.util.Locale;

/**
 * What an A/B run says about one row, or about the run as a whole. A row's verdict reads its paired interval
 * against the threshold t on both sides of 1 (the "band", {@code [1/(1 + t), 1 + t]} in speedup):
 *
 * <pre>
 *                      1/(1+t)        1        1+t
 *   regression    ├──●──┤  ¦          │          ¦             ratio past the band, interval off 1
 *   no change              ¦   ├───●──┼──┤       ¦             the whole interval inside the band
 *   undecided          ├───¦───●──────┤          ¦             neither: the interval reaches past the band
 *   improvement            ¦          │          ¦  ├──●──┤    the mirror of a regression
 * </pre>
 *
 * "No change" is an equivalence shown, as a two-one-sided test (TOST, Schuirmann 1987) shows it at the interval's
 * level: each end of the interval rules out a change past the threshold on its side. An interval that cannot rule
 * it out and cannot show a change either is <em>undecided</em>: the row needs more pairs (or a quieter machine),
 * and a gate must not read it as a pass.
 */
public enum AbVerdict {
    /** Head is slower by more than the threshold, and the paired interval lies entirely on the slower side. */
    REGRESSION,
    /** Head is faster by more than the threshold, and the paired interval lies entirely on the faster side. */
    IMPROVEMENT,
    /** The whole interval lies within the threshold on both sides of 1: any change is smaller than the threshold. */
    NO_CHANGE,
    /** Neither a change nor its absence is shown: the interval reaches past the threshold and the ratio does not pass it, or it reaches 1. */
    UNDECIDED,
    /** The run as a whole: a ruler moved, so the machine drifted between the sides and no row is judged. */
    NOISY;

    /**
     * The exit code of a run with this verdict, as {@code ./lab ab} and {@code ./lab gate --verdict} give it: 0 passed (no
     * change or an improvement), 1 a regression ({@link LabException#CHECK_FAILED}), 3 noisy and 4 undecided, neither
     * passed nor failed (2 is bad input, before any verdict).
     */
    public int exitCode() {
        return switch (this) {
            case REGRESSION -> LabException.CHECK_FAILED;
            case NOISY -> 3;
            case UNDECIDED -> 4;
            default -> 0;
        };
    }

    /** A regression or an improvement: what a ruler must not show, and what an A/A row shows only by chance. */
    public boolean moved() {
        return this == REGRESSION || this == IMPROVEMENT;
    }

    /** As the verdict JSON and the tables write it: {@code regression}, {@code no change}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The verdict of a label, as {@link #label()} writes it. */
    public static AbVerdict ofLabel(String label) {
        for (AbVerdict v : values()) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown verdict '" + label + "'");
    }

    /**
     * The verdict of one row.
     *
     * @param ratio          head/base of the score, with its interval
     * @param threshold      the smallest move that counts, e.g. 0.05: slower or faster by more than 5%
     * @param higherIsBetter true for throughput (ops/time), false for time per operation
     */
    public static AbVerdict of(PairedRatio ratio, double threshold, boolean higherIsBetter) {
        double better = higherIsBetter ? ratio.ratio() : 1 / ratio.ratio();
        double worstCase = higherIsBetter ? ratio.low() : 1 / ratio.high();
        double bestCase = higherIsBetter ? ratio.high() : 1 / ratio.low();
        if (bestCase < 1 && better < 1 / (1 + threshold)) {
            return REGRESSION;
        }
        if (worstCase > 1 && better > 1 + threshold) {
            return IMPROVEMENT;
        }
        return worstCase >= 1 / (1 + threshold) && bestCase <= 1 + threshold ? NO_CHANGE : UNDECIDED;
    }
}
