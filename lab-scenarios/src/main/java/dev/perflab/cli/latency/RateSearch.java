package dev.perflab.cli.latency;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the highest rate that passes a trial: doubles from a starting rate until a trial fails (or the
 * cap passes), halves instead while even the start fails, then bisects between the highest pass and the
 * lowest fail for {@link #BISECT_STEPS} steps. Rates are whole commands per second. The trials do the
 * measuring (and the printing); this class only decides which rate to try next, so it is tested alone.
 */
final class RateSearch {
    static final int BISECT_STEPS = 4;
    /** How often to halve a failing start before giving up. */
    static final int MAX_HALVINGS = 10;

    /** One trial at a rate: true if it met the objective. */
    @FunctionalInterface
    interface Trial {
        boolean passes(double ratePerSecond) throws IOException, InterruptedException;
    }

    /**
     * What the search found.
     *
     * @param highestPass the highest passing rate, NaN if none passed
     * @param lowestFail  the lowest failing rate above it, NaN if none failed (the cap passed)
     * @param tried       every rate tried, in order
     */
    record Outcome(double highestPass, double lowestFail, List<Double> tried) {
        boolean anyPassed() {
            return !Double.isNaN(highestPass);
        }

        /** Gap between the highest pass and the lowest fail; NaN when either is missing. */
        double resolution() {
            return lowestFail - highestPass;
        }
    }

    private final Trial trial;
    private final double cap;
    private final List<Double> tried = new ArrayList<>();
    private double highestPass = Double.NaN;
    private double lowestFail = Double.NaN;

    private RateSearch(Trial trial, double cap) {
        this.trial = trial;
        this.cap = cap;
    }

    static Outcome run(double start, double cap, Trial trial) throws IOException, InterruptedException {
        RateSearch search = new RateSearch(trial, Math.floor(cap));
        search.expand(Math.min(Math.max(1, Math.round(start)), Math.floor(cap)));
        search.bisect();
        return new Outcome(search.highestPass, search.lowestFail, List.copyOf(search.tried));
    }

    /** Doubles while trials pass; if the very first fails, halves until one passes. */
    private void expand(double rate) throws IOException, InterruptedException {
        while (attempt(rate) && rate < cap) {
            rate = Math.min(cap, rate * 2);
        }
        for (int i = 0; i < MAX_HALVINGS && Double.isNaN(highestPass) && rate > 1; i++) {
            rate = Math.max(1, Math.round(rate / 2));
            attempt(rate);
        }
    }

    private void bisect() throws IOException, InterruptedException {
        for (int i = 0; i < BISECT_STEPS && !Double.isNaN(highestPass) && !Double.isNaN(lowestFail); i++) {
            double middle = Math.round((highestPass + lowestFail) / 2);
            if (middle <= highestPass || middle >= lowestFail) {
                return;
            }
            attempt(middle);
        }
    }

    private boolean attempt(double rate) throws IOException, InterruptedException {
        tried.add(rate);
        boolean passed = trial.passes(rate);
        if (passed) {
            highestPass = Double.isNaN(highestPass) ? rate : Math.max(highestPass, rate);
        } else {
            lowestFail = Double.isNaN(lowestFail) ? rate : Math.min(lowestFail, rate);
        }
        return passed;
    }
}
