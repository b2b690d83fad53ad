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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws one PNG bar chart per benchmark method with XChart, headless: the x axis holds the non-rung params of
 * each group, one series per rung or peer, the y axis the score in its unit, logarithmic when the scores span
 * 100× or more. The benchmark name and the caller's header line are drawn above the chart.
 */
final class ChartRenderer {
    static final double LOG_SCALE_SPAN = 100;
    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;
    private static final int BANNER = 52;
    /** The shortest bar on a log axis is at least this many decades (a factor of two) tall. */
    private static final double MIN_BAR_DECADES = 0.3;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ChartRenderer() {
    }

    /**
     * Writes {@code <prefix>-<method>.png} files into {@code dir}. Never throws for rendering failures: a chart
     * that fails is skipped and the first failure becomes the result's one-line warning.
     */
    static ChartOutput render(List<LadderGroup> groups, Path dir, String prefix, String header) {
        List<Path> written = new ArrayList<>();
        Optional<String> warning = Optional.empty();
        try {
            Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            return new ChartOutput(written, Optional.of(warning(dir, e)));
        }
        for (Map.Entry<String, List<LadderGroup>> chart : ChartNames.byFile(groups, prefix).entrySet()) {
            Path file = dir.resolve(chart.getKey());
            try {
                write(build(chart.getValue()), header, file);
                written.add(file);
            } catch (Exception | Error e) {
                rethrowIfFatal(e);
                warning = warning.or(() -> Optional.of(warning(file, e)));
            }
        }
        return new ChartOutput(written, warning);
    }

    /** The chart of one benchmark method: its groups as categories, its rungs and peers as series. */
    static CategoryChart build(List<LadderGroup> groups) {
        LadderGroup first = groups.get(0);
        String unit = first.steps().get(0).row().unit();
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(first.shortBenchmark()).xAxisTitle(xAxisTitle(first)).yAxisTitle("score (" + unit + ")")
                .build();
        style(chart, groups);
        List<String> categories = groups.stream().map(ChartRenderer::category).collect(Collectors.toList());
        series(groups).forEach((name, scores) -> chart.addSeries(name, categories, scores));
        return chart;
    }

    /** True when the largest positive score is at least 100 times the smallest. */
    static boolean logScale(List<LadderGroup> groups) {
        double[] range = positiveRange(groups);
        return range[1] > 0 && range[1] / range[0] >= LOG_SCALE_SPAN;
    }

    /** The smallest and largest positive finite score; {@code [∞, 0]} when there is none. */
    private static double[] positiveRange(List<LadderGroup> groups) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (LadderGroup g : groups) {
            for (Step s : g.steps()) {
                double score = s.row().score();
                if (score > 0 && Double.isFinite(score)) {
                    min = Math.min(min, score);
                    max = Math.max(max, score);
                }
            }
        }
        return new double[] {min, max};
    }

    private static void style(CategoryChart chart, List<LadderGroup> groups) {
        chart.getStyler().setChartTitleVisible(false);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        if (logScale(groups)) {
            logAxis(chart, positiveRange(groups));
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
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(range[0]) - MIN_BAR_DECADES)));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(range[1]))));
    }

    private static String xAxisTitle(LadderGroup group) {
        return String.join(", ", group.params().keySet());
    }

    private static String category(LadderGroup group) {
        return group.params().isEmpty() ? group.method() : group.paramsLabel();
    }

    /** Series name (rung, peer or mode) to one score per category; null where a group lacks that series. */
    private static Map<String, List<Double>> series(List<LadderGroup> groups) {
        Set<String> names = new LinkedHashSet<>();
        groups.forEach(g -> g.steps().forEach(s -> names.add(s.label())));
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (String name : names) {
            List<Double> scores = new ArrayList<>();
            for (LadderGroup g : groups) {
                scores.add(g.steps().stream().filter(s -> s.label().equals(name))
                        .map(s -> s.row().score()).findFirst().orElse(null));
            }
            series.put(name, scores);
        }
        return series;
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
            centered(g, new Font(Font.SANS_SERIF, Font.PLAIN, 12), header.strip(), 42, image.getWidth());
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
