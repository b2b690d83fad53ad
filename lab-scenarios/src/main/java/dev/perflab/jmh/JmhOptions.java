package dev.perflab.jmh;

import java.util.List;

/**
 * The JMH options of one run length, typed: forks, warm-up and measurement iterations and their lengths.
 * Written out as JMH's own flags ({@code -f -wi -w -i -r}) by {@link #args()}, so the one table a
 * component declares is what JMH is told.
 *
 * @param forks             {@code -f}
 * @param warmupIterations  {@code -wi}
 * @param warmupTime        {@code -w}, in JMH's time syntax ({@code 300ms}, {@code 1s}); ignored with 0 warm-up iterations
 * @param iterations        {@code -i}
 * @param iterationTime     {@code -r}, in JMH's time syntax
 */
public record JmhOptions(int forks, int warmupIterations, String warmupTime, int iterations, String iterationTime) {
    public JmhOptions {
        if (forks < 0 || warmupIterations < 0 || iterations < 1) {
            throw new IllegalArgumentException("forks and warm-up iterations must be ≥ 0 and iterations ≥ 1");
        }
    }

    /** The same options with {@code n} forks ({@code ./lab run --forks N}). */
    public JmhOptions withForks(int n) {
        return new JmhOptions(n, warmupIterations, warmupTime, iterations, iterationTime);
    }

    /** JMH's flags, e.g. {@code -f 1 -wi 1 -w 300ms -i 3 -r 300ms}; no {@code -w} without warm-up iterations. */
    public List<String> args() {
        if (warmupIterations == 0) {
            return List.of("-f", Integer.toString(forks), "-wi", "0", "-i", Integer.toString(iterations), "-r", iterationTime);
        }
        return List.of("-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-w", warmupTime,
                "-i", Integer.toString(iterations), "-r", iterationTime);
    }

    /**
     * Seconds of warm-up and measurement these options ask for, all forks together: the least a benchmark's run
     * takes. Starting each fork's JVM and setting up its state come on top, and so does an invocation that
     * outlasts its iteration (JMH ends an iteration only between invocations).
     */
    public double iterationSeconds() {
        double perFork = warmupSeconds() + iterations * seconds(iterationTime);
        return Math.max(forks, 1) * perFork;
    }

    /** Seconds of warm-up per fork. */
    public double warmupSeconds() {
        return warmupIterations == 0 ? 0 : warmupIterations * seconds(warmupTime);
    }

    /** A time in JMH's syntax ({@code 300ms}, {@code 1s}, {@code 2min}) in seconds. */
    static double seconds(String jmhTime) {
        return org.openjdk.jmh.runner.options.TimeValue.fromString(jmhTime).convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000.0;
    }

    @Override
    public String toString() {
        return String.join(" ", args());
    }
}
