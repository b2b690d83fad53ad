package dev.perflab.ab;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.perflab.report.JmhResults;
import dev.perflab.report.ReportException;
import dev.perflab.report.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One fork of one row, read back from the JMH JSON its run wrote (one fork, one row: {@code -f 1} and one
 * benchmark/param combination per JMH run): the score, and each measured iteration's score, which the
 * calibration reads for the spread inside a fork and for forks whose iterations fall into two modes.
 *
 * @param row        the row as {@code ./lab report} reads it (score = the fork's mean over its iterations)
 * @param threads    the benchmark's thread count
 * @param iterations the measured iterations' scores, in order
 * @param file       the JSON file, kept as JMH wrote it
 */
public record ForkResult(Row row, int threads, List<Double> iterations, Path file) {
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    public ForkResult {
        iterations = List.copyOf(iterations);
    }

    /**
     * Reads a fork's JSON.
     *
     * @throws ReportException when the file is not JMH's JSON of exactly one row
     */
    public static ForkResult read(Path file) {
        List<Row> rows = JmhResults.read(file);
        if (rows.size() != 1) {
            throw new ReportException(file.toString(), "expected the JSON of one fork of one row, found " + rows.size() + " rows");
        }
        JsonNode node;
        try {
            node = JSON.readTree(file.toFile()).get(0);
        } catch (IOException e) {
            throw new ReportException(file.toString(), "unreadable: " + dev.perflab.base.JsonProblem.of(e));
        }
        List<Double> iterations = new ArrayList<>();
        JsonNode forks = node.path("primaryMetric").path("rawData");
        if (forks.size() > 0) {
            forks.get(0).forEach(v -> iterations.add(v.asDouble()));
        }
        return new ForkResult(rows.get(0), node.path("threads").asInt(1), iterations, file);
    }

    public double score() {
        return row.score();
    }
}
