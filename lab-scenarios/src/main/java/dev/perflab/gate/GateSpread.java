package dev.perflab.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much room each gate leaves, from the same gates evaluated on N repeated runs of the same pass: the
 * value's spread from run to run, the gate's margin in units of that spread, the collapse it catches, and the
 * threshold that would fail a run by chance about once in a hundred. Spreads are taken on the logarithm (ratios
 * and rates vary by factors), as the sample standard deviation of ln(value).
 *
 * <pre>
 *   margin   = ln(median / threshold) / sd      ("4.2 sd": a chance failure needs a 4.2-sd low run)
 *   catches  = median / threshold               ("a ×5.4 collapse": the value must fall that far to fail)
 *   at 1%    = median · e^(∓2.33 · sd)          (one-sided normal quantile; the tightest threshold with ≤ 1% false failures)
 * </pre>
 *
 * A count that must be exactly 0 (lost messages, errors), and a yes-or-no check that must be 1 (a byte-exact
 * result), have no spread to speak of: they are reported as exact.
 */
public final class GateSpread {
    /** The one-sided normal quantile for 1% false failures. */
    static final double Z_ONE_PERCENT = 2.326;

    private GateSpread() {
    }

    /** One gate over the runs. */
    public record Row(Gate gate, List<Double> values, int failed, int notMeasured) {
        double[] logs() {
            return values.stream().filter(v -> v > 0 && Double.isFinite(v)).mapToDouble(Math::log).toArray();
        }

        double median() {
            double[] sorted = values.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).sorted().toArray();
            if (sorted.length == 0) {
                return Double.NaN;
            }
            return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        }

        double logSd() {
            double[] logs = logs();
            if (logs.length < 2) {
                return Double.NaN;
            }
            double mean = Arrays.stream(logs).average().orElse(0);
            return Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (logs.length - 1));
        }
    }

    /**
     * The gates evaluated on each run.
     *
     * @param runs each run's results, gate by gate in the same order
     */
    public static List<Row> of(List<List<GateResult>> runs) {
        List<Row> rows = new ArrayList<>();
        for (int g = 0; g < runs.get(0).size(); g++) {
            int index = g;
            List<GateResult> results = runs.stream().map(r -> r.get(index)).filter(GateResult::checked).collect(Collectors.toList());
            if (results.isEmpty()) {
                continue;
            }
            rows.add(new Row(results.get(0).gate(), results.stream().map(GateResult::value).filter(v -> !v.isNaN()).collect(Collectors.toList()),
                    (int) results.stream().filter(GateResult::failed).count(), (int) results.stream().filter(r -> Double.isNaN(r.value())).count()));
        }
        return rows;
    }

    /** The table as markdown: a row per gate checked in the runs. */
    public static String markdown(List<Row> rows, int runs, String header) {
        StringBuilder out = new StringBuilder();
        out.append("#### gate spread over ").append(runs).append(" runs\n\n").append(header).append("\n\n");
        out.append("| gate | threshold | median | lowest – highest | spread (sd of ln) | margin | catches | threshold at 1% false failures "
                + "| failed |\n");
        out.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            out.append("| ").append(r.gate().name().replace("|", "\\|")).append(" | ").append(threshold(r.gate()))
                    .append(" | ").append(GateEvaluator.format(r.median())).append(" | ").append(range(r)).append(" | ").append(spread(r))
                    .append(" | ").append(margin(r)).append(" | ").append(catches(r)).append(" | ").append(suggested(r))
                    .append(" | ").append(r.failed()).append(" of ").append(r.values().size() + r.notMeasured()).append(" |\n");
        }
        return out.toString();
    }

    /** The lowest and the highest run: a gate whose runs fall in two groups shows it here, not in the sd. */
    private static String range(Row r) {
        double[] finite = r.values().stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).toArray();
        if (finite.length == 0) {
            return "–";
        }
        return GateEvaluator.format(Arrays.stream(finite).min().getAsDouble()) + " – "
                + GateEvaluator.format(Arrays.stream(finite).max().getAsDouble());
    }

    private static String threshold(Gate gate) {
        if (gate instanceof Gate.Ratio ratio) {
            return "≥ ×" + GateEvaluator.format(ratio.min());
        }
        Gate.Bound b = (Gate.Bound) gate;
        return (b.min() != null ? "≥ " + GateEvaluator.format(b.min()) : "") + (b.min() != null && b.max() != null ? ", " : "")
                + (b.max() != null ? "≤ " + GateEvaluator.format(b.max()) : "");
    }

    /** The threshold a value must stay on the right side of, and which way: +1 for a minimum, −1 for a maximum. */
    private static double[] limit(Gate gate) {
        if (gate instanceof Gate.Ratio ratio) {
            return new double[] {ratio.min(), 1};
        }
        Gate.Bound b = (Gate.Bound) gate;
        return b.min() != null && b.min() > 0 ? new double[] {b.min(), 1} : b.max() != null && b.max() > 0 ? new double[] {b.max(), -1}
                : new double[] {Double.NaN, 0};
    }

    private static boolean exact(Row r) {
        return Double.isNaN(limit(r.gate())[0]) || yesNo(r);
    }

    /** A check that is 1 when it holds and 0 when not (a byte-exact result, a late joiner that joined): no spread. */
    private static boolean yesNo(Row r) {
        return r.gate() instanceof Gate.Bound b && b.min() != null && b.min() == 1 && b.max() == null
                && r.values().stream().allMatch(v -> v == 0 || v == 1);
    }

    private static String spread(Row r) {
        return yesNo(r) ? "exact (yes or no)" : exact(r) ? "exact (a count)" : Double.isNaN(r.logSd()) ? "–"
                : String.format(Locale.ROOT, "%.3f", r.logSd());
    }

    private static String margin(Row r) {
        double[] limit = limit(r.gate());
        if (exact(r) || Double.isNaN(r.logSd()) || r.logSd() == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.1f sd", limit[1] * Math.log(r.median() / limit[0]) / r.logSd());
    }

    private static String catches(Row r) {
        double[] limit = limit(r.gate());
        if (exact(r) || !(r.median() > 0)) {
            return yesNo(r) ? "any run that says no" : exact(r) ? "any loss or error" : "–";
        }
        double factor = limit[1] > 0 ? r.median() / limit[0] : limit[0] / r.median();
        return factor >= 1 ? "a ×" + GateEvaluator.format(factor) + (limit[1] > 0 ? " fall" : " rise") : "fails at the median";
    }

    private static String suggested(Row r) {
        double[] limit = limit(r.gate());
        if (exact(r) || Double.isNaN(r.logSd())) {
            return "–";
        }
        return (limit[1] > 0 ? "≥ " : "≤ ") + GateEvaluator.format(r.median() * Math.exp(-limit[1] * Z_ONE_PERCENT * r.logSd()));
    }
}
