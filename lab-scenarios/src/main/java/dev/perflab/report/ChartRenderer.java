package dev.perflab.report;

import dev.perflab.base.OutputFile;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Draws one PNG bar chart per benchmark method (and mode) with XChart, headless: the x axis holds the params
 * other than {@code rung}, one series per rung or peer (per file, where several were read), each in its rung's
 * colour ({@link SeriesColours}) with its JMH error as an error bar. A ladder's y axis is logarithmic, as are
 * others whose scores span 100× or more. The title names the run length where it was recorded, and the header
 * line is drawn under it. The chart widens, and its labels turn upright, so that no two labels overlap.
 */
final class ChartRenderer {
    static final double LOG_SCALE_SPAN = 100;
    private static final int WIDTH = 900;
    /**
     * The widest chart drawn: wider than this, a bar chart is no longer read (and its image takes minutes and
     * gigabytes to draw, as 50,000 rows in one chart did: 600,315 px); the rows are in the table either way.
     */
    static final int MAX_WIDTH_PX = 16_000;
    private static final int HEIGHT = 540;
    private static final int BANNER = 52;
    /** The shortest bar on a log axis is at least this many decades (a factor of two) tall. */
    private static final double MIN_BAR_DECADES = 0.3;
    /** Room beside the plot for the y axis, its title and the margins, in pixels. */
    private static final int AXIS_ROOM_PX = 140;
    /** The narrowest a bar may be drawn, in pixels. */
    private static final int MIN_BAR_PX = 6;
    /** Space between two labels of the x axis, in pixels. */
    private static final int LABEL_GAP_PX = 12;
    /** Wider than this, a chart turns its x labels upright instead of widening further, in pixels. */
    private static final int MAX_FLAT_PLOT_PX = 2400;
    /** Height of one legend entry, in pixels. */
    private static final int LEGEND_ENTRY_PX = 22;
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ChartRenderer() {
    }

    /**
     * Writes one chart per benchmark and mode, named by {@link ChartNames}, where {@code place} puts a file of that
     * name (a run folder's {@code path}, so that a run written whole keeps the previous chart aside). Never throws
     * for rendering failures: a chart that fails is skipped and the first failure becomes the result's warning.
     */
    static ChartOutput render(LadderReport report, Function<String, Path> place, String prefix, String header) {
        List<Path> written = new ArrayList<>();
        Optional<String> warning = Optional.empty();
        List<ChartSeries> charts = ChartSeries.of(report);
        Map<String, Set<String>> modes = new HashMap<>();
        charts.forEach(c -> modes.computeIfAbsent(c.benchmark(), k -> new HashSet<>()).add(c.mode()));
        for (ChartSeries chart : charts) {
            Path file = place.apply(ChartNames.of(prefix, chart.title(), chart.mode(), ChartNames.severalModes(modes, chart.benchmark())));
            try {
                Files.createDirectories(file.getParent());
            } catch (IOException | RuntimeException e) {
                return new ChartOutput(written, Optional.of(warning(file.getParent(), e)));
            }
            int width = Layout.of(chart).width();
            if (width > MAX_WIDTH_PX) {
                warning = warning.or(() -> Optional.of("chart " + file.getFileName() + " not drawn: its " + String.format(java.util.Locale.ROOT, "%,d", chart.categories().size())
                        + " categories would make it " + String.format(java.util.Locale.ROOT, "%,d", width) + " px wide (at most "
                        + String.format(java.util.Locale.ROOT, "%,d", MAX_WIDTH_PX) + "); its rows are in the table; fewer params per benchmark chart"));
                continue;
            }
            try {
                write(build(chart), header, file);
                written.add(file);
            } catch (Exception | Error e) {
                rethrowIfFatal(e);
                warning = warning.or(() -> Optional.of(warning(file, e)));
            }
        }
        return new ChartOutput(written, warning);
    }

    /** The chart of one benchmark and mode: its params as categories, its rungs and peers as series. */
    static CategoryChart build(ChartSeries data) {
        Layout layout = Layout.of(data);
        CategoryChart chart = new CategoryChartBuilder().width(layout.width()).height(layout.height())
                .title(title(data)).xAxisTitle(data.axisTitle()).yAxisTitle("score (" + data.unit() + ")")
                .build();
        boolean log = logScale(data);
        style(chart, data, layout, log);
        double floor = log ? logAxisMin(data.positiveRange()) : Double.NEGATIVE_INFINITY;
        for (ChartSeries.Series s : data.series()) {
            List<Double> scores = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (Row r : s.rows()) {
                // XChart's error bars take no null score; NaN draws no bar and leaves the axis range alone
                scores.add(r == null ? Double.NaN : r.score());
                errors.add(r == null ? Double.NaN : errorBar(r, floor));
            }
            CategorySeries series = chart.addSeries(s.name(), data.categories(), scores, errors);
            series.setFillColor(Color.decode(s.colour()));
            series.setLineColor(Color.decode(s.colour()));
        }
        return chart;
    }

    /** The title: the benchmark, its mode where the chart shows one of several, and the recorded run length. */
    static String title(ChartSeries data) {
        String runs = String.join(" + ", data.runLengths());
        return runs.isEmpty() ? data.title() : data.title() + " · " + runs + " run";
    }

    /**
     * What XChart needs to draw a row's error bar: the error itself on a linear axis (none where JMH gave none).
     * On a log axis XChart draws {@code log y ± log e}, a whisker symmetric in log space, so it is given the factor
     * {@code √((y+e)/(y−e))}: the whisker then spans exactly the interval's length in decades, centred on the
     * score (within {@code e²/y} of {@code y ± e} at either end). Where {@code y − e} is at or below the axis, the
     * factor {@code (y+e)/y} puts the top end exactly at {@code y + e}.
     */
    static double errorBar(Row r, double floor) {
        double e = Double.isFinite(r.scoreError()) ? Math.abs(r.scoreError()) : 0;
        if (!Double.isFinite(floor)) {
            return e;
        }
        double y = r.score();
        if (e == 0 || !(y > 0)) {
            return 1;
        }
        return y - e > floor ? Math.sqrt((y + e) / (y - e)) : (y + e) / y;
    }

    /** Log scale for a ladder, and for other rows whose largest positive score is 100 times the smallest or more. */
    static boolean logScale(ChartSeries data) {
        double[] range = data.positiveRange();
        return range[1] > 0 && (data.ladder() || range[1] / range[0] >= LOG_SCALE_SPAN);
    }

    private static void style(CategoryChart chart, ChartSeries data, Layout layout, boolean log) {
        CategoryStyler styler = chart.getStyler();
        styler.setChartTitleVisible(false);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setAxisTickLabelsFont(TICK_FONT);
        styler.setXAxisLabelRotation(layout.rotation());
        styler.setErrorBarsColorSeriesColor(false);
        styler.setErrorBarsColor(Color.BLACK);
        if (log) {
            logAxis(chart, data.positiveRange());
        } else {
            chart.getStyler().setyAxisTickLabelsFormattingFunction(Formats::number);
        }
    }

    /**
     * A log y axis from a decade at least a factor of two below the smallest score to the decade above the
     * largest (XChart anchors bars at zero otherwise, which a log axis cannot show). A tick formatting function
     * would turn XChart's decade ticks back into linear ones, so the labels use a decimal pattern instead.
     */
    private static void logAxis(CategoryChart chart, double[] range) {
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        chart.getStyler().setYAxisMin(logAxisMin(range));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(range[1]))));
    }

    private static double logAxisMin(double[] range) {
        return Math.pow(10, Math.floor(Math.log10(range[0]) - MIN_BAR_DECADES));
    }

    /**
     * The chart's size and the x labels' rotation, chosen so that labels never overlap: each category gets at
     * least its widest label (flat) or a line of text (upright), and room for a bar per series.
     *
     * @param rotation 0 for flat labels, 90 for upright ones
     */
    record Layout(int width, int height, int rotation, int slotPx) {
        static Layout of(ChartSeries data) {
            Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
            FontMetrics metrics;
            try {
                metrics = g.getFontMetrics(TICK_FONT);
            } finally {
                g.dispose();
            }
            int labelPx = data.categories().stream().mapToInt(metrics::stringWidth).max().orElse(0);
            int legendPx = data.series().stream().mapToInt(s -> metrics.stringWidth(s.name())).max().orElse(0) + 60;
            int n = Math.max(1, data.categories().size());
            int barsPx = data.series().size() * MIN_BAR_PX + LABEL_GAP_PX;
            int flatSlot = Math.max(labelPx + LABEL_GAP_PX, barsPx);
            int legendHeight = data.series().size() * LEGEND_ENTRY_PX + 120;
            if (n * flatSlot <= MAX_FLAT_PLOT_PX) {
                int plot = Math.max(WIDTH - AXIS_ROOM_PX - legendPx, n * flatSlot);
                return new Layout(plot + AXIS_ROOM_PX + legendPx, Math.max(HEIGHT, legendHeight), 0, flatSlot);
            }
            int uprightSlot = Math.max(metrics.getHeight() + LABEL_GAP_PX / 2, barsPx);
            int plot = n * uprightSlot;
            return new Layout(plot + AXIS_ROOM_PX + legendPx, Math.max(HEIGHT + labelPx, legendHeight), 90, uprightSlot);
        }
    }

    /** Renders the chart below a banner holding its title and the header line, and writes a PNG. */
    private static void write(CategoryChart chart, String header, Path file) throws IOException {
        BufferedImage plot = BitmapEncoder.getBufferedImage(chart);
        BufferedImage image = new BufferedImage(plot.getWidth(), plot.getHeight() + BANNER,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.drawImage(plot, 0, BANNER, null);
            g.setColor(Color.BLACK);
            centered(g, new Font(Font.SANS_SERIF, Font.BOLD, 16), chart.getTitle(), 22, image.getWidth());
            g.setColor(Color.DARK_GRAY);
            centered(g, new Font(Font.SANS_SERIF, Font.PLAIN, 12), header.strip().replace('\n', ' '), 42, image.getWidth());
        } finally {
            g.dispose();
        }
        OutputFile.check("chart", file).write(out -> {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer available");
            }
        });
    }

    private static void centered(Graphics2D g, Font font, String text, int baseline, int width) {
        g.setFont(font);
        FontMetrics metrics = g.getFontMetrics();
        String shown = text;
        while (shown.length() > 4 && metrics.stringWidth(shown) > width - 20) {
            shown = shown.substring(0, shown.length() - 2) + "…";
        }
        g.drawString(shown, Math.max(10, (width - metrics.stringWidth(shown)) / 2), baseline);
    }

    private static String warning(Path target, Throwable e) {
        String message = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
        return "PNG chart not written: " + target + " (" + e.getClass().getSimpleName() + message + ")";
    }

    /** Out-of-memory and the like propagate; a font or graphics failure ({@code InternalError} too) does not. */
    private static void rethrowIfFatal(Throwable e) {
        if (e instanceof VirtualMachineError && !(e instanceof InternalError)) {
            throw (VirtualMachineError) e;
        }
    }
}
