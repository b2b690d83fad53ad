package dev.perflab.history;

import dev.perflab.report.Formats;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The history as text: per series a title, a sparkline over all its runs, and a table of its newest runs
 * (date, commit, branch, score ± error, unit).
 *
 * <pre>
 *   OrderBookCancelBenchmark.cancelLast [depth=1, rung=r4-intrusive-list] · thrpt · 40 runs
 *     ▃▃▄▃▃▃▄▃▃▃▃▄▃▃▃▄▃▃▆▇▇▆▇▇▆▇▇▇▆▇▇▆▇▇▆▇▇▇▆▇   11,910,000 … 13,520,000 ops/s
 *     date (UTC)        commit       branch   score ± error
 *     YYYY-MM-DD hh:mm  3f9c1a2b3c   main     13,411,200 ± 98,300 ops/s
 * </pre>
 * A commit marked {@code *} was measured with uncommitted changes.
 */
public final class HistoryText {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private HistoryText() {
    }

    /**
     * @param lastRuns how many of each series' newest runs its table shows
     */
    public static String render(History history, int lastRuns) {
        StringBuilder out = new StringBuilder();
        for (Series raw : history.series()) {
            Series s = readable(raw);
            out.append('\n').append(title(s)).append('\n');
            List<Double> scores = s.points().stream().map(Series.Point::score).toList();
            double min = scores.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            double max = scores.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            out.append("  ").append(Sparkline.of(scores)).append("   ").append(Formats.number(min)).append(" … ")
                    .append(Formats.number(max)).append(' ').append(s.unit()).append('\n');
            out.append(String.format("  %-17s %-11s  %-12s %s%n", "date (UTC)", "commit", "branch", "score ± error"));
            List<Series.Point> points = s.points();
            for (Series.Point p : points.subList(Math.max(0, points.size() - lastRuns), points.size())) {
                GitState git = p.run().git();
                String commit = git.shortCommit() + (Boolean.TRUE.equals(git.dirty()) ? "*" : "");
                out.append(String.format("  %-17s %-11s  %-12s %s%n", DATE.format(p.run().time()), commit,
                        git.branch() == null ? "-" : git.branch(), score(p)));
            }
            if (points.size() > lastRuns) {
                out.append(String.format("  (%d older runs in the sparkline only; --last N shows more)%n", points.size() - lastRuns));
            }
        }
        return out.toString();
    }

    /** {@code Class.method [p=v, …] · mode · N runs}, with {@code : metric} for a secondary metric. */
    public static String title(Series s) {
        return shortName(s.benchmark()) + params(s.params()) + (s.metric() == null ? "" : " : " + s.metric())
                + " · " + s.mode() + " · " + s.points().size() + " runs";
    }

    static String params(Map<String, String> params) {
        if (params.isEmpty()) {
            return "";
        }
        return params.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", " [", "]"));
    }

    /** {@code dev.perflab.bench.OrderBookCancelBenchmark.cancelLast} → {@code OrderBookCancelBenchmark.cancelLast}. */
    static String shortName(String benchmark) {
        int methodDot = benchmark.lastIndexOf('.');
        int classDot = methodDot > 0 ? benchmark.lastIndexOf('.', methodDot - 1) : -1;
        return benchmark.substring(classDot + 1);
    }

    static String score(Series.Point p) {
        String score = Formats.number(p.score());
        return (Double.isNaN(p.error()) ? score : score + " ± " + Formats.number(p.error())) + " " + p.unit()
                + percentiles(p.percentiles());
    }

    /** A sample or single-shot row's spread: {@code   p50 1.20 · p99 3.40 · p99.9 8.10 · max 12.0}. */
    static String percentiles(Map<String, Double> percentiles) {
        StringBuilder out = new StringBuilder();
        for (String[] shown : SHOWN_PERCENTILES) {
            Double v = percentiles.get(shown[0]);
            if (v != null) {
                out.append(out.length() == 0 ? "   " : " · ").append(shown[1]).append(' ').append(Formats.number(v));
            }
        }
        return out.toString();
    }

    /** JMH's percentile keys and how the table names them. */
    private static final List<String[]> SHOWN_PERCENTILES = List.of(
            new String[] {"50.0", "p50"}, new String[] {"99.0", "p99"}, new String[] {"99.9", "p99.9"}, new String[] {"100.0", "max"});

    /** The series with its times rescaled so they read as numbers from 1 to 1,000 ({@code 5.99e-5 s/op} as {@code 59.9 us/op}). */
    static Series readable(Series s) {
        double largest = s.points().stream().mapToDouble(Series.Point::score).filter(Double::isFinite).max().orElse(Double.NaN);
        String unit = dev.perflab.report.Units.readable(largest, s.unit());
        return unit.equals(s.unit()) ? s : new Series(s.name(), s.benchmark(), s.params(), s.metric(), s.mode(), unit,
                s.points().stream().map(p -> HistoryReader.inUnit(p, unit)).toList());
    }

    /** One change point as a line: {@code TITLE: +9.8% at 3f9c1a2b3c (YYYY-MM-DD hh:mm UTC), p = 0.00012}. */
    public static String changeLine(ChangePoint c, Series s) {
        return String.format(java.util.Locale.ROOT, "  %s%s%s: %+.1f%% at %s (%s UTC), %s", shortName(s.benchmark()),
                params(s.params()), s.metric() == null ? "" : " : " + s.metric(), c.changePercent(),
                c.commit() == null ? "-" : new GitState(c.commit(), null, null).shortCommit(), DATE.format(c.time()), pValue(c.pValue()));
    }

    /** Otava prints p-values to 6 decimals, so its 0 means below one in a million. */
    static String pValue(double p) {
        return p < OTAVA_SMALLEST_P ? "p < 0.000001" : String.format(java.util.Locale.ROOT, "p = %.2g", p);
    }

    private static final double OTAVA_SMALLEST_P = 0.000001;
}
