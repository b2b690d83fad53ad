package dev.perflab.compare;

import dev.perflab.report.LadderGroup;
import dev.perflab.report.LadderReport;
import dev.perflab.report.Row;
import dev.perflab.report.Speedup;
import dev.perflab.report.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Two runs of JMH results (from any project) side by side.
 *
 * <p><b>Rows</b> are matched by benchmark, mode and every param. A row counts as a regression or an
 * improvement only if it moved by more than the threshold <em>and</em> the two runs' confidence intervals
 * (JMH's score ± error) do not overlap; otherwise it is "no change". Direction follows the unit: for
 * ops/time higher is better, for time/op lower is better.
 *
 * <p><b>Rung ratios</b> (each rung's × r0 in its ladder) are compared the same way, with intervals from both
 * rows' errors. Ratios survive a change of machine; absolute scores do not.
 */
public final class RunComparison {

    /** One row in both runs. {@code change} is how many times better head is than base. */
    public record RowChange(Row base, Row head, double change, Verdict verdict) {
    }

    /** One rung's speedup over r0 in both runs; {@code change} is head's ratio over base's. */
    public record RatioChange(LadderGroup group, String rung, double baseRatio, double headRatio, double change,
                              Verdict verdict) {
    }

    private final List<RowChange> rows = new ArrayList<>();
    private final List<RatioChange> ratios = new ArrayList<>();
    private final List<Row> onlyInBase = new ArrayList<>();
    private final List<Row> onlyInHead = new ArrayList<>();

    private RunComparison() {
    }

    /**
     * @param threshold relative move that counts, e.g. 0.10 for 10%
     */
    public static RunComparison of(List<Row> base, List<Row> head, double threshold) {
        RunComparison c = new RunComparison();
        c.compareRows(base, head, threshold);
        c.compareRatios(LadderReport.of(base), LadderReport.of(head), threshold);
        return c;
    }

    private static List<Object> key(Row row) {
        return List.of(row.benchmark(), row.mode(), row.params());
    }

    private void compareRows(List<Row> base, List<Row> head, double threshold) {
        Map<List<Object>, Row> headByKey = new LinkedHashMap<>();
        head.forEach(r -> headByKey.putIfAbsent(key(r), r));
        for (Row b : base) {
            Row h = headByKey.remove(key(b));
            if (h == null) {
                onlyInBase.add(b);
                continue;
            }
            OptionalDouble change = Speedup.of(b, h);
            if (change.isEmpty()) {
                onlyInBase.add(b);
                onlyInHead.add(h);
                continue;
            }
            double[] interval = Speedup.interval(b, h);
            rows.add(new RowChange(b, h, change.getAsDouble(),
                    Verdict.of(change.getAsDouble(), interval[0], interval[1], threshold)));
        }
        onlyInHead.addAll(headByKey.values());
    }

    private void compareRatios(LadderReport base, LadderReport head, double threshold) {
        for (LadderGroup b : base.groups()) {
            LadderGroup h = head.groups().stream().filter(g -> sameGroup(b, g)).findFirst().orElse(null);
            if (h == null || !b.ladder()) {
                continue;
            }
            Row baseR0 = r0(b);
            Row headR0 = r0(h);
            for (Step step : b.steps()) {
                Step other = h.steps().stream().filter(s -> Objects.equals(s.label(), step.label())).findFirst().orElse(null);
                if (other == null || baseR0 == null || headR0 == null || step.row() == baseR0
                        || step.vsR0().isEmpty() || other.vsR0().isEmpty()) {
                    continue;
                }
                double before = step.vsR0().getAsDouble();
                double after = other.vsR0().getAsDouble();
                double[] bi = Speedup.interval(baseR0, step.row());
                double[] hi = Speedup.interval(headR0, other.row());
                double change = after / before;
                // The ratios' intervals overlap when head's range reaches base's: then the move is noise.
                double low = hi[0] / bi[1];
                double high = hi[1] / bi[0];
                ratios.add(new RatioChange(b, step.label(), before, after, change, Verdict.of(change, low, high, threshold)));
            }
        }
    }

    private static boolean sameGroup(LadderGroup a, LadderGroup b) {
        return a.benchmark().equals(b.benchmark()) && a.mode().equals(b.mode()) && a.params().equals(b.params());
    }

    /** The row every × r0 in this group is measured against: the r0 rung, else the first rung. */
    private static Row r0(LadderGroup group) {
        return group.steps().stream().map(Step::row).filter(r -> r.rung() != null && r.rung().startsWith("r0-"))
                .findFirst().orElse(group.steps().stream().map(Step::row).filter(Row::isRung).findFirst().orElse(null));
    }

    public List<RowChange> rows() {
        return rows;
    }

    public List<RatioChange> ratios() {
        return ratios;
    }

    public List<Row> onlyInBase() {
        return onlyInBase;
    }

    public List<Row> onlyInHead() {
        return onlyInHead;
    }

    public long regressions() {
        return rows.stream().filter(r -> r.verdict() == Verdict.REGRESSION).count();
    }

    public long ratioRegressions() {
        return ratios.stream().filter(r -> r.verdict() == Verdict.REGRESSION).count();
    }
}
