package dev.perflab.ab;

import dev.perflab.base.OutputFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The run as one PNG with XChart, headless: a row per benchmark row (numbered top down, named in the legend), its
 * head/base speedup as a dot and its paired interval as a bar (the axis spans at most ×0.5 to ×2; a wider
 * interval runs to the edge), a line at ×1 and dashed lines at the threshold.
 * Speedup is head over base with the unit's direction applied (above 1: head is faster), so every row reads
 * the same way. Red: regression; green: improvement; grey: no change; purple: undecided (its interval reaches past a
 * dashed line); blue: a ruler that held, orange: one that moved.
 *
 * <pre>
 *   1 OrderBookCancelBenchmark.cancelLast …   ├──●──┤        ¦   │   ¦
 *   2 RulerBenchmark.sortCopy (ruler)                        ¦ ├─●─┤ ¦
 *                                                       1/(1+t)  1  1+t
 * </pre>
 */
public final class AbChart {
    private static final int WIDTH = 900;
    private static final int ROW_PIXELS = 34;
    private static final int FRAME_PIXELS = 170;
    /** The axis shows at most ×2 either way; a wider interval is drawn to the edge. */
    private static final double MAX_SHOWN = 2;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private AbChart() {
    }

    /**
     * Writes the chart; a rendering failure (no fonts on a bare server, or a runtime without the font library
     * that Java2D links to) is a one-line warning, never an exception: the verdict does not depend on the chart.
     *
     * @return the warning, empty when the PNG was written
     */
    public static Optional<String> write(AbReport report, Path file) {
        try {
            XYChart chart = build(report);
            OutputFile.check("chart", file).write(out -> {
                if (!ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", out)) {
                    throw new IOException("no PNG writer available");
                }
            });
            return Optional.empty();
        } catch (Exception | InternalError | LinkageError e) {
            String message = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
            return Optional.of("PNG chart not written: " + file + " (" + e.getClass().getSimpleName() + message + ")");
        }
    }

    static XYChart build(AbReport report) {
        List<AbRow> rows = report.rows();
        int n = rows.size();
        XYChart chart = new XYChartBuilder().width(WIDTH).height(FRAME_PIXELS + ROW_PIXELS * 2 * Math.max(n, 2))
                .title("perflab ab " + report.component() + ": " + report.verdict().label() + " · " + report.machine())
                .xAxisTitle("head/base speedup (above 1: head faster), " + percent(report.intervalConfidence()) + " paired interval"
                        + (report.looks().count() > 1 ? " (" + report.looks().count() + " looks keep " + percent(report.confidence()) + ")" : ""))
                .yAxisTitle("rows, top down").build();
        Styler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setYAxisMin(0.5);
        chart.getStyler().setYAxisMax(n + 0.5);
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setXAxisDecimalPattern("×0.###");
        double slower = 1 / (1 + report.threshold());
        double faster = 1 + report.threshold();
        double low = slower / 1.02;
        double high = faster * 1.02;
        for (AbRow r : rows) {
            double[] interval = speedupInterval(r);
            low = Math.min(low, Double.isFinite(interval[0]) && interval[0] > 0 ? interval[0] : low);
            high = Math.max(high, Double.isFinite(interval[1]) ? interval[1] : high);
        }
        low = Math.max(low, 1 / MAX_SHOWN);
        high = Math.min(high, MAX_SHOWN);
        chart.getStyler().setXAxisMin(low);
        chart.getStyler().setXAxisMax(high);
        vertical(chart, "×1", 1, n, Color.BLACK, false);
        vertical(chart, "threshold slower", slower, n, Color.GRAY, true);
        vertical(chart, "threshold faster", faster, n, Color.GRAY, true);
        for (int i = 0; i < n; i++) {
            AbRow r = rows.get(i);
            double y = n - i;
            double[] interval = speedupInterval(r);
            Color color = color(r);
            XYSeries bar = chart.addSeries("interval " + (i + 1), new double[] {clamp(interval[0], low, high), clamp(interval[1], low, high)},
                    new double[] {y, y});
            bar.setMarker(SeriesMarkers.NONE);
            bar.setLineColor(color);
            bar.setLineStyle(new BasicStroke(3f));
            bar.setShowInLegend(false);
            XYSeries dot = chart.addSeries(label(report, r, i), new double[] {clamp(r.speedup(), low, high)}, new double[] {y});
            dot.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            dot.setMarker(SeriesMarkers.CIRCLE);
            dot.setMarkerColor(color);
        }
        return chart;
    }

    /** The row's interval as a speedup (above 1: head faster): the ratio's interval, turned over for time per op. */
    static double[] speedupInterval(AbRow r) {
        boolean higher = AbRow.higherIsBetter(r.unit(), r.mode());
        return higher ? new double[] {r.ratio().low(), r.ratio().high()} : new double[] {1 / r.ratio().high(), 1 / r.ratio().low()};
    }

    private static void vertical(XYChart chart, String name, double x, int rows, Color color, boolean dashed) {
        XYSeries line = chart.addSeries(name, new double[] {x, x}, new double[] {0.5, rows + 0.5});
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(color);
        line.setLineStyle(dashed ? new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
                : new BasicStroke(1.5f));
    }

    /**
     * The legend's line for a row: {@code 1 cancelLast rung=r4-… depth=1000: regression, 7.5% slower, 8 pairs}, and for an
     * undecided one the pairs it would take ({@code …: undecided, 3.1% slower, 16 pairs, decides at about 40}).
     */
    static String label(AbReport report, AbRow r, int i) {
        String at = report.decidesAt(r);
        String text = (i + 1) + " " + r.label() + (r.ruler() ? " (ruler)" : "") + ": " + r.verdict().label() + ", " + r.change() + ", "
                + r.ratio().pairs() + " pairs" + (at.isEmpty() ? "" : ", decides at " + at);
        return text.length() > 140 ? text.substring(0, 139) + "…" : text;
    }

    private static Color color(AbRow r) {
        if (r.ruler()) {
            return r.verdict().moved() ? new Color(0xff7f0e) : new Color(0x1f77b4);
        }
        return switch (r.verdict()) {
            case REGRESSION -> new Color(0xd62728);
            case IMPROVEMENT -> new Color(0x2ca02c);
            case UNDECIDED -> new Color(0x9467bd);
            default -> Color.GRAY;
        };
    }

    /** An end of an interval beyond the axis is drawn at its edge. */
    private static double clamp(double v, double low, double high) {
        return Double.isNaN(v) ? low : Math.max(low, Math.min(high, v));
    }

    private static String percent(double fraction) {
        return new java.math.BigDecimal(fraction * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }
}
