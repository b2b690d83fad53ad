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
}
