package dev.perflab.cli.component;

import dev.perflab.base.BenchmarkFilter;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One JMH benchmark class of a component, and what each run length measures of it: which methods, which
 * {@code @Param} values, and with which JMH options. Run lengths differ per suite because a replay invocation
 * can last seconds where a cancel lasts nanoseconds.
 *
 * <p>The standard run (the default of {@code ./lab run}) uses the benchmark class's own {@code @Fork},
 * {@code @Warmup} and {@code @Measurement} and its {@code @Param} lists: the lab passes JMH no iteration flags
 * then, so running the class directly ({@code java -jar benchmarks.jar CLASS}) measures what {@code ./lab run}
 * does, and the annotations are the one place that budget is written. The other lengths ({@code --smoke},
 * {@code --quick}, {@code --full}) are written here; a suite with nothing for a length does not run in it.
 *
 * <pre>
 *   JmhSuite.of("cancel", "….OrderBookCancelBenchmark")
 *           .standard("cancelLast", Map.of())                          options: the class's annotations
 *           .with(QUICK, new JmhOptions(1, 2, "1s", 10, "300ms"), "cancelLast")
 *           .with(FULL, new JmhOptions(2, 2, "1s", 20, "500ms"), ".*", Map.of("depth", List.of("1", "10", "100", "1000")))
 * </pre>
 *
 * @param name      short name, used in file names ({@code orderbook-cancel.json})
 * @param className the JMH benchmark class, in {@code lab-benchmarks}
 * @param lengths   what each run length measures; the standard length's options are always null (the annotations)
 * @param takesRung which rung ids this suite measures when the user names rungs ({@code --rung}): a suite
 *                  that splits a ladder with another (the order book's naive replay has its own budget)
 *                  runs only its share, and not at all when the user named none of its rungs
 */
public record JmhSuite(String name, String className, Map<RunLength, Selection> lengths, Predicate<String> takesRung) {
    /**
     * What one run length measures.
     *
     * @param options JMH's options, or null for the standard run (the class's annotations)
     * @param methods a method-name regex ({@code .*} for all)
     * @param params  {@code @Param} values that replace the class's lists in this length (JMH's {@code -p}); the
     *                user's {@code --param} still wins
     */
    public record Selection(JmhOptions options, String methods, Map<String, List<String>> params) {
        public Selection {
            params = Map.copyOf(params);
        }
    }

    private static final Selection ANNOTATED = new Selection(null, ".*", Map.of());

    public JmhSuite {
        Selection standard = lengths.get(RunLength.STANDARD);
        if (standard != null && standard.options() != null) {
            throw new IllegalArgumentException(name + ": the standard run's options are " + className
                    + "'s own @Fork, @Warmup and @Measurement, not a table's");
        }
        Map<RunLength, Selection> copy = new EnumMap<>(RunLength.class);
        copy.putAll(lengths);
        copy.putIfAbsent(RunLength.STANDARD, ANNOTATED);
        lengths = java.util.Collections.unmodifiableMap(copy);
    }

    /** A suite that runs in the standard length only, every method, with the class's annotations. */
    public static JmhSuite of(String name, String className) {
        return new JmhSuite(name, className, Map.of(), id -> true);
    }

    /** A suite that runs every method, in the standard run and in each length {@code options} has options for. */
    public static JmhSuite of(String name, String className, Map<RunLength, JmhOptions> options) {
        JmhSuite suite = of(name, className);
        for (Map.Entry<RunLength, JmhOptions> e : new EnumMap<>(options).entrySet()) {
            suite = suite.with(e.getKey(), e.getValue());
        }
        return suite;
    }

    /** This suite, measuring only {@code methods} with these {@code params} in the standard run. */
    public JmhSuite standard(String methods, Map<String, List<String>> params) {
        return with(RunLength.STANDARD, new Selection(null, methods, params));
    }

    /** This suite, running every method in {@code length} with {@code options}. */
    public JmhSuite with(RunLength length, JmhOptions options) {
        return with(length, options, ".*", Map.of());
    }

    /** This suite, running the methods matching {@code methods} in {@code length} with {@code options}. */
    public JmhSuite with(RunLength length, JmhOptions options, String methods) {
        return with(length, options, methods, Map.of());
    }

    /** This suite, running the methods matching {@code methods} with these {@code params} in {@code length}. */
    public JmhSuite with(RunLength length, JmhOptions options, String methods, Map<String, List<String>> params) {
        if (length == RunLength.STANDARD) {
            throw new IllegalArgumentException(name + ": the standard run's options are " + className + "'s annotations");
        }
        return with(length, new Selection(options, methods, params));
    }

    /** This suite, measuring only the rung ids {@code takesRung} accepts when the user names rungs. */
    public JmhSuite takingRungs(Predicate<String> takes) {
        return new JmhSuite(name, className, lengths, takes);
    }

    private JmhSuite with(RunLength length, Selection selection) {
        Map<RunLength, Selection> more = new EnumMap<>(RunLength.class);
        more.putAll(lengths);
        more.put(length, selection);
        return new JmhSuite(name, className, more, takesRung);
    }

    /**
     * This suite's {@code -p} overrides in a run length: its own params for the length, then the run's
     * (the user's {@code --param}, the smoke run's narrowing) on top; of the named rungs, those it takes, in the
     * user's order. When it takes none, its {@code rung} list is empty, so it plans no rows and is skipped.
     */
    public Map<String, List<String>> params(RunLength length, Map<String, List<String>> overrides) {
        Map<String, List<String>> result = new LinkedHashMap<>(selection(length).map(Selection::params).orElse(Map.of()));
        result.putAll(overrides);
        List<String> named = overrides.get("rung");
        if (named != null) {
            result.put("rung", named.stream().filter(takesRung).collect(Collectors.toList()));
        }
        return result;
    }

    /** Every suite runs in the standard run; in the others, when it has a selection for them. */
    public boolean runsIn(RunLength length) {
        return lengths.containsKey(length);
    }

    private Optional<Selection> selection(RunLength length) {
        return Optional.ofNullable(lengths.get(length));
    }

    /** The options written here for a length; empty for the standard run (the annotations) or a length it skips. */
    public Optional<JmhOptions> optionsFor(RunLength length) {
        return selection(length).map(Selection::options);
    }

    /** JMH's iteration flags for a run length: none for the standard run, so the class's annotations apply. */
    public List<String> jmhArgs(RunLength length) {
        return optionsFor(length).map(JmhOptions::args).orElse(List.of());
    }

    /** The options a benchmark of this suite runs with in a run length: written here, or its annotations in the catalog. */
    public JmhOptions options(RunLength length, String benchmark, BenchmarkCatalog catalog) {
        return optionsFor(length).orElseGet(() -> catalog.declared(benchmark));
    }

    /** The JMH include regex for a run length: the methods its selection names. */
    public String include(RunLength length) {
        String m = selection(length).map(Selection::methods).orElse(".*");
        return "^" + className.replace(".", "\\.") + "\\.(" + m + ")$";
    }

    /**
     * The JMH include regex for a run length and the user's {@code --benchmark}: without one, the length's own
     * methods; with one, instead of them, exactly the methods of this class it selects (found anywhere in
     * {@code Class.method}, {@link BenchmarkFilter}) among {@code known}, JMH's benchmark list.
     */
    public String include(RunLength length, BenchmarkFilter user, Collection<String> known) {
        return user.all() ? include(length) : BenchmarkFilter.include(user.select(methods(known)));
    }

    /** Of {@code known} full names, this class's benchmarks. */
    public List<String> methods(Collection<String> known) {
        String prefix = className + ".";
        return known.stream().filter(b -> b.startsWith(prefix) && b.indexOf('.', prefix.length()) < 0).sorted().toList();
    }

    /** The include regex of one method of this suite. */
    public String method(String method) {
        return "^" + className.replace(".", "\\.") + "\\." + method + "$";
    }
}
