package dev.perflab.cli.sha;

import dev.perflab.cli.LabException;
import dev.perflab.cli.OutputFile;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOption;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.scenario.Role;
import dev.perflab.ladder.Ladder;
import dev.perflab.sha.Frames;
import dev.perflab.sha.PipelineSettings;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * {@code ./lab run sha-pipeline}: generator → executor → collector, three JVMs over TCP (Unix domain sockets
 * from r18 on), for each rung
 * ({@link ShaPipelineRun}); the run length chooses the warm-up and measured seconds and the ceiling's JMH
 * options (the ceiling suite's own).
 */
final class ShaPipelineScenario implements Scenario {
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
    public Set<ScenarioOption> options() {
        return EnumSet.complementOf(EnumSet.of(ScenarioOption.SIZE, ScenarioOption.RECORDS, ScenarioOption.THREADS,
                ScenarioOption.KEEP));
    }

    @Override
    public int run(ScenarioRequest request) throws IOException, InterruptedException {
        if (request.rate() < 0) {
            throw new LabException("--rate must be ≥ 0 tasks/s, was " + request.rate());
        }
        if (request.seconds() != null && (!(request.seconds() > 0) || request.seconds().isInfinite())) {
            throw new LabException("--seconds must be > 0, was " + request.seconds());
        }
        if (request.json() != null) {
            OutputFile.check("--json", request.json());
        }
        if (request.sampleOut() != null) {
            OutputFile.check("--sample-out", request.sampleOut());
        }
        List<Entry<PipelineSettings>> rungs = request.rungsOf(ladder);
        ShaPipelineRun.Timing timing = timing(request);
        String link = request.link();
        if (link == null) {
            return new ShaPipelineRun(roles(), rungs, timing, request.rate(), request.dir(), request.json(), request.sampleOut(),
                    PipelineNetwork.LOOPBACK, request.console()).run();
        }
        return LinkedRun.run(request, namespaces -> new ShaPipelineRun(roles(), rungs, timing, request.rate(), request.dir(),
                request.json(), request.sampleOut(), new LinkedNetwork(namespaces), request.console()).run());
    }

    /** Warm-up and measured seconds per rung by run length ({@link ScenarioRequest}); the ceiling's JMH options are the ceiling suite's. */
    ShaPipelineRun.Timing timing(ScenarioRequest request) {
        return new ShaPipelineRun.Timing(request.warmupSeconds(), request.measureSeconds(),
                ceiling.optionsFor(request.length()).orElseThrow().args());
    }
}
