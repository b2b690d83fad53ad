package dev.perflab.ab;

import dev.perflab.report.Row;
import dev.perflab.report.Speedup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One row of an A/B run: a benchmark at one combination of params, measured in pairs of forks on both sides.
 *
 * @param benchmark     full name, {@code pkg.Class.method}
 * @param params        its {@code @Param} values
 * @param mode          JMH's mode ({@code thrpt}, {@code avgt}, …)
 * @param unit          the score's unit; its direction says which way is worse
 * @param ratio         head/base of the score with its paired interval
 * @param verdict       at the run's threshold (a ruler: at the ruler threshold)
 * @param ruler         a row that did not change between the revisions (a peer, the JDK-only ruler): if it
 *                      moves, the machine drifted and the run is noisy
 * @param baseScores    each base fork's score, in pair order
 * @param headScores    each head fork's score, in pair order
 * @param iterationCv   the median over all forks of the spread of iterations inside one fork (a coefficient of variation)
 * @param bimodalForks  forks whose iterations look like two modes ({@link ForkSpread#bimodal})
 * @param planted       the slowdown planted in head's forks of this row, in words; empty when none
 */
public record AbRow(String benchmark, Map<String, String> params, String mode, String unit, PairedRatio ratio,
                    AbVerdict verdict, boolean ruler, List<Double> baseScores, List<Double> headScores,
                    double iterationCv, int bimodalForks, String planted) {
    public AbRow {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        baseScores = List.copyOf(baseScores);
        headScores = List.copyOf(headScores);
    }

    /**
     * A row from its forks, pair by pair.
     *
     * @param threshold  the row's threshold (the ruler threshold for a ruler)
     * @param confidence the interval's coverage, e.g. 0.95
     */
    public static AbRow of(List<ForkResult> base, List<ForkResult> head, boolean ruler, double threshold, double confidence,
                           String planted) {
        Row first = base.get(0).row();
        List<Double> b = base.stream().map(ForkResult::score).collect(Collectors.toList());
        List<Double> h = head.stream().map(ForkResult::score).collect(Collectors.toList());
        PairedRatio ratio = PairedRatio.of(b, h, confidence);
        List<ForkResult> all = new ArrayList<>(base);
        all.addAll(head);
        double iterationCv = ForkSpread.median(all.stream().map(f -> ForkSpread.cv(f.iterations())).collect(Collectors.toList()));
        int bimodal = (int) all.stream().filter(f -> ForkSpread.bimodal(f.iterations())).count();
        return new AbRow(first.benchmark(), first.params(), first.mode(), first.unit(), ratio,
                AbVerdict.of(ratio, threshold, higherIsBetter(first.unit(), first.mode())), ruler, b, h, iterationCv, bimodal,
                planted);
    }

    /** Ops per time: higher is better; time per op: lower; a unit the lab does not know: by JMH's mode. */
    public static boolean higherIsBetter(String unit, String mode) {
        if (Speedup.isThroughput(unit)) {
            return true;
        }
        return !Speedup.isTimePerOp(unit) && "thrpt".equals(mode);
    }

    /** How many times better head is than base, whichever way the unit points (above 1: head is faster). */
    public double speedup() {
        return higherIsBetter(unit, mode) ? ratio.ratio() : 1 / ratio.ratio();
    }

    /** How much slower head is than base in time per operation, t/t₀ − 1: what a plant in head's forks realized. */
    public double slowdown() {
        return 1 / speedup() - 1;
    }

    /** {@code 7.5% slower}, {@code 3.1% faster}: the change as the threshold reads it. */
    public String change() {
        return change(speedup());
    }

    /** {@code 7.5% slower}, {@code 3.1% faster}: a speedup (above 1: faster) as the threshold reads it. */
    public static String change(double speedup) {
        return speedup < 1 ? percent(1 / speedup - 1) + " slower" : percent(speedup - 1) + " faster";
    }

    /** {@code 4.5%}, {@code 5%}, {@code 12%}: one decimal below 10%, none from there, no trailing {@code .0}. */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return "–"; // a score of 0 or ∞ on one side: no change in percent means anything
        }
        if (Math.abs(fraction) >= 1e4) {
            return String.format(Locale.ROOT, "%.2e%%", fraction * 100);
        }
        String text = String.format(Locale.ROOT, Math.abs(fraction) < 0.1 ? "%.1f" : "%.0f", fraction * 100);
        return (text.endsWith(".0") ? text.substring(0, text.length() - 2) : text) + "%";
    }

    /** {@code OrderBookCancelBenchmark.cancelLast}. */
    public String shortBenchmark() {
        int method = benchmark.lastIndexOf('.');
        int clazz = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(clazz + 1);
    }

    /** {@code rung=r4-tick-array depth=1000}; empty without params. */
    public String paramsLabel() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** {@code OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000}: the row as tables name it. */
    public String label() {
        String p = paramsLabel();
        return shortBenchmark() + (p.isEmpty() ? "" : " " + p);
    }

    /** What identifies the row across runs: benchmark, mode and params. */
    public List<Object> key() {
        return List.of(benchmark, mode, params);
    }
}
