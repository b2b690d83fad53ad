package dev.perflab.cli.kv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvRunResult;
import dev.perflab.kv.KvRunSettings;
import dev.perflab.kv.KvTimeline;
import dev.perflab.kv.KvWarmUp;
import dev.perflab.ladder.Kind;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.JmhRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What {@code ./lab run kv} prints and saves: one table (first-5-s rate, last-5-s rate, sustain ratio,
 * final record count), the per-second timeline of every store as text, JSON and one PNG chart, and
 * JMH-shaped rows that {@code report}, {@code gate} and {@code compare} read.
 *
 * <pre>
 *   DIR/kv.json            JMH-shaped rows: benchmark kv.sustainedPuts, params rung/threads/records,
 *                          score = mean puts/s; secondary firstRate, lastRate (ops/s), sustain (ratio),
 *                          finalCount, lost = puts − finalCount (ops)
 *   DIR/kv.machine.txt     the machine header ./lab report prints
 *   DIR/kv-timeline.txt    the table, then writes/s per second, one column per store
 *   DIR/kv-timeline.json   settings, machine, each store's figures and writesPerSecond[] (or --json FILE)
 *   DIR/kv-timeline.png    writes/s over time, one line per store
 * </pre>
 */
final class KvReport {
    static final String BENCHMARK = KvLadder.COMPONENT + ".sustainedPuts";
    private static final int CHART_WIDTH = 1000;
    private static final int CHART_HEIGHT = 600;
    /**
     * A last interval shorter than this (a run that stopped just after a second) is too short for a rate: it is
     * left off the chart and out of the rows' iterations, where a few writes in milliseconds would be one
     * iteration as heavy as a whole second in the trend check.
     */
    static final double MIN_RATED_INTERVAL_SECONDS = 0.5;

    /**
     * One run of one store ({@code run} counts from 1; {@code --runs N} gives a store N rows, one per writer JVM);
     * {@code warmUp} is null where the writer JVM did not report one (it failed first).
     */
    record Row(String id, Kind kind, KvRunResult result, KvWarmUp.Outcome warmUp, int run) {
        Row(String id, Kind kind, KvRunResult result) {
            this(id, kind, result, null, 1);
        }
    }

    private final String machine;
    private final KvRunSettings settings;
    private final List<Row> rows;
    private final List<String> skipped;
    /** The rows of each store, in the order the stores ran. */
    private final Map<String, List<Row>> byStore = new LinkedHashMap<>();

    KvReport(String machine, KvRunSettings settings, List<Row> rows, List<String> skipped) {
        this.machine = machine;
        this.settings = settings;
        this.rows = List.copyOf(rows);
        this.skipped = List.copyOf(skipped);
        rows.forEach(r -> byStore.computeIfAbsent(r.id(), id -> new ArrayList<>()).add(r));
    }

    /** The table, with the machine, the settings and every skipped peer's install line. */
    String table() {
        StringBuilder b = new StringBuilder();
        b.append(machine).append('\n');
        b.append(String.format(Locale.ROOT, "%d writer threads · up to %,d records or %s s per store; rates in writes/s, "
                + "first and last %d s of each run%n", settings.threads(), settings.records(), KvScenario.trim(settings.seconds()),
                KvTimeline.SUSTAIN_WINDOW_SECONDS));
        b.append(String.format(Locale.ROOT, "%-27s %12s %12s %12s %8s %14s %8s  %s%n", "store", "mean", "first", "last",
                "sustain", "final count", "seconds", "count check"));
        for (Row r : rows) {
            KvRunResult x = r.result();
            KvTimeline t = x.timeline();
            b.append(String.format(Locale.ROOT, "%-27s %12s %12s %12s %8s %,14d %8.1f  %s%n", label(r),
                    rate(mean(x)), rate(t.firstRate()), rate(t.lastRate()), ratio(t.sustainRatio()), x.finalCount(), x.seconds(),
                    x.countMatches() ? "ok" : (r.kind() == Kind.EXHIBIT ? "caught: " : "FAILED: ") + x.failure()));
        }
        for (Map.Entry<String, List<Row>> store : byStore.entrySet()) {
            List<Row> runs = store.getValue();
            if (runs.size() > 1) {
                JmhRows.Metric m = JmhRows.Metric.forks(runs.stream().map(r -> mean(r.result())).toList(), "ops/s");
                double low = runs.stream().mapToDouble(r -> mean(r.result())).min().orElseThrow();
                double high = runs.stream().mapToDouble(r -> mean(r.result())).max().orElseThrow();
                b.append(String.format(Locale.ROOT, "%s: %d runs, mean %s writes/s ± %.1f%% (99.9%%, between runs), runs %s–%s%n",
                        store.getKey(), runs.size(), rate(m.score()), 100 * m.error() / m.score(), rate(low), rate(high)));
            }
        }
        for (String s : skipped) {
            b.append(s).append('\n');
        }
        return b.toString();
    }

    /** The store, and which of its runs when it ran more than once ({@code r7-write-behind #2}). */
    private String label(Row r) {
        return byStore.get(r.id()).size() > 1 ? r.id() + " #" + r.run() : r.id();
    }

    /** Writes every file; {@code json} ({@code --json}, checked before the run) overrides where the timeline JSON goes. Returns the paths written. */
    List<Path> write(RunFolder results, OutputFile json) throws IOException {
        List<Path> written = new ArrayList<>();
        Path rowsFile = results.saveRows(ResultsLayout.rows(KvLadder.COMPONENT), jmhRows().json(), machine, null);
        written.add(rowsFile);
        written.add(rowsFile.resolveSibling(ResultsLayout.machine(rowsFile.getFileName().toString())));
        OutputFile text = results.file(KvLadder.COMPONENT + "-timeline.txt");
        text.writeString(table() + "\n" + timelineText());
        written.add(text.path());
        ObjectNode timeline = timelineJson();
        OutputFile timelineFile = json != null ? json : results.file(KvLadder.COMPONENT + "-timeline.json");
        timelineFile.write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, timeline));
        written.add(timelineFile.path());
        if (!rows.isEmpty()) {
            OutputFile png = results.file(KvLadder.COMPONENT + "-timeline.png");
            png.write(out -> BitmapEncoder.saveBitmap(chart(), out, BitmapEncoder.BitmapFormat.PNG));
            written.add(png.path());
        }
        return written;
    }

    /** One row per store; a store that ran more than once ({@code --runs}) has each run as a fork. */
    JmhRows jmhRows() {
        JmhRows out = new JmhRows();
        for (Map.Entry<String, List<Row>> store : byStore.entrySet()) {
            List<Row> runs = store.getValue();
            Map<String, String> params = new LinkedHashMap<>();
            params.put("rung", store.getKey());
            params.put("threads", Integer.toString(settings.threads()));
            params.put("records", Long.toString(settings.records()));
            Map<String, JmhRows.Metric> secondary = new LinkedHashMap<>();
            secondary.put("firstRate", perRun(runs, r -> r.result().timeline().firstRate(), "ops/s"));
            secondary.put("lastRate", perRun(runs, r -> r.result().timeline().lastRate(), "ops/s"));
            secondary.put("sustain", perRun(runs, r -> r.result().timeline().sustainRatio(), "ratio"));
            secondary.put("finalCount", perRun(runs, r -> r.result().finalCount(), "ops"));
            secondary.put("lost", JmhRows.Metric.single(runs.stream().mapToDouble(r -> lost(r.result())).sum(), "ops"));
            if (runs.stream().allMatch(r -> r.warmUp() != null)) {
                secondary.put("warmupSeconds", perRun(runs, r -> r.warmUp().seconds(), "s"));
            }
            List<List<Double>> iterations = new ArrayList<>();
            for (Row r : runs) {
                KvTimeline t = r.result().timeline();
                List<Double> raw = new ArrayList<>();
                for (int i = 0; i < ratedIntervals(t); i++) {
                    raw.add(t.rate(i));
                }
                iterations.add(raw.isEmpty() ? List.of(0.0) : raw);
            }
            JmhRows.Metric primary = runs.size() == 1
                    ? JmhRows.Metric.oneFork(mean(runs.get(0).result()), Double.NaN, "ops/s", iterations.get(0))
                    : JmhRows.Metric.forks(runs.stream().map(r -> mean(r.result())).toList(), iterations, "ops/s");
            out.add(BENCHMARK, "thrpt", params, primary, Map.of(), secondary);
        }
        return out;
    }

    /** A figure of each run: one value as it is, several as forks (their mean, and the spread between them). */
    private static JmhRows.Metric perRun(List<Row> runs, java.util.function.ToDoubleFunction<Row> figure, String unit) {
        List<Double> each = runs.stream().map(figure::applyAsDouble).toList();
        return each.size() == 1 ? JmhRows.Metric.single(each.get(0), unit) : JmhRows.Metric.forks(each, unit);
    }

    /** Records the count check missed: 0 when it passed, NaN when the run failed before it could count. */
    private static double lost(KvRunResult x) {
        return x.countMatches() ? 0 : x.error() != null ? Double.NaN : Math.abs(x.puts() - x.finalCount()) + x.failedPuts();
    }

    private ObjectNode timelineJson() {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode();
        Machine.describe(root);
        root.put("records", settings.records());
        root.put("threads", settings.threads());
        root.put("seconds", settings.seconds());
        root.put("sustainWindowSeconds", KvTimeline.SUSTAIN_WINDOW_SECONDS);
        ArrayNode stores = root.putArray("stores");
        for (Row r : rows) {
            KvRunResult x = r.result();
            KvTimeline t = x.timeline();
            ObjectNode s = stores.addObject();
            s.put("store", r.id());
            s.put("run", r.run());
            s.put("kind", r.kind().name().toLowerCase(Locale.ROOT));
            s.put("puts", x.puts());
            s.put("failedPuts", x.failedPuts());
            s.put("finalCount", x.finalCount());
            s.put("countMatches", x.countMatches());
            s.put("failure", x.failure());
            s.put("seconds", x.seconds());
            s.put("meanRate", mean(x));
            s.put("firstRate", t.firstRate());
            s.put("lastRate", t.lastRate());
            s.put("sustainRatio", t.sustainRatio());
            ArrayNode w = s.putArray("writesPerSecond");
            for (long v : t.writes()) {
                w.add(v);
            }
            s.put("lastIntervalSeconds", t.lastIntervalSeconds());
            if (r.warmUp() != null) {
                s.set("warmup", warmUpJson(m, r.warmUp()));
            }
        }
        ArrayNode sk = root.putArray("skipped");
        skipped.forEach(sk::add);
        return root;
    }

    /**
     * {@code {"rounds": [puts/s, …], "compileShares": [0.31, …], "seconds": S, "level": true}}: the child's record and
     * the timeline's.
     */
    static ObjectNode warmUpJson(ObjectMapper m, KvWarmUp.Outcome w) {
        ObjectNode o = m.createObjectNode();
        ArrayNode rounds = o.putArray("rounds");
        w.rates().forEach(rounds::add);
        ArrayNode shares = o.putArray("compileShares");
        w.compileShares().forEach(shares::add);
        o.put("seconds", w.seconds());
        o.put("level", w.level());
        return o;
    }

    /** {@link #warmUpJson} read back; null when {@code o} is missing (a result written without a warm-up). */
    static KvWarmUp.Outcome warmUp(JsonNode o) {
        if (o == null || o.isNull()) {
            return null;
        }
        List<Double> rates = new ArrayList<>();
        o.get("rounds").forEach(v -> rates.add(v.asDouble()));
        List<Double> shares = new ArrayList<>();
        o.get("compileShares").forEach(v -> shares.add(v.asDouble()));
        return new KvWarmUp.Outcome(rates, shares, o.get("seconds").asDouble(), o.get("level").asBoolean());
    }

    /** The warm-up in one line, as the writer JVM prints it before its run. */
    static String describe(KvWarmUp.Outcome w) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "warm-up: %d round%s on scratch stores, %.1f s (puts/s:",
                w.rates().size(), w.rates().size() == 1 ? "" : "s", w.seconds()));
        w.rates().forEach(r -> line.append(' ').append(compact(r)));
        line.append("; JIT busy:");
        w.compileShares().forEach(c -> line.append(String.format(Locale.ROOT, " %.0f%%", 100 * c)));
        line.append("): ");
        if (w.level()) {
            line.append(String.format(Locale.ROOT, "warm (the last %d rounds rose ≤ %.0f%% above the best before them, the JIT"
                    + " busy < %.0f%% of the last)", KvWarmUp.LEVEL_ROUNDS, KvWarmUp.RISE * 100, KvWarmUp.QUIET_COMPILE_SHARE * 100));
        } else {
            line.append(String.format(Locale.ROOT, "NOT warm when the limit (%.0f s or %d rounds) stopped it; the run's first"
                    + " seconds may still be warming up", KvWarmUp.MAX_SECONDS, KvWarmUp.MAX_ROUNDS));
        }
        return line.toString();
    }

    private String timelineText() {
        StringBuilder b = new StringBuilder("second");
        int longest = 0;
        for (Row r : rows) {
            b.append('\t').append(label(r));
            longest = Math.max(longest, r.result().timeline().writes().length);
        }
        b.append('\n');
        for (int i = 0; i < longest; i++) {
            b.append(i + 1);
            for (Row r : rows) {
                long[] w = r.result().timeline().writes();
                b.append('\t').append(i < w.length ? String.format(Locale.ROOT, "%.0f", r.result().timeline().rate(i)) : "");
            }
            b.append('\n');
        }
        return b.toString();
    }

    XYChart chart() {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(CHART_WIDTH).height(CHART_HEIGHT)
                .title("kv: writes/s per second, " + settings.threads() + " threads · " + machine)
                .xAxisTitle("second of the run").yAxisTitle("writes/s").build();
        chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(11f));
        chart.getStyler().setYAxisDecimalPattern("#,###");
        for (Row r : rows) {
            KvTimeline t = r.result().timeline();
            int n = ratedIntervals(t);
            if (n == 0) {
                continue;
            }
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = i + 1;
                y[i] = t.rate(i);
            }
            XYSeries s = chart.addSeries(label(r), x, y);
            s.setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    /** The intervals long enough for a rate: every whole second, and the last one if it lasted {@link #MIN_RATED_INTERVAL_SECONDS}. */
    static int ratedIntervals(KvTimeline t) {
        return t.lastIntervalSeconds() >= MIN_RATED_INTERVAL_SECONDS ? t.writes().length : t.fullSeconds();
    }

    static double mean(KvRunResult r) {
        return r.seconds() > 0 ? r.puts() / r.seconds() : 0;
    }

    /** 1234567 → {@code 1.23M}, 45600 → {@code 45.6k}. */
    static String compact(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        }
        if (v >= 1e3) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    static String rate(double v) {
        return compact(v);
    }

    /** A sustain ratio to two places; {@code n/a} for a run shorter than 2 s. */
    static String ratio(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }
}
