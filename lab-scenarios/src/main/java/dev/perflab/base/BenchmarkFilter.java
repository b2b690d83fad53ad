package dev.perflab.base;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * What {@code --benchmark REGEX} selects, the same for {@code run}, {@code ab}, {@code profile}, {@code report} and
 * {@code grade}: a benchmark is in when the regex is <em>found anywhere</em> in its {@code Class.method}, as JMH's own
 * include finds its regex in a name. So {@code cancel} selects {@code cancelFirst}, {@code cancelLast} and
 * {@code cancelNonexistent}, {@code replay} every replay size, {@code Cancel.*Last$} one method.
 *
 * <p>The regex is matched against {@code Class.method} rather than the full name so that a word of the package
 * ({@code orderbook} in {@code dev.perflab.bench.orderbook}) does not select a whole component by accident; an
 * anchor therefore anchors there ({@code ^OrderBook}). A regex that matches a whole full name
 * ({@code dev\.perflab\.bench\.RulerBenchmark\.sortCopy}) selects it too, so a name copied from JMH's list works.
 *
 * <pre>
 *   dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast
 *                               └──────── Class.method ──────────┘   "cancel" found here: in
 * </pre>
 *
 * JMH gets the result as an exact include of the names selected ({@link #include}), listed from JMH's own benchmark
 * list, so what a run measures is exactly what {@link #select} printed. Immutable.
 */
public final class BenchmarkFilter {
    /** Every benchmark: no {@code --benchmark} given. */
    public static final BenchmarkFilter ALL = new BenchmarkFilter(null, null);

    /** A JMH include that matches no name: {@code (?!)} fails everywhere. */
    private static final String NOTHING = "(?!)";

    private final String regex;
    private final Pattern pattern;

    private BenchmarkFilter(String regex, Pattern pattern) {
        this.regex = regex;
        this.pattern = pattern;
    }

    /**
     * The filter of one option's value.
     *
     * @param option the option it came from, for the error ({@code --benchmark})
     * @param regex  the value; null or empty selects every benchmark
     * @throws LabException (exit 2) when the value is not a regex, naming the option and what is wrong
     */
    public static BenchmarkFilter of(String option, String regex) {
        if (regex == null || regex.isEmpty()) {
            return ALL;
        }
        try {
            return new BenchmarkFilter(regex, Pattern.compile(regex));
        } catch (PatternSyntaxException e) {
            String where = e.getIndex() < 0 ? "" : e.getIndex() >= regex.length() ? " at its end" : " at character " + (e.getIndex() + 1);
            throw new LabException(option + " " + regex + ": not a regex (" + e.getDescription() + where
                    + "); it is found anywhere in Class.method, e.g. cancel or Cancel.*Last$");
        }
    }

    /** True when no regex was given. */
    public boolean all() {
        return pattern == null;
    }

    /** The regex as given; null for {@link #ALL}. */
    public String regex() {
        return regex;
    }

    /**
     * Whether the benchmark is selected.
     *
     * @param benchmark its full name as JMH writes it, {@code pkg.Class.method} (a bare {@code Class.method} works too)
     */
    public boolean matches(String benchmark) {
        return pattern == null || pattern.matcher(shortName(benchmark)).find() || pattern.matcher(benchmark).matches();
    }

    /** The benchmarks selected, in the order given. */
    public List<String> select(Collection<String> benchmarks) {
        return benchmarks.stream().filter(this::matches).collect(Collectors.toList());
    }

    /**
     * JMH's include regex for exactly these benchmarks and no other; one that matches nothing when there are none.
     *
     * @param benchmarks full names, {@code pkg.Class.method}
     */
    public static String include(Collection<String> benchmarks) {
        if (benchmarks.isEmpty()) {
            return NOTHING;
        }
        return benchmarks.stream().distinct().map(Pattern::quote).collect(Collectors.joining("|", "^(?:", ")$"));
    }

    /** {@code Class.method}: the last two dotted parts of a full name. */
    static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int clazz = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(clazz + 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BenchmarkFilter other && Objects.equals(regex, other.regex);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(regex);
    }

    @Override
    public String toString() {
        return regex == null ? "every benchmark" : "--benchmark " + regex;
    }
}
