package dev.perflab.latency;

import java.util.SplittableRandom;

/**
 * Walks the intended start times of a run, in nanoseconds from the run's start. Two cursors made from the
 * same arguments yield the same times, so a sender and a component thread can each walk their own copy
 * without sharing a precomputed array. Not thread-safe: one cursor per thread.
 */
public final class Schedule {
    private final Arrivals arrivals;
    private final double periodNanos;
    private final SplittableRandom random;
    private long index;
    private double poissonTime;

    public Schedule(Arrivals arrivals, double ratePerSecond, long seed) {
        if (!(ratePerSecond > 0)) {
            throw new IllegalArgumentException("rate must be positive, was " + ratePerSecond);
        }
        this.arrivals = arrivals;
        this.periodNanos = 1e9 / ratePerSecond;
        this.random = new SplittableRandom(seed);
    }

    /** The intended start of the next command, in ns from the run's start; never decreases. */
    public long next() {
        long i = index++;
        if (arrivals == Arrivals.UNIFORM) {
            return (long) (i * periodNanos);
        }
        long at = (long) poissonTime;
        poissonTime += -Math.log(1 - random.nextDouble()) * periodNanos;
        return at;
    }

    public double periodNanos() {
        return periodNanos;
    }
}
