package dev.perflab.cli.sha;

import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.results.ResultsLayout;
import dev.perflab.scenario.Role;
import dev.perflab.sha.Frames;
import dev.perflab.sha.PipelineSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./lab run sha-pipeline}: generator → executor → collector, three JVMs over TCP (Unix domain sockets
 * from r18 on), for each rung
 * ({@link ShaPipelineRun}); the run length chooses the warm-up and measured seconds and the ceiling's JMH
 * options (the ceiling suite's own).
 */
final class ShaPipelineScenario implements Scenario<ShaPipelineScenario.Options> {
    /** {@code ./lab run sha-pipeline}'s own options. */
    static final class Options {
        @Mixin
        ScenarioOptions.Seconds seconds = new ScenarioOptions.Seconds();

        @Option(names = "--rate", paramLabel = "TASKS_PER_S", defaultValue = "0", converter = ScenarioOptions.NonNegativeRate.class,
                description = "Offered tasks/s; 0 (default) = as fast as the pipeline takes them.")
        long rate;

        @Mixin
        ScenarioOptions.Json json = new ScenarioOptions.Json();

        @Option(names = "--sample-out", paramLabel = "FILE", description = "Write every rung's collector sample as lines '<payloadHex> <digestHex>'.")
        Path sampleOut;

        @Mixin
        ScenarioOptions.Link link = new ScenarioOptions.Link();

        @Mixin
        ScenarioOptions.Ceiling ceiling = new ScenarioOptions.Ceiling();
    }

    private final Ladder<PipelineSettings> ladder;
    private final JmhSuite ceiling;

    ShaPipelineScenario(Ladder<PipelineSettings> ladder, JmhSuite ceiling) {
        this.ladder = ladder;
        this.ceiling = ceiling;
    }

    @Override
    public List<Role> roles() {
        return List.of(
                new Role("collector", true, null, "counts results, keeps a sample and re-computes its digests"),
                new Role("executor", true, "collector", "computes SHA-256 of each task's payload"),
                new Role("generator", false, "executor", "sends tasks for warm-up + measured seconds, then an end frame"));
    }

    @Override
    public String unit() {
        return "ops/s";
    }

    @Override
    public OptionalInt wireBytesPerOperation() {
        return OptionalInt.of(Frames.SINGLE_TASK_FRAME_BYTES);
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        Path rowsFile = request.results().path(ResultsLayout.rows(dev.perflab.sha.ShaLadder.COMPONENT));
        Path json = options.json.path();
        options.json.check(rowsFile, request.inputs());
        if (options.sampleOut != null) {
            ScenarioOptions.checkOutput("--sample-out", options.sampleOut, rowsFile, request.inputs()).notSameAs("--json", json);
        }
        List<Entry<PipelineSettings>> rungs = request.rungsOf(ladder);
        ShaPipelineRun.Timing timing = timing(request.length(), options.seconds);
        String link = options.link.rate();
        if (link == null) {
            return new ShaPipelineRun(roles(), rungs, timing, options.rate, request.results(), json, options.sampleOut,
                    PipelineNetwork.LOOPBACK, request.console()).withoutCeiling(noCeiling(options)).run();
        }
        return LinkedRun.run(request, link, namespaces -> new ShaPipelineRun(roles(), rungs, timing, options.rate, request.results(),
                json, options.sampleOut, new LinkedNetwork(namespaces), request.console()).withoutCeiling(noCeiling(options)).run());
    }

    /** The line saying the ceiling is left out ({@code --no-ceiling}), or null. */
    private static String noCeiling(Options options) {
        return options.ceiling.skipped().map(dev.perflab.scenario.Iperf3Ceiling.Result::skipped).orElse(null);
    }

    /** Warm-up and measured seconds per rung by run length; the ceiling's JMH options are the ceiling suite's. */
    ShaPipelineRun.Timing timing(RunLength length, ScenarioOptions.Seconds seconds) {
        return new ShaPipelineRun.Timing(ScenarioOptions.Seconds.warmup(length), seconds.measured(length), ceiling.jmhArgs(length));
    }
}
