package dev.perflab.cli.component;

import dev.perflab.latency.LatencyTask;
import java.util.Map;

/**
 * What {@code ./lab latency COMPONENT} drives: one operation per call of a rung's instance, after a
 * prefill, in a fresh child JVM. The child finds the workload through the {@link Registry} by the
 * component's name, so a workload needs nothing but this interface.
 */
public interface LatencyWorkload {
    /** What one operation is called in printed rates, e.g. {@code commands}. */
    String operations();

    /** What the prefill puts in, e.g. {@code orders}; the book (or whatever) stays about this full. */
    String prefillUnit();

    /** Builds the rung's instance and prefills it; the instance is driven on the thread that calls {@link Run#task}. */
    Run prepare(String rungId, long seed, int prefill);

    /** One prepared instance. */
    interface Run {
        /** One operation per call, in sequence order. */
        LatencyTask task();

        /**
         * Checks after the run that every operation was answered (e.g. one event per command).
         *
         * @throws IllegalStateException naming the counts that disagree
         */
        void checkConservation();

        /** Facts the result records beside the latencies, e.g. {@code book_orders_at_end}. */
        Map<String, Long> facts();
    }
}
