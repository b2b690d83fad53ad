package dev.perflab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One rung's end-to-end result, what every scenario reports: its rate, its {@link Conservation} check, the
 * CPU its roles used and their errors. {@link #addTo} writes it as a JMH-shaped row.
 *
 * <pre>
 *   secondaryMetrics of the row        unit   gate it serves
 *   ─────────────────────────────      ────   ──────────────
 *   one per stage (generated, …)       ops
 *   lost  (first stage − last)         ops    bound max 0: a correct rung loses nothing (NaN if a count is missing)
 *   cpu                                %      share of all cores over the measured window
 *   errors                             lines  bound max 0: no role printed an error
 *   anything the scenario adds (extra)
 * </pre>
 *
 * @param rung       the rung's id
 * @param exhibit    an {@code x-…} exhibit, expected to break the check
 * @param score      the primary metric (operations per second)
 * @param counts     per-stage counts
 * @param cpuPercent the roles' CPU over the measured window, as a share of all cores
 * @param errors     the roles' error lines
 * @param verified   every output the scenario checked was right (e.g. a sample's digests); true if it checks none
 * @param extra      further metrics of this scenario, e.g. a sample's wrong digests
 * @param repeats    the score of each repeat of the run, fresh processes each ({@link #overRepeats}); empty for one run
 */
public record RungResult(String rung, boolean exhibit, double score, Conservation counts, double cpuPercent,
                         List<String> errors, boolean verified, Map<String, JmhRows.Metric> extra, List<Double> repeats) {
    public RungResult {
        errors = List.copyOf(errors);
        extra = new LinkedHashMap<>(extra);
        repeats = List.copyOf(repeats);
    }

    /** One run's result. */
    public RungResult(String rung, boolean exhibit, double score, Conservation counts, double cpuPercent,
                      List<String> errors, boolean verified, Map<String, JmhRows.Metric> extra) {
        this(rung, exhibit, score, counts, cpuPercent, errors, verified, extra, List.of());
    }

    /**
     * One rung run several times over, each with fresh processes: the score is the mean of the runs' scores (each
     * kept as a fork of the row), the CPU their mean; the counts and further metrics are the last run's; every
     * run's errors are kept, each prefixed by its run ({@code day 2: …}); correct only when every run was.
     *
     * @param label what one run is called in the error lines, e.g. {@code day}
     */
    public static RungResult overRepeats(List<RungResult> runs, String label) {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        RungResult last = runs.get(runs.size() - 1);
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String prefix = label + " " + (i + 1) + ": ";
            runs.get(i).errors().forEach(e -> errors.add(prefix + e));
            if (runs.get(i).errors().isEmpty() && !runs.get(i).correct()) {
                errors.add(prefix + "its check failed (see the lines under it)");
            }
        }
        List<Double> scores = runs.stream().map(RungResult::score).toList();
        return new RungResult(last.rung(), last.exhibit(), scores.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), last.counts(),
                runs.stream().mapToDouble(RungResult::cpuPercent).average().orElse(Double.NaN), errors,
                runs.stream().allMatch(RungResult::verified), last.extra(), scores);
    }

    /** The counts are conserved, no role reported an error, and what was checked was right. */
    public boolean correct() {
        return errors.isEmpty() && counts.holds() && verified;
    }

    /** Adds this rung as a row: {@code benchmark}, mode {@code thrpt}, params {@code rung} then {@code params}. */
    public void addTo(JmhRows rows, String benchmark, String unit, Map<String, String> params) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("rung", rung);
        all.putAll(params);
        Map<String, JmhRows.Metric> secondary = new LinkedHashMap<>();
        counts.names().forEach(stage -> secondary.put(stage, JmhRows.Metric.single(counts.count(stage), "ops")));
        long lost = counts.lost();
        secondary.put("lost", JmhRows.Metric.single(lost == Conservation.MISSING ? Double.NaN : lost, "ops"));
        secondary.put("cpu", JmhRows.Metric.single(cpuPercent, "%"));
        secondary.put("errors", JmhRows.Metric.single(errors.size(), "lines"));
        secondary.putAll(extra);
        rows.add(benchmark, "thrpt", all, repeats.size() > 1 ? JmhRows.Metric.forks(repeats, unit) : JmhRows.Metric.single(score, unit),
                Map.of(), secondary);
    }

    /** The exit rule of a scenario run: 1 if a correct rung (not an exhibit) broke its check, else 0. */
    public static int exitCode(List<RungResult> results) {
        return results.stream().anyMatch(r -> !r.exhibit() && !r.correct()) ? 1 : 0;
    }
}
