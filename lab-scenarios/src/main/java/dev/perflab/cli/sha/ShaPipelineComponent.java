package dev.perflab.cli.sha;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.ladder.Ladder;
import dev.perflab.sha.PipelineSettings;
import dev.perflab.sha.ShaLadder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SHA-256 pipeline (report 002) as the CLI sees it: an end-to-end {@link ShaPipelineScenario} (three JVMs
 * over TCP) that {@code ./lab run sha-pipeline} runs, two JMH suites behind {@code --jmh}, and {@code ./lab sha}.
 *
 * <p>The ceiling suite's options are also what the scenario measures its ceiling with: one table.
 */
public final class ShaPipelineComponent implements Component {
    private static final String PKG = "dev.perflab.bench.sha.";

    /** The executor's work alone over the rungs that change it. */
    static final JmhSuite EXECUTOR = new JmhSuite("executor", PKG + "ShaExecutorBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "500ms", 2, "500ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 3, "1s"),
            RunLength.STANDARD, new JmhOptions(1, 3, "1s", 5, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    /**
     * SHA-256 of 32- and 44-byte messages, one thread and all cores; the pipeline's ceiling per run length.
     * Every rung's "% of ceiling" divides by this score, so its error must be small. JMH's error is a 99.9%
     * interval, Student's t times the standard error: with one fork of 3 iterations t is 31.6 (2 degrees of
     * freedom), which gave ±37% on 16 cores (issue 9). Two forks of 8 iterations give t = 4.07 over 16
     * samples and take the fork-to-fork spread in; quick runs 5 iterations (t = 8.6). The smoke run warms up
     * for 2 s: after one 500 ms warm-up on a loaded machine the ceiling still ran interpreted (78k digests/s
     * in warm-up, 1.2M and 3.4M in the two measured iterations, against 21.7M on the quiet machine), so r13
     * printed as 216.7% of it.
     */
    static final JmhSuite CEILING = new JmhSuite("ceiling", PKG + "ShaCeilingBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 2, "1s", 2, "500ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 5, "1s"),
            RunLength.STANDARD, new JmhOptions(2, 3, "1s", 8, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    @Override
    public Ladder<PipelineSettings> ladder() {
        return ShaLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(EXECUTOR, CEILING);
    }

    @Override
    public Optional<Scenario> scenario() {
        return Optional.of(new ShaPipelineScenario(ShaLadder.LADDER, CEILING));
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new ShaCommand());
    }
}
