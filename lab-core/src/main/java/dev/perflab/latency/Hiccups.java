package dev.perflab.latency;

import org.HdrHistogram.Histogram;

/**
 * The platform's stalls over one span of a program that is not the latency harness, e.g. the day a forwarder
 * client measures: the same {@link HiccupMeter} (a thread asks to sleep 1 ms and records how much later it woke),
 * started and stopped around the span. A latency beside its hiccups tells the reader how much of the tail any
 * woken thread on that machine would have had: a path that wakes several threads in a row has a tail of a few
 * hiccups where the scheduler is the limit, and a tail far above its hiccups where the program is.
 *
 * <p>One thread starts and stops it; the meter's own daemon thread records, at one wake-up per millisecond (its
 * cost to the span it measures).
 */
public final class Hiccups {
    private final HiccupMeter meter;

    private Hiccups() {
        meter = new HiccupMeter(System.nanoTime());
        meter.start();
    }

    /** Starts a meter now. */
    public static Hiccups start() {
        return new Hiccups();
    }

    /**
     * Stops the meter; returns its wake-up delays in ns since {@link #start}, corrected for coordinated omission as
     * jHiccup does (a 30 ms stall also stands for the 29 wake-ups it prevented).
     */
    public Histogram stop() throws InterruptedException {
        meter.finish();
        meter.sample();
        return meter.recorded();
    }
}
