package dev.perflab.cli.component;

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

    /** JMH's flags, e.g. {@code -f 1 -wi 1 -w 300ms -i 3 -r 300ms}; no {@code -w} without warm-up iterations. */
    public List<String> args() {
        if (warmupIterations == 0) {
            return List.of("-f", Integer.toString(forks), "-wi", "0", "-i", Integer.toString(iterations), "-r", iterationTime);
        }
        return List.of("-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-w", warmupTime,
                "-i", Integer.toString(iterations), "-r", iterationTime);
    }

    @Override
    public String toString() {
        return String.join(" ", args());
    }
}
