package dev.perflab.fleet;

import dev.perflab.gate.Gate;
import dev.perflab.gate.RowSelector;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which planned rows a gate file ties together: every ratio gate divides its numerator's row by its denominator's,
 * and a ratio is honest only between rows measured side by side, so both go to the same shard. Rows are picked
 * the way {@code ./lab gate} picks them from results (a benchmark's full name or suffix, every param, a rung's
 * short {@code rN} prefix, {@code naive} the lowest-numbered rung and {@code tuned} the highest among the
 * matching rows), here among the rows the run plans. A selector that picks several rows ties all of them; one
 * that picks none ties nothing (the gate is about rows this run does not make). Bounds read one row: no tie.
 */
final class GateTies {
    private static final String RUNG = "rung";
    private static final Pattern RUNG_NUMBER = Pattern.compile("r(\\d+)-.*");

    private GateTies() {
    }

    /** For each ratio gate with rows on both sides in {@code rows}: the indices (into {@code rows}) it ties. */
    static List<List<Integer>> of(List<Gate> gates, List<PlannedRow> rows) {
        List<List<Integer>> ties = new ArrayList<>();
        for (Gate gate : gates) {
            if (gate instanceof Gate.Ratio ratio) {
                List<Integer> numerator = select(ratio.numerator(), rows);
                List<Integer> denominator = select(ratio.denominator(), rows);
                if (!numerator.isEmpty() && !denominator.isEmpty()) {
                    List<Integer> tie = new ArrayList<>(numerator);
                    tie.addAll(denominator);
                    ties.add(tie);
                }
            }
        }
        return ties;
    }

    /** The indices of the rows {@code selector} picks among {@code rows}. */
    static List<Integer> select(RowSelector selector, List<PlannedRow> rows) {
        String rung = selector.params().get(RUNG);
        boolean alias = "naive".equals(rung) || "tuned".equals(rung);
        List<Integer> picked = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            PlannedRow row = rows.get(i);
            if (row.benchmarkNamedBy(selector.benchmark()) && selector.params().entrySet().stream()
                    .allMatch(p -> alias && p.getKey().equals(RUNG) ? row.params().containsKey(RUNG) : matches(row, p))) {
                picked.add(i);
            }
        }
        if (!alias) {
            return picked;
        }
        List<Integer> numbered = picked.stream().filter(i -> rungNumber(rows.get(i)) >= 0).collect(Collectors.toList());
        if (numbered.isEmpty()) {
            return numbered;
        }
        Comparator<Integer> byNumber = Comparator.comparingInt(i -> rungNumber(rows.get(i)));
        int chosen = rungNumber(rows.get("naive".equals(rung) ? numbered.stream().min(byNumber).get() : numbered.stream().max(byNumber).get()));
        return numbered.stream().filter(i -> rungNumber(rows.get(i)) == chosen).collect(Collectors.toList());
    }

    private static boolean matches(PlannedRow row, Map.Entry<String, String> wanted) {
        String actual = row.params().get(wanted.getKey());
        if (actual == null) {
            return false;
        }
        boolean shortRung = RUNG.equals(wanted.getKey()) && !wanted.getValue().contains("-");
        return actual.equals(wanted.getValue()) || shortRung && actual.startsWith(wanted.getValue() + "-");
    }

    private static int rungNumber(PlannedRow row) {
        String rung = row.params().get(RUNG);
        Matcher m = rung == null ? null : RUNG_NUMBER.matcher(rung);
        return m != null && m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }
}
