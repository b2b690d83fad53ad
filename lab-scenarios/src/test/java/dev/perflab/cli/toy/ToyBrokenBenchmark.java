package dev.perflab.cli.toy;

import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Setup;

/**
 * The toy's sum with one trial that throws: its {@code r1-closed-form} trial fails in setup, so JMH prints the
 * stack trace to its log, goes on, exits 0 and writes no row for it. {@link ComponentRegistrationTest} checks
 * that {@code ./lab run} notices. JMH runs the inherited {@code sum} as this class's own benchmark. Its fork
 * flag stands for the real suites' own ({@code -Xmx1g} of the replay, Chronicle's {@code --add-opens}): the
 * crash-log flag the lab adds must not replace it.
 */
@Fork(jvmArgsAppend = ToyBrokenBenchmark.OWN_FORK_FLAG)
public class ToyBrokenBenchmark extends ToySumBenchmark {
    static final String BROKEN_RUNG = "r1-closed-form";
    static final String OWN_FORK_FLAG = "-Dperflab.toy.ownForkFlag=kept";

    @Setup
    public void breakOneTrial() {
        if (rung.equals(BROKEN_RUNG)) {
            throw new IllegalStateException("this trial fails on purpose");
        }
    }
}
