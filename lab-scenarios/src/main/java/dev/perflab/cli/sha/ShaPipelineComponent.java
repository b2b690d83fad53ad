package dev.perflab.cli.sha;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.jmh.JmhOptions;
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
    static final JmhSuite EXECUTOR = JmhSuite.of("executor", PKG + "ShaExecutorBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "500ms", 2, "500ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 3, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    /**
     * SHA-256 of 32- and 44-byte messages, one thread and all cores; the pipeline's ceiling, measured with
     * these options by the end-to-end run too. Its standard budget (2 forks × 8) and why are in
     * {@code ShaCeilingBenchmark}; quick runs 5 iterations (t = 8.6). The smoke run warms up for 2 s: after a
     * single 500 ms warm-up on a loaded machine the ceiling can still run interpreted, and every rung's "% of
     * ceiling" would then divide by a figure far too small.
     */
    static final JmhSuite CEILING = JmhSuite.of("ceiling", PKG + "ShaCeilingBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 2, "1s", 2, "500ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 5, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    @Override
    public Ladder<PipelineSettings> ladder() {
        return ShaLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(EXECUTOR, CEILING);
    }

    /**
     * Not the ceiling: it measures the JDK's SHA-256 on this machine (the limit the pipeline is held against), which
     * no revision of the lab changes, and its 8 rows would divide a budget the executor's row needs (the
     * JDK-only ruler already watches the machine). {@code --benchmark 'intrinsic.*|noIntrinsic.*'} chooses it.
     */
    @Override
    public List<JmhSuite> abSuites() {
        return List.of(EXECUTOR);
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new ShaPipelineScenario(ShaLadder.LADDER, CEILING));
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new ShaCommand());
    }

    /** {@code --link} needs iproute2 and root. */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(Prerequisite.link());
    }
}
