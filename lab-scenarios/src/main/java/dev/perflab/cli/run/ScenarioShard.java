package dev.perflab.cli.run;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.fleet.PlannedRow;
import dev.perflab.fleet.ShardPlan;
import dev.perflab.fleet.ShardRun;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code ./lab run COMPONENT --shard I/N} (or {@code --plan-only}) for an end-to-end run: the run is split by
 * rung, every rung one unit of cost (its roles, warm-up and window are the same for every rung), rungs a ratio
 * gate divides in one shard; the shard runs its rungs as the scenario always does, then its rows get the
 * shard's machine header and its manifest.
 */
final class ScenarioShard {
    /** How a scenario runs a request. */
    @FunctionalInterface
    interface Body {
        int run(ScenarioRequest request) throws IOException, InterruptedException;
    }

    private final Component component;
    private final List<String> rungIds;
    private final ScenarioRequest request;
    private final boolean planOnly;

    ScenarioShard(Component component, List<String> rungIds, ScenarioRequest request, boolean planOnly) {
        this.component = component;
        this.rungIds = rungIds;
        this.request = request;
        this.planOnly = planOnly;
    }

    /** Runs this shard's rungs through {@code body}; with no {@code sharding}, only prints the plan. */
    int run(ShardRun sharding, Body body) throws IOException, InterruptedException {
        PrintWriter console = request.console();
        String name = component.name();
        String length = request.length().id();
        if (sharding == null) {
            console.printf("plan: %s (%s) end to end, %d rungs: %s%n", name, length, rungIds.size(), String.join(", ", rungIds));
            console.flush();
            return 0;
        }
        ShardPlan plan = sharding.plan(rungIds.stream().map(id -> PlannedRow.ofScenario(name, id)).collect(Collectors.toList()), "rungs");
        sharding.print(plan, String.format(Locale.ROOT, "%d rungs end to end, split %d ways by rung (a shard runs whole rungs)",
                plan.rows().size(), plan.count()), console);
        if (planOnly) {
            return 0;
        }
        RunFolder results = request.results().open();
        String header = sharding.header();
        List<String> mine = plan.rows(sharding.shard().index()).stream().map(r -> r.params().get("rung")).collect(Collectors.toList());
        if (mine.isEmpty()) {
            console.printf("shard %s has no rung of this run: nothing to measure%n", sharding.shard());
            sharding.save(name, length, plan, results, header, null, console);
            return 0;
        }
        Instant started = Instant.now();
        int exit = body.run(new ScenarioRequest(mine, request.length(), results, console));
        Path rows = results.path(ResultsLayout.rows(name));
        boolean written = Files.isRegularFile(rows) && Files.getLastModifiedTime(rows).compareTo(FileTime.from(started.minusSeconds(1))) >= 0;
        if (written) {
            results.writeMachine(rows, header, request.length().id());
        } else {
            console.printf("lab: shard %s wrote no rows file (%s); its manifest says so%n", sharding.shard(), rows);
        }
        sharding.save(name, length, plan, results, header, written ? rows.getFileName().toString() : null, console);
        return exit;
    }
}
