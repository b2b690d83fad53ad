package dev.perflab.latency;

/** Which threads a run uses. */
public enum ThreadModel {
    /** One thread waits for each intended time, then runs the command itself. */
    ONE_THREAD,
    /**
     * A sender thread releases each command at its intended time into a JCTools SPSC queue; a component
     * thread takes them in order and runs them. Time spent in the queue counts in the intended view.
     */
    SENDER_AND_COMPONENT;

    public static ThreadModel ofThreads(int threads) {
        if (threads == 1) {
            return ONE_THREAD;
        }
        if (threads == 2) {
            return SENDER_AND_COMPONENT;
        }
        throw new IllegalArgumentException("threads must be 1 or 2, was " + threads);
    }

    public int threads() {
        return this == ONE_THREAD ? 1 : 2;
    }
}
