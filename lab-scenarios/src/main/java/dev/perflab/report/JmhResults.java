package dev.perflab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON array that JMH writes with {@code -rf json} (from this lab or any other project) into
 * {@link Row}s, in file order. Anything unusable becomes a {@link ReportException} naming the file.
 */
public final class JmhResults {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private JmhResults() {
    }

    /** Reads the files in order and concatenates their rows. */
    public static List<Row> read(List<Path> files) {
        List<Row> rows = new ArrayList<>();
        for (Path file : files) {
            rows.addAll(read(file));
        }
        return rows;
    }

    /**
     * Reads one JMH JSON file. A row without a machine of its own (a merged result set's rows carry one) was
     * measured on the machine the file's {@code .machine.txt} names, when there is one.
     */
    public static List<Row> read(Path file) {
        List<Row> rows = parse(text(file), file.toString());
        java.util.Optional<String> header = MachineHeader.of(file);
        if (header.isEmpty()) {
            return rows;
        }
        List<Row> placed = new ArrayList<>(rows.size());
        rows.forEach(r -> placed.add(r.machine() != null ? r : r.withMachine(header.get())));
        return placed;
    }

    /**
     * Parses the text of a JMH JSON file.
     *
     * @param source names the input in error messages, usually the file's path
     */
    public static List<Row> parse(String json, String source) {
        JsonNode root = array(json, source);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            rows.add(RowParser.parse(root.get(i), source, i + 1));
        }
        // one file, one host: how its iterations' noise carries over is estimated from all its rows together
        double rho = Trend.serialCorrelation(rows.stream().map(Row::forks).toList());
        rows.replaceAll(row -> row.withSerialCorrelation(rho));
        return rows;
    }

    /**
     * The file's JSON array of results, each checked as {@link #read} checks it, for readers that keep more of a
     * row than a {@link Row} holds (the history keeps every fork's iterations and percentiles).
     */
    public static JsonNode array(Path file) {
        JsonNode root = array(text(file), file.toString());
        for (int i = 0; i < root.size(); i++) {
            RowParser.parse(root.get(i), file.toString(), i + 1);
        }
        return root;
    }

    private static JsonNode array(String json, String source) {
        JsonNode root = tree(json, source);
        if (root.isObject() && root.has("verdict") && root.has("rows")) {
            throw new ReportException(source, "an A/B verdict, not JMH results; the HTML page shows it: add --html OUT.html");
        }
        if (!root.isArray()) {
            throw new ReportException(source, "not a JMH result file (expected a JSON array of benchmark results)");
        }
        if (root.isEmpty()) {
            throw new ReportException(source, "no benchmark results (empty JMH array)");
        }
        return root;
    }

    private static JsonNode tree(String json, String source) {
        if (json.stripLeading().startsWith("Benchmark ")) {
            throw new ReportException(source, "not JSON but JMH's text table; run JMH with -rf json -rff FILE.json");
        }
        try {
            JsonNode root = JSON.readTree(json);
            if (root == null || root.isMissingNode()) {
                throw new ReportException(source, "empty file, not JSON");
            }
            return root;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
            throw new ReportException(source + where, "not JSON (" + jacksonProblem(e) + ")");
        }
    }

    /**
     * Jackson's message without its internals: the part before "at [Source: …]", the
     * "(StreamReadFeature…)" hints and the repeated position; the location goes in front as FILE:LINE:COLUMN.
     */
    static String jacksonProblem(JsonProcessingException e) {
        return dev.perflab.base.JsonProblem.message(e);
    }

    /** The file's text: UTF-8, or Latin-1 for files JMH wrote in a Windows code page (its '·' is 0xB7 there). */
    private static String text(Path file) {
        byte[] bytes = bytes(file);
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** The bytes, under the lab's input policy: at most {@link InputFile#JMH_JSON_LIMIT}. */
    private static byte[] bytes(Path file) {
        if (Files.isDirectory(file)) {
            throw new ReportException(file.toString(), "is a directory, not a JMH JSON file");
        }
        try {
            return InputFile.read(file, InputFile.JMH_JSON_LIMIT, "JMH JSON files");
        } catch (LabException e) {
            throw new ReportException(e.getMessage());
        }
    }
}
