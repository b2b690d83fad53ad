package dev.perflab.cli.component;

import dev.perflab.base.Inputs;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What {@code ./lab run COMPONENT} hands every {@link Scenario}: the options all runs share. A scenario's own
 * options come beside it, in the object its {@link Scenario#newOptions()} made.
 *
 * @param rungs   rung names as given ({@code --rung}), or null for the run length's default
 * @param length  the run length
 * @param results the run's folder ({@code --out}, default {@code results/COMPONENT}): every file of the run is
 *                written through it, and its rows saved with {@link RunFolder#saveRows}; it knows the run's inputs
 * @param console where progress and the ladder go
 * @param roleFlags extra JVM flags for role processes ({@code ./lab profile --role}); {@link RoleJvmFlags#NONE} for a run
 */
public record ScenarioRequest(List<String> rungs, RunLength length, RunFolder results, PrintWriter console, RoleJvmFlags roleFlags) {
    /** A plain run: no extra flags for any role. */
    public ScenarioRequest(List<String> rungs, RunLength length, RunFolder results, PrintWriter console) {
        this(rungs, length, results, console, RoleJvmFlags.NONE);
    }

    /** A plain run into {@code dir}, which nobody listens to (a plan, a test). */
    public ScenarioRequest(List<String> rungs, RunLength length, Path dir, PrintWriter console) {
        this(rungs, length, RunFolder.of("--out", dir), console);
    }

    /** The run's folder. */
    public Path dir() {
        return results.dir();
    }

    /** What the run reads (its results history, {@code --shard-gates}): no output of the scenario may be one. */
    public Inputs inputs() {
        return results.inputs();
    }

    /** The rungs to run: those named ({@code --rung}), else naive and tuned for a smoke run, else every rung. */
    public <F> List<Entry<F>> rungsOf(Ladder<F> ladder) {
        if (rungs != null) {
            return rungs.stream().map(ladder::resolve).distinct().collect(Collectors.toList());
        }
        return length == RunLength.SMOKE ? List.of(ladder.naive(), ladder.tuned()) : ladder.rungs();
    }
}
