package dev.perflab.cli.component;

import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The component a ladder makes by itself ({@link Component#of}): its rungs and contract, and one JMH suite per
 * benchmark class the ladder names ({@link Ladder#withSuites}). The standard run is each class's own
 * {@code @Fork}, {@code @Warmup} and {@code @Measurement}; the shorter and longer lengths use the options below, as
 * most built-in suites do. Everything else a component may offer keeps its empty default, and the command that
 * needs it says so in one line.
 */
final class LadderComponent implements Component {
    /** CI's pass: one fork, a short warm-up and two short iterations; enough to check the rows, not to rank them. */
    static final JmhOptions SMOKE = new JmhOptions(1, 1, "500ms", 2, "500ms");
    /** A first look: one fork, enough iterations for an error bar. */
    static final JmhOptions QUICK = new JmhOptions(1, 2, "1s", 5, "1s");
    /** For publishing: more forks and iterations than a class's annotations usually give. */
    static final JmhOptions FULL = new JmhOptions(3, 5, "1s", 10, "1s");

    private final Ladder<?> ladder;
    private final List<JmhSuite> suites;

    LadderComponent(Ladder<?> ladder) {
        this.ladder = ladder;
        this.suites = ladder.suites().stream().map(LadderComponent::suite).toList();
    }

    /** A suite named by its class's simple name ({@code KvPutBenchmark} → {@code KvPut}), in every length. */
    private static JmhSuite suite(String className) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        String name = simple.endsWith("Benchmark") && simple.length() > "Benchmark".length()
                ? simple.substring(0, simple.length() - "Benchmark".length()) : simple;
        return JmhSuite.of(name, className, Map.of(RunLength.SMOKE, SMOKE, RunLength.QUICK, QUICK, RunLength.FULL, FULL));
    }

    @Override
    public Ladder<?> ladder() {
        return ladder;
    }

    @Override
    public List<JmhSuite> suites() {
        return suites;
    }

    /**
     * {@code ./lab profile NAME}: the first suite's benchmarks, each {@code @Param} at its first value unless
     * {@code --param} says otherwise, one quick fork per rung.
     */
    @Override
    public Optional<ProfileDefaults> profile() {
        if (ladder.suites().isEmpty()) {
            return Optional.empty();
        }
        String className = ladder.suites().get(0);
        return Optional.of(new ProfileDefaults(className.substring(className.lastIndexOf('.') + 1) + ".", Map.of(), QUICK));
    }
}
