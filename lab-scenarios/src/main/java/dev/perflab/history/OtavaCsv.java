package dev.perflab.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

/**
 * The history as the CSV that Apache Otava reads (its {@code csv} test type): one row per run, oldest first.
 *
 * <pre>
 *   time,commit,branch,METRIC,METRIC,…
 *   YYYY-MM-DDThh:mm:ssZ,3f9c…(40 hex),main,12345678.9,…
 * </pre>
 *
 * <ul>
 *   <li>{@code time}: when the run's results were saved, ISO-8601 in UTC to the second.</li>
 *   <li>{@code commit}, {@code branch}: the run's git state (empty when unknown); Otava's attributes.</li>
 *   <li>one column per series ({@link Series#name()}): the score (or secondary metric) of that row in that run;
 *       empty where the run did not measure it or measured NaN.</li>
 * </ul>
 * RFC 4180 quoting (names hold commas rarely, brackets and {@code ;} often), {@code \n} line ends.
 */
public final class OtavaCsv {
    public static final String TIME = "time";
    public static final String COMMIT = "commit";
    public static final String BRANCH = "branch";
    static final DateTimeFormatter TIME_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private OtavaCsv() {
    }

    /** Writes every run of {@code history} and every series, as one table. */
    public static void write(History history, Writer out) {
        write(history.runs(), history.series(), out);
    }

    /** Writes these runs (one row each) and these series (one column each). */
    static void write(List<StoredRun> runs, List<Series> series, Writer out) {
        List<Map<String, Double>> byRun = new ArrayList<>();
        for (Series s : series) {
            Map<String, Double> values = new HashMap<>();
            s.points().forEach(p -> values.put(p.run().id(), p.score()));
            byRun.add(values);
        }
        List<String> header = new ArrayList<>(List.of(TIME, COMMIT, BRANCH));
        series.forEach(s -> header.add(s.name()));
        // Jackson's CSV writer (the one the report page reads with): quotes a field only when it holds the separator,
        // a quote or a line break, as RFC 4180 asks; rows are arrays of strings, so no column is reordered.
        CsvMapper csv = new CsvMapper();
        csv.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        csv.enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);
        CsvSchema schema = CsvSchema.emptySchema().withLineSeparator("\n");
        try (SequenceWriter writer = csv.writerFor(String[].class).with(schema).writeValues(out)) {
            writer.write(header.toArray(String[]::new));
            for (StoredRun run : runs) {
                List<String> record = new ArrayList<>(List.of(time(run.time()), orEmpty(run.git().commit()), orEmpty(run.git().branch())));
                for (Map<String, Double> values : byRun) {
                    Double v = values.get(run.id());
                    record.add(v == null || v.isNaN() || v.isInfinite() ? "" : Double.toString(v));
                }
                writer.write(record.toArray(String[]::new));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An instant as the CSV writes it: {@code YYYY-MM-DDThh:mm:ssZ} (ISO-8601, UTC). */
    public static String time(Instant t) {
        return TIME_FORMAT.format(t);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
