package dev.perflab.cli.component;

import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openjdk.jmh.annotations.Param;

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

    private static final String RUNG = "rung";

    private final Ladder<?> ladder;
    private final List<JmhSuite> suites;

    LadderComponent(Ladder<?> ladder, ClassLoader loader) {
        this.ladder = ladder;
        this.suites = ladder.suites().stream().map(className -> suite(className, rungsGiven(ladder, className, loader))).toList();
    }

    /**
     * A suite named by its class's simple name ({@code KvPutBenchmark} → {@code KvPut}), in every length; with
     * {@code rungs} (when the ladder gives them) as its {@code rung} values in each.
     */
    private static JmhSuite suite(String className, Map<String, List<String>> rungs) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        String name = simple.endsWith("Benchmark") && simple.length() > "Benchmark".length()
                ? simple.substring(0, simple.length() - "Benchmark".length()) : simple;
        JmhSuite suite = JmhSuite.of(name, className).standard(".*", rungs);
        for (Map.Entry<RunLength, JmhOptions> length : Map.of(RunLength.SMOKE, SMOKE, RunLength.QUICK, QUICK, RunLength.FULL, FULL).entrySet()) {
            suite = suite.with(length.getKey(), length.getValue(), ".*", rungs);
        }
        return suite;
    }

    /**
     * A suite whose class declares {@code @Param({}) public String rung} leaves its rung ids to the ladder, so each
     * id is written once, in its {@code Entry}: JMH lists such a parameter without values and needs them at run time
     * ({@code -p}), and the lab gives every entry but the exercises (which run only when named), in ladder order.
     * Empty (the class's own list applies) when the class lists its ids, or cannot be loaded from here.
     */
    static Map<String, List<String>> rungsGiven(Ladder<?> ladder, String className, ClassLoader loader) {
        Param param;
        try {
            param = Class.forName(className, false, loader).getField(RUNG).getAnnotation(Param.class);
        } catch (ClassNotFoundException | NoSuchFieldException | LinkageError e) {
            return Map.of();
        }
        if (param == null || param.value().length > 0) {
            return Map.of();
        }
        return Map.of(RUNG, ladder.entries().stream().filter(e -> e.kind() != Kind.EXERCISE).map(Entry::id).toList());
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
