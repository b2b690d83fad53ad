package dev.perflab.cli.toy;

import dev.perflab.base.Machine;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.proc.ChildProcess;
import dev.perflab.results.ResultsLayout;
import dev.perflab.scenario.Conservation;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleWindow;
import dev.perflab.scenario.RungResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.LongUnaryOperator;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;

/** Two roles over loopback TCP: a sink that listens and counts, a source that connects and sends sums. */
final class ToyScenario implements Scenario<ToyScenario.Options> {
    /** The toy's one option, {@code --seconds}, from the shared mixin. */
    static final class Options {
        @Mixin
        ScenarioOptions.Seconds seconds = new ScenarioOptions.Seconds();
    }

    static final double WARMUP_SECONDS = 0.2;
    static final double MEASURE_SECONDS = 0.5;

    @Override
    public List<Role> roles() {
        return List.of(new Role("sink", true, null, "counts the sums it receives"),
                new Role("source", false, "sink", "sends one sum of 1..1000 per operation, 8 bytes each"));
    }

    @Override
    public String unit() {
        return "ops/s";
    }

    @Override
    public OptionalInt wireBytesPerOperation() {
        return OptionalInt.of(Long.BYTES);
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        List<Entry<LongUnaryOperator>> rungs = request.rungs() != null
                ? request.rungs().stream().map(ToyLadder.LADDER::resolve).collect(Collectors.toList())
                : request.length() == RunLength.SMOKE ? List.of(ToyLadder.LADDER.naive(), ToyLadder.LADDER.tuned())
                : ToyLadder.LADDER.rungs();
        double measure = options.seconds.given().orElse(MEASURE_SECONDS);
        List<RungResult> results = new ArrayList<>();
        JmhRows rows = new JmhRows();
        for (Entry<LongUnaryOperator> rung : rungs) {
            double seconds = WARMUP_SECONDS + measure;
            RoleWindow.Result r = RoleWindow.run(roles(), role -> "127.0.0.1", (role, connect) -> ChildProcess.javaCommand(
                    List.of(), List.of(), ToyRoles.class.getName(), role.name().equals("sink") ? List.of("sink")
                            : List.of("source", connect, rung.id(), String.valueOf(seconds))),
                    WARMUP_SECONDS, measure, Runtime.getRuntime().availableProcessors());
            RungResult result = new RungResult(rung.id(), rung.kind() == Kind.EXHIBIT, r.number("source", "ops_per_s"),
                    Conservation.of("sent", r.count("source", "sent"), "received", r.count("sink", "received")),
                    r.cpuPercent(), r.errors(), true, Map.of());
            request.console().printf("%-16s %,14.0f ops/s  %s%n", rung.id(), result.score(),
                    result.correct() ? "ok" : result.counts().problem() + " " + result.errors());
            result.addTo(rows, ToyLadder.COMPONENT + ".endToEnd", unit(), Map.of());
            results.add(result);
        }
        Path file = request.results().open().saveRows(ResultsLayout.rows(ToyLadder.COMPONENT), rows.json(), Machine.header(), null);
        request.console().println("saved: " + file);
        request.console().flush();
        return RungResult.exitCode(results);
    }
}
