package dev.perflab.compare;

/** What happened to one result between two runs. */
public enum Verdict {
    /** Worse by more than the threshold, and the two confidence intervals do not overlap. */
    REGRESSION,
    /** Better by more than the threshold, and the two confidence intervals do not overlap. */
    IMPROVEMENT,
    /** Moved less than the threshold, or within noise (the intervals overlap). */
    NO_CHANGE;

    /**
     * Classifies a speedup (head over base: above 1 is better) given its interval from both runs' errors.
     *
     * @param threshold relative, e.g. 0.10 for 10%
     */
    static Verdict of(double speedup, double low, double high, double threshold) {
        boolean overlap = low <= 1 && 1 <= high;
        if (overlap) {
            return NO_CHANGE;
        }
        if (speedup > 1 + threshold) {
            return IMPROVEMENT;
        }
        if (speedup < 1 - threshold) {
            return REGRESSION;
        }
        return NO_CHANGE;
    }
}
