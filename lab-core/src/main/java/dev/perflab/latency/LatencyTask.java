package dev.perflab.latency;

/** The work a latency run drives: one command per call, in sequence order, always on the same thread. */
@FunctionalInterface
public interface LatencyTask {
    void run(long sequence);
}
