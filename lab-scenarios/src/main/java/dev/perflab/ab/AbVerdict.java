package dev.perflab.ab;

import java.util.Locale;

/** What an A/B run says about one row, or about the run as a whole. */
public enum AbVerdict {
    /** Head is slower by more than the threshold, and the paired interval lies entirely on the slower side. */
    REGRESSION,
    /** Head is faster by more than the threshold, and the paired interval lies entirely on the faster side. */
    IMPROVEMENT,
    /** Neither: the move is within the threshold, or the interval reaches 1. */
    NO_CHANGE,
    /** The run as a whole: a ruler moved, so the machine drifted between the sides and no row is judged. */
    NOISY;

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
        return NO_CHANGE;
    }

    /**
     * Whether more pairs could still change a row's verdict: it is {@link #NO_CHANGE}, yet its interval reaches past
     * the threshold on one side or the other, so a move the threshold counts is not ruled out. A row whose interval
     * lies inside the threshold on both sides is decided ("no change" that more pairs would only confirm), and so is
     * a regression or an improvement. {@code ab --max-pairs} adds pairs to undecided rows only.
     *
     * <pre>
     *   threshold 5%:    0.952 ·········· 1 ·········· 1.05
     *   decided:               [  0.97 ──┼── 1.03 ]               interval inside both ends
     *   undecided:        [ 0.93 ─────── ┼ ── 1.02 ]               a 7% loss is still inside it
     * </pre>
     */
    public static boolean undecided(PairedRatio ratio, double threshold, boolean higherIsBetter) {
        if (of(ratio, threshold, higherIsBetter) != NO_CHANGE) {
            return false;
        }
        double worstCase = higherIsBetter ? ratio.low() : 1 / ratio.high();
        double bestCase = higherIsBetter ? ratio.high() : 1 / ratio.low();
        return worstCase < 1 / (1 + threshold) || bestCase > 1 + threshold;
    }
}
