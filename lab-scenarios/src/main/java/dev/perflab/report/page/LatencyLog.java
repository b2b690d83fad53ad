package dev.perflab.report.page;

import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.report.ReportException;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * The percentile distribution of an HdrHistogram interval log, as {@code ./lab latency --hlog} writes it: every
 * interval of a tag (the timing modes {@code service}, {@code batch}, {@code intended}, and {@code hiccup})
 * added up with HdrHistogram's own reader, then walked percentile by percentile. The lab records nanoseconds;
 * the page shows microseconds.
 *
 * @param source the file, for headings
 * @param curves one per tag, in the order the log first names them
 */
record LatencyLog(String source, List<Curve> curves) {
    /** Percentile steps per halving of the distance to 100%, as HdrHistogram's own percentile output uses. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double NANOS_PER_MICRO = 1e3;

    /**
     * One tag's distribution.
     *
     * @param percentiles percentile levels (0–100, below 100), ascending
     * @param micros      the value at each level, in µs
     */
    record Curve(String tag, long count, List<Double> percentiles, List<Double> micros, double maxMicros) {
    }

    static LatencyLog read(Path file) {
        byte[] bytes;
        try {
            bytes = InputFile.read(file, InputFile.HLOG_LIMIT, "HdrHistogram interval logs");
        } catch (LabException e) {
            throw new ReportException(e.getMessage());
        }
        Map<String, Histogram> totals = new LinkedHashMap<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes));
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!(interval instanceof Histogram)) {
                    throw new ReportException(file.toString(), "holds a DoubleHistogram; the lab's logs hold integer nanoseconds");
                }
                String tag = interval.getTag() == null ? "untagged" : interval.getTag();
                totals.computeIfAbsent(tag, t -> new Histogram(3)).add((Histogram) interval);
            }
        } catch (ReportException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ReportException(file.toString(), "not an HdrHistogram interval log ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        if (totals.isEmpty()) {
            throw new ReportException(file.toString(), "no interval histograms (is it an HdrHistogram interval log?)");
        }
        List<Curve> curves = new ArrayList<>();
        totals.forEach((tag, h) -> curves.add(curve(tag, h)));
        return new LatencyLog(file.toString(), curves);
    }

    private static Curve curve(String tag, Histogram h) {
        List<Double> percentiles = new ArrayList<>();
        List<Double> micros = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double level = v.getPercentileLevelIteratedTo();
            if (level >= 100) {
                break;
            }
            percentiles.add(level);
            micros.add(v.getValueIteratedTo() / NANOS_PER_MICRO);
        }
        return new Curve(tag, h.getTotalCount(), percentiles, micros, h.getMaxValue() / NANOS_PER_MICRO);
    }
}
