package dev.perflab.cli.component;

import dev.perflab.ladder.Ladder;
import dev.perflab.results.ResultsLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One component of the lab, as every command sees it: its ladder and what it offers. The commands
 * ({@code list}, {@code run}, {@code profile}, {@code latency}, {@code gate}) ask a component what it
 * offers and never test its name; a capability a component lacks is an empty default here, and the
 * command that needs it says so in one line (exit 2).
 *
 * <p>Registered once, by a line in {@code META-INF/services/dev.perflab.cli.component.Component}
 * ({@link Registry#builtIn()}); a ladder measured by its JMH suites alone needs no class here at all: a line naming
 * it in {@code META-INF/perflab/ladders} makes its component with {@link #of}. See the package comment for how to
 * add one.
 */
public interface Component {
    /**
     * The component a ladder makes by itself: its rungs, its contract and its JMH suites ({@link Ladder#withSuites}),
     * each run with its class's annotations, and the lab's smoke, quick and full options; nothing else.
     */
    static Component of(Ladder<?> ladder) {
        return of(ladder, Component.class.getClassLoader());
    }

    /** {@link #of(Ladder)} for a ladder {@code loader} found (a {@code --with} jar's): its suite classes are looked up there. */
    static Component of(Ladder<?> ladder, ClassLoader loader) {
        return new LadderComponent(ladder, loader);
    }

    /** The rungs, peers and exhibits; {@link Ladder#component()} is the component's name everywhere. */
    Ladder<?> ladder();

    /** The name on the command line and in result paths: the ladder's. */
    default String name() {
        return ladder().component();
    }

    /**
     * Names the component had before a rename, still accepted for one release ({@code ./lab run mdf} for the
     * forwarder): each use prints one line naming the new name ({@link Registry#renamedNote}). None by default.
     */
    default List<String> formerNames() {
        return List.of();
    }

    /** JMH suites {@code ./lab run} runs, in order; empty if the component has none. */
    default List<JmhSuite> suites() {
        return List.of();
    }

    /**
     * JMH {@code @Param} values a {@code --smoke} run narrows to besides the naive and tuned rungs, e.g. the
     * order book's {@code depth=1,1000}. Only the component's own parameters belong here.
     */
    default Map<String, List<String>> smokeParams() {
        return Map.of();
    }

    /**
     * The value each JMH {@code @Param} takes in an {@code ./lab ab} run's quick and standard selections when
     * {@code --param} does not name it: the point where the component's claims are judged, e.g. the order book's
     * {@code depth=1000}. A paired run measures every row 2 × pairs times, so it gates one point of a grid that
     * {@code ./lab run} measures whole; empty (every value) by default. Only the component's own parameters.
     */
    default Map<String, List<String>> abParams() {
        return Map.of();
    }

    /**
     * The suites an {@code ./lab ab} run's quick and standard selections measure when {@code --rung} names no
     * rung (and {@code --benchmark} chooses rows of at least one of them): every suite by default; a component
     * leaves out a suite whose forks cost far more than what they add to a gate, or that no revision of the lab
     * changes.
     */
    default List<JmhSuite> abSuites() {
        return suites();
    }

    /** The rungs a {@code --smoke} run measures (names as {@link Ladder#resolve} takes them). */
    default List<String> smokeRungs() {
        return List.of("naive", "tuned");
    }

    /** The speedups {@code ./lab run} prints under the ladder, with their intervals; none by default. */
    default List<Headline> headlines() {
        return List.of();
    }

    /** What {@code ./lab profile} profiles by default; empty if the component cannot be profiled. */
    default Optional<ProfileDefaults> profile() {
        return Optional.empty();
    }

    /** What {@code ./lab latency} drives; empty if the component has no latency workload. */
    default Optional<LatencyWorkload> latency() {
        return Optional.empty();
    }

    /** The end-to-end run {@code ./lab run} does instead of the JMH suites; empty if none. */
    default Optional<Scenario<?>> scenario() {
        return Optional.empty();
    }

    /** Extra subcommands of {@code ./lab} (picocli command objects), e.g. {@code ./lab orderbook generate}. */
    default List<Object> subcommands() {
        return List.of();
    }

    /** What this component's runs use beyond a JDK, for {@code ./lab doctor}; none by default. */
    default List<Prerequisite> prerequisites() {
        return List.of();
    }

    /** What {@code ./lab gate} reads when given no {@code --results}: what a default {@code ./lab run} of it writes. */
    default Path defaultResults() {
        return ResultsLayout.DEFAULT.defaultRows(name());
    }
}
