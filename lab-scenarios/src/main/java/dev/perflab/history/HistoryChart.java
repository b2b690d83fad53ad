package dev.perflab.history;

import dev.perflab.base.OutputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The history as PNG line charts drawn by XChart, headless: one chart per benchmark method and metric, one line
 * per combination of params (a rung of the ladder, a depth), score over the runs' dates with error bars. The
 * y axis is logarithmic when the chart's values span {@link #LOG_SCALE_SPAN}× or more (a whole ladder).
 */
public final class HistoryChart {
    static final double LOG_SCALE_SPAN = 100;
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private HistoryChart() {
    }

    /**
     * Writes {@code COMPONENT-history-Class.method[-metric].png} files where {@code place} puts a file of that name
     * (a folder's {@code resolve}, or a run folder's {@code path}); returns them. A chart whose series hold no finite
     * value is not drawn.
     */
    public static List<Path> write(String component, History history, String header, Function<String, Path> place) throws IOException {
        Map<String, List<Series>> charts = new LinkedHashMap<>();
        for (Series s : history.series()) {
            String file = component + "-history-" + HistoryText.shortName(s.benchmark()) + (s.metric() == null ? "" : "-" + s.metric()) + ".png";
            charts.computeIfAbsent(file.replaceAll("[^A-Za-z0-9._-]", "_"), f -> new ArrayList<>()).add(s);
        }
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, List<Series>> chart : charts.entrySet()) {
            XYChart drawn = chart(chart.getValue(), header);
            if (drawn.getSeriesMap().isEmpty()) {
                continue;
            }
            Path file = place.apply(chart.getKey());
            OutputFile.check("--png", file).write(BitmapEncoder.getBitmapBytes(drawn, BitmapEncoder.BitmapFormat.PNG));
            written.add(file);
        }
        return written;
    }

    private static XYChart chart(List<Series> series, String header) {
        Series first = series.get(0);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(HistoryText.shortName(first.benchmark()) + (first.metric() == null ? "" : " : " + first.metric())
                        + " over runs · " + header)
                .xAxisTitle("run (UTC)").yAxisTitle(first.unit()).build();
        Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setDatePattern("yyyy-MM-dd");
        chart.getStyler().setYAxisLogarithmic(logarithmic(series));
        boolean errorBars = !chart.getStyler().isYAxisLogarithmic();
        for (Series s : series) {
            List<Date> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            List<Double> error = new ArrayList<>();
            for (Series.Point p : s.points()) {
                if (Double.isFinite(p.score())) {
                    x.add(Date.from(p.run().time()));
                    y.add(p.score());
                    error.add(Double.isFinite(p.error()) ? p.error() : 0.0);
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            String name = s.params().isEmpty() ? HistoryText.shortName(s.benchmark()) : HistoryText.params(s.params()).strip();
            XYSeries line = errorBars ? chart.addSeries(name, x, y, error) : chart.addSeries(name, x, y);
            line.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    /** Log scale for values spanning 100× or more; a log axis then drops error bars that would reach zero. */
    private static boolean logarithmic(List<Series> series) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Series s : series) {
            for (Series.Point p : s.points()) {
                if (Double.isFinite(p.score()) && p.score() > 0) {
                    min = Math.min(min, p.score());
                    max = Math.max(max, p.score());
                }
            }
        }
        return max > 0 && max / min >= LOG_SCALE_SPAN;
    }
}
