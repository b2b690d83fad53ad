package dev.perflab.cli.component;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.scenario.Role;
import java.io.IOException;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A component's end-to-end run: its roles as separate processes talking over TCP, one rung after another,
 * what {@code ./lab run COMPONENT} does instead of its JMH suites (those then need {@code --jmh}).
 *
 * <pre>
 *   roles(), in start order          each role prints            the runner
 *   ───────────────────────          ────────────────            ──────────
 *   1. a listener (no connect)  ──▶  listening on HOST:PORT ──▶  gives PORT to the roles connecting to it
 *   2. listener + connector     ──▶  listening on HOST:PORT
 *   3. connector only (the source, started last)
 *   every role, at its end      ──▶  summary {json}         ──▶  counts per stage: sent = received
 * </pre>
 *
 * <p>The scenario brings its own {@code ./lab run} options ({@link #newOptions()}): a picocli mixin with the
 * options only it takes ({@code --records}, {@code --size}) and the shared ones it wants from
 * {@link ScenarioOptions}. picocli refuses every other option before anything starts.
 *
 * @param <O> the scenario's options: an object whose fields carry picocli's {@code @Option}/{@code @Mixin}
 */
public interface Scenario<O> {
    /** The roles, in the order they start (listeners before the roles that connect to them). */
    List<Role> roles();

    /** The unit of the scenario's primary metric, as JMH would write it, e.g. {@code ops/s}. */
    String unit();

    /** Bytes one operation puts on the wire alone, for link limits (bits/s ÷ (bytes · 8)); empty (the default) if it varies. */
    default OptionalInt wireBytesPerOperation() {
        return OptionalInt.empty();
    }

    /**
     * Whether {@link #run} starts each role's JVM with the flags {@link ScenarioRequest#roleFlags()} gives it,
     * which {@code ./lab profile COMPONENT --role ROLE} needs to profile one role; false by default.
     */
    default boolean takesRoleJvmFlags() {
        return false;
    }

    /** A fresh, empty options object for one {@code ./lab run}; picocli fills it from the command line. */
    O newOptions();

    /**
     * Runs the rungs asked for and prints the ladder; also writes JMH-shaped rows (see
     * {@link dev.perflab.scenario.JmhRows}) so {@code report}, {@code gate} and {@code compare} read them.
     *
     * @param options the object {@link #newOptions()} made, filled from the command line
     * @return 0, or 1 when a correct rung broke the conservation check
     */
    int run(ScenarioRequest request, O options) throws IOException, InterruptedException;

    /**
     * The rung ids {@link #run} measures for this request, in its order: what {@code ./lab run --shard} splits.
     * By default those of {@link ScenarioRequest#rungsOf}; a scenario that picks its rungs otherwise (exhibits in
     * the standard run, its own option naming them) says so here, and runs exactly the ids it is given back as
     * {@link ScenarioRequest#rungs()}.
     */
    default List<String> rungIds(ScenarioRequest request, O options, Ladder<?> ladder) {
        return request.rungsOf(ladder).stream().map(Entry::id).collect(Collectors.toList());
    }

}
