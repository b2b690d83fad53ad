package dev.perflab.report;

import dev.perflab.base.LabException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which rows of a report to show ({@code ./lab report --mode avgt --benchmark REGEX --param size=1000}): a row
 * is kept when its mode is one of the modes, the regex is found in its {@code Class.method} (as JMH's own include
 * pattern is found in a benchmark's name), and it has every param at the value given. Nothing given keeps all.
 * A selection that keeps nothing says what there is to choose from.
 */
public final class RowSelection implements Predicate<Row> {
    /** JMH's modes by their short names, as the JSON writes them. */
    public static final Set<String> MODES = Set.of("thrpt", "avgt", "sample", "ss");

    private final Set<String> modes;
    private final Pattern benchmark;
    private final Map<String, String> params;

    private RowSelection(Set<String> modes, Pattern benchmark, Map<String, String> params) {
        this.modes = modes;
        this.benchmark = benchmark;
        this.params = params;
    }

    /**
     * @param modes     JMH mode names, or empty for all
     * @param benchmark a regex, or null for all
     * @param params    {@code NAME=VALUE} each, or empty
     */
    public static RowSelection of(List<String> modes, String benchmark, List<String> params) {
        Set<String> m = new LinkedHashSet<>();
        for (String mode : modes) {
            String name = mode.strip().toLowerCase(Locale.ROOT);
            if (!MODES.contains(name)) {
                throw new LabException("--mode " + mode + ": expected one of JMH's modes: thrpt, avgt, sample, ss");
            }
            m.add(name);
        }
        Pattern pattern = null;
        if (benchmark != null) {
            try {
                pattern = Pattern.compile(benchmark);
            } catch (PatternSyntaxException e) {
                throw new LabException("--benchmark " + benchmark + ": not a regex (" + e.getDescription() + ")");
            }
        }
        Map<String, String> p = new LinkedHashMap<>();
        for (String pair : params) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new LabException("--param " + pair + ": expected NAME=VALUE, e.g. --param size=1000");
            }
            p.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        return new RowSelection(m, pattern, p);
    }

    /** True when nothing was asked: every row is kept. */
    public boolean all() {
        return modes.isEmpty() && benchmark == null && params.isEmpty();
    }

    @Override
    public boolean test(Row row) {
        return (modes.isEmpty() || modes.contains(row.mode()))
                && (benchmark == null || benchmark.matcher(row.benchmark()).find())
                && params.entrySet().stream().allMatch(p -> p.getValue().equals(row.params().get(p.getKey())));
    }

    /**
     * The one line for a selection that kept no row: what was asked, and the modes, benchmarks and params the
     * rows have.
     */
    public String nothingKept(List<Row> rows) {
        List<String> asked = new ArrayList<>();
        Set<String> have = new TreeSet<>();
        if (!modes.isEmpty()) {
            asked.add("--mode " + String.join(",", modes));
            rows.forEach(r -> have.add("mode " + r.mode()));
        }
        if (benchmark != null) {
            asked.add("--benchmark " + benchmark.pattern());
        }
        params.forEach((k, v) -> {
            asked.add("--param " + k + "=" + v);
            rows.forEach(r -> {
                if (r.params().containsKey(k)) {
                    have.add(k + "=" + r.params().get(k));
                }
            });
        });
        List<String> shown = have.stream().limit(8).toList();
        return "no row matches " + String.join(" ", asked) + " (of " + rows.size() + " rows"
                + (shown.isEmpty() ? "" : "; they have " + String.join(", ", shown) + (have.size() > shown.size() ? ", …" : ""))
                + ")";
    }
}
