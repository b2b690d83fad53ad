package dev.perflab.cli.kv;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.kv.KvLadder;
import dev.perflab.kv.KvRunResult;
import dev.perflab.kv.KvRunSettings;
import dev.perflab.kv.KvTimeline;
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

    record Row(String id, Kind kind, KvRunResult result) {
    }

    private final String machine;
    private final KvRunSettings settings;
    private final List<Row> rows;
    private final List<String> skipped;

    KvReport(String machine, KvRunSettings settings, List<Row> rows, List<String> skipped) {
        this.machine = machine;
        this.settings = settings;
        this.rows = List.copyOf(rows);
        this.skipped = List.copyOf(skipped);
    }

    /** The table, with the machine, the settings and every skipped peer's install line. */
    String table() {
        StringBuilder b = new StringBuilder();
        b.append(machine).append('\n');
        b.append(String.format(Locale.ROOT, "%d writer threads · up to %,d records or %s s per store; rates in writes/s, "
                + "first and last %d s of each run%n", settings.threads(), settings.records(), KvScenario.trim(settings.seconds()),
                KvTimeline.SUSTAIN_WINDOW_SECONDS));
        b.append(String.format(Locale.ROOT, "%-24s %12s %12s %12s %8s %14s %8s  %s%n", "store", "mean", "first", "last",
                "sustain", "final count", "seconds", "count check"));
        for (Row r : rows) {
            KvRunResult x = r.result();
            KvTimeline t = x.timeline();
            b.append(String.format(Locale.ROOT, "%-24s %12s %12s %12s %8s %,14d %8.1f  %s%n", r.id(),
                    rate(mean(x)), rate(t.firstRate()), rate(t.lastRate()), ratio(t.sustainRatio()), x.finalCount(), x.seconds(),
                    x.countMatches() ? "ok" : (r.kind() == Kind.EXHIBIT ? "caught: " : "FAILED: ") + x.failure()));
        }
        for (String s : skipped) {
            b.append(s).append('\n');
        }
        return b.toString();
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

    JmhRows jmhRows() {
        JmhRows out = new JmhRows();
        for (Row r : rows) {
            KvRunResult x = r.result();
            KvTimeline t = x.timeline();
            Map<String, String> params = new LinkedHashMap<>();
            params.put("rung", r.id());
            params.put("threads", Integer.toString(settings.threads()));
            params.put("records", Long.toString(settings.records()));
            Map<String, JmhRows.Metric> secondary = new LinkedHashMap<>();
            secondary.put("firstRate", JmhRows.Metric.single(t.firstRate(), "ops/s"));
            secondary.put("lastRate", JmhRows.Metric.single(t.lastRate(), "ops/s"));
            secondary.put("sustain", JmhRows.Metric.single(t.sustainRatio(), "ratio"));
            secondary.put("finalCount", JmhRows.Metric.single(x.finalCount(), "ops"));
            secondary.put("lost", JmhRows.Metric.single(x.countMatches() ? 0 : x.error() != null ? Double.NaN
                    : Math.abs(x.puts() - x.finalCount()) + x.failedPuts(), "ops"));
            List<Double> raw = new ArrayList<>();
            for (int i = 0; i < ratedIntervals(t); i++) {
                raw.add(t.rate(i));
            }
            out.add(BENCHMARK, "thrpt", params, new JmhRows.Metric(mean(x), Double.NaN, "ops/s", raw.isEmpty() ? List.of(0.0) : raw),
                    Map.of(), secondary);
        }
        return out;
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
        }
        ArrayNode sk = root.putArray("skipped");
        skipped.forEach(sk::add);
        return root;
    }

    private String timelineText() {
        StringBuilder b = new StringBuilder("second");
        int longest = 0;
        for (Row r : rows) {
            b.append('\t').append(r.id());
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
            XYSeries s = chart.addSeries(r.id(), x, y);
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
