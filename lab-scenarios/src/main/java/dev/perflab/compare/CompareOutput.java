package dev.perflab.compare;

import dev.perflab.report.BenchmarkNames;
import dev.perflab.report.Formats;
import dev.perflab.report.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/** A comparison as console text: what regressed or improved, then the rung ratios, then a summary. */
public final class CompareOutput {
    private CompareOutput() {
    }

    public static String text(RunComparison c, double threshold, boolean all) {
        return text(c, threshold, all, false);
    }

    /**
     * @param ratiosOnly the rows are not judged (runs from different machines): their moves are listed as
     *                   "slower" and "faster", never as regressions, and only the rung ratios can fail
     */
    public static String text(RunComparison c, double threshold, boolean all, boolean ratiosOnly) {
        return text(c, threshold, all, ratiosOnly ? NotJudged.RATIOS_ONLY : NotJudged.NO);
    }

    /** Why the rows are not judged, if they are not: the option, or set-ups that differ. */
    public enum NotJudged {
        NO(""),
        RATIOS_ONLY("not judged with --ratios-only: scores from different machines; "),
        SETUPS("not judged: base and head differ in set-up, above; --across-setups judges them; ");

        final String why;

        NotJudged(String why) {
            this.why = why;
        }
    }

    /**
     * The rows that moved, the rung ratios that moved, the rows only one run has, and a summary. A section with
     * nothing to list is left out: another project's files have no rung ratios, and an unchanged run has no moves.
     */
    public static String text(RunComparison c, double threshold, boolean all, NotJudged notJudged) {
        Map<String, String> names = names(c);
        StringBuilder out = new StringBuilder();
        String percent = new java.math.BigDecimal(threshold * 100).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
        boolean judged = notJudged == NotJudged.NO;
        List<String> rows = new ArrayList<>();
        for (RunComparison.RowChange r : c.rows()) {
            if (all || r.verdict() != Verdict.NO_CHANGE) {
                rows.add(String.format(Locale.ROOT, "  %-11s %8s  %s → %s  %s%n", judged ? label(r.verdict()) : moved(r.verdict()),
                        Formats.speedup(OptionalDouble.of(r.change())), Formats.score(r.base()), Formats.score(r.head()),
                        name(r.base(), names)));
            }
        }
        section(out, String.format(Locale.ROOT, "rows (%smoved > %s%% and intervals apart; ×: head vs base, above 1 is better)%n",
                notJudged.why, percent), rows);
        List<String> ratios = new ArrayList<>();
        for (RunComparison.RatioChange r : c.ratios()) {
            if (all || r.verdict() != Verdict.NO_CHANGE) {
                ratios.add(String.format(Locale.ROOT, "  %-11s %8s  %s → %s  %s %s%n", label(r.verdict()),
                        Formats.speedup(OptionalDouble.of(r.change())), Formats.speedup(OptionalDouble.of(r.baseRatio())),
                        Formats.speedup(OptionalDouble.of(r.headRatio())), r.group().title(), r.rung()));
            }
        }
        section(out, String.format(Locale.ROOT, "rung ratios (× r0 in each run)%n"), ratios);
        c.onlyInBase().forEach(r -> out.append("  only in base: ").append(name(r, names)).append('\n'));
        c.onlyInHead().forEach(r -> out.append("  only in head: ").append(name(r, names)).append('\n'));
        List<Verdict> verdicts = c.rows().stream().map(RunComparison.RowChange::verdict).toList();
        out.append(judged
                ? String.format(Locale.ROOT, "%d rows: %d regressions, %d improvements, %d no change", c.rows().size(),
                        c.regressions(), count(verdicts, Verdict.IMPROVEMENT), count(verdicts, Verdict.NO_CHANGE))
                : String.format(Locale.ROOT, "%d rows, not judged: %d slower, %d faster, %d no change", c.rows().size(),
                        c.regressions(), count(verdicts, Verdict.IMPROVEMENT), count(verdicts, Verdict.NO_CHANGE)));
        out.append(String.format(Locale.ROOT, " (moved > %s%% and intervals apart)", percent));
        if (!c.ratios().isEmpty()) {
            out.append(String.format(Locale.ROOT, "; %d rung ratios: %d regressions, %d improvements", c.ratios().size(),
                    c.ratioRegressions(), count(c.ratios().stream().map(RunComparison.RatioChange::verdict).toList(), Verdict.IMPROVEMENT)));
        }
        return out.append('\n').toString();
    }

    private static void section(StringBuilder out, String header, List<String> lines) {
        if (!lines.isEmpty()) {
            out.append(header);
            lines.forEach(out::append);
        }
    }

    /** A row's move when rows are not judged. */
    private static String moved(Verdict v) {
        return v == Verdict.REGRESSION ? "slower" : v == Verdict.IMPROVEMENT ? "faster" : "no change";
    }

    private static long count(List<Verdict> verdicts, Verdict v) {
        return verdicts.stream().filter(x -> x == v).count();
    }

    private static String label(Verdict v) {
        return v.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * How each benchmark of either run is named: {@code Class.method}, or its full name where another benchmark
     * of the two runs shares that short name (a package renamed between base and head reads as two different
     * rows, "only in base" and "only in head", and must show why).
     */
    private static Map<String, String> names(RunComparison c) {
        List<String> benchmarks = new ArrayList<>();
        c.rows().forEach(r -> benchmarks.add(r.base().benchmark()));
        c.onlyInBase().forEach(r -> benchmarks.add(r.benchmark()));
        c.onlyInHead().forEach(r -> benchmarks.add(r.benchmark()));
        return BenchmarkNames.of(benchmarks);
    }

    private static String name(Row row, Map<String, String> names) {
        String params = row.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return names.getOrDefault(row.benchmark(), row.shortBenchmark()) + (params.isEmpty() ? "" : " " + params)
                + " (" + row.mode() + ")";
    }
}
