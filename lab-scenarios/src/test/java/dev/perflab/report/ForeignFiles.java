package dev.perflab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * JMH JSON files in the shapes other projects publish, made by code so that no project's file is copied into the
 * lab: a wide class of many methods and params, hundreds of rows without params, sub-millisecond values that need
 * a log axis, a benchmark run in every mode, and the same project at several commits with a change of set-up.
 * Scores are known: each row's is fixed by its position, so a test can say what a chart or table must show.
 */
public final class ForeignFiles {
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String WIDE_CLASS = "org.example.copy.AlignmentBenchmark";

    private ForeignFiles() {
    }

    /** One row as JMH writes it. */
    public record RowSpec(String benchmark, String mode, Map<String, String> params, double score, double error, String unit) {
    }

    /** A file's set-up, as JMH records it on every row. */
    public record SetupSpec(String jdk, String jmh, List<String> jvmArgs) {
        public static final SetupSpec JDK17 = new SetupSpec("17.0.15", "1.37", List.of("-Xms1g", "-Xmx1g"));
    }

    /**
     * 196 rows of one benchmark: every source offset against every destination offset (14 × 14) at one size, avgt
     * ns/op, the shape of an alignment sweep; the score grows with both offsets so that every bar differs.
     */
    public static Path wide(Path file) throws IOException {
        List<Integer> offsets = List.of(0, 1, 2, 3, 4, 5, 7, 8, 13, 14, 16, 21, 31, 32);
        ArrayNode rows = JSON.createArrayNode();
        for (int source : offsets) {
            for (int destination : offsets) {
                double score = 17 + 0.5 * offsets.indexOf(source) + 0.03 * offsets.indexOf(destination);
                rows.add(row(new RowSpec(WIDE_CLASS + ".arraycopy", "avgt", Map.of("sourceOffset", Integer.toString(source),
                        "destinationOffset", Integer.toString(destination), "size", "1024"), score, score * 0.02, "ns/op"),
                        SetupSpec.JDK17));
            }
        }
        return write(file, rows);
    }

    /** 360 rows without params: 12 classes of 30 methods each, avgt ns/op from 2 to about 900. */
    public static Path unparametrised(Path file) throws IOException {
        ArrayNode rows = JSON.createArrayNode();
        for (int c = 0; c < 12; c++) {
            for (int m = 0; m < 30; m++) {
                double score = 2 + 2.5 * (c * 30 + m);
                rows.add(row(new RowSpec(String.format(Locale.ROOT, "org.example.parse.Parser%02dBenchmark.variant%02d", c, m),
                        "avgt", Map.of(), score, score * 0.03, "ns/op"), SetupSpec.JDK17));
            }
        }
        return write(file, rows);
    }

    /**
     * 5 classes of 18 methods, each method measured at the same one set of params ({@code depth=10 length=10}), as
     * tkrs/json-bench publishes them: a group per method would be 90 charts of one bar each.
     */
    public static Path fixedParams(Path file) throws IOException {
        ArrayNode rows = JSON.createArrayNode();
        for (int c = 1; c <= 5; c++) {
            for (int m = 0; m < 18; m++) {
                double score = 1000 + 37.0 * (c * 18 + m);
                rows.add(row(new RowSpec(String.format(Locale.ROOT, "bench.Case%d.decode%02d", c, m), "thrpt",
                        Map.of("depth", "10", "length", "10"), score, score * 0.02, "ops/s"), SetupSpec.JDK17));
            }
        }
        return write(file, rows);
    }

    /**
     * Values from 0.008 to 52 ms/op, the smallest first: on a log axis whose bars start at 1 the 0.008 bar would
     * hang from the top and look the largest.
     */
    public static Path logScale(Path file) throws IOException {
        double[] scores = {0.008, 0.03, 0.4, 2.5, 52};
        List<String> methods = List.of("get", "getBoxed", "put", "putAll", "rehash");
        ArrayNode rows = JSON.createArrayNode();
        for (int i = 0; i < scores.length; i++) {
            rows.add(row(new RowSpec("org.example.maps.IntMapBenchmark." + methods.get(i), "avgt", Map.of(), scores[i],
                    scores[i] * 0.05, "ms/op"), SetupSpec.JDK17));
        }
        return write(file, rows);
    }

    /** A size sweep: one benchmark at sizes 1 to 10^6 for three implementations, avgt ns/op growing with the size. */
    public static Path sizeSweep(Path file) throws IOException {
        ArrayNode rows = JSON.createArrayNode();
        List<String> impls = List.of("array", "linked", "tree");
        for (String impl : impls) {
            for (int size = 1; size <= 1_000_000; size *= 10) {
                double score = (5 + 3 * impls.indexOf(impl)) * Math.sqrt(size);
                rows.add(row(new RowSpec("org.example.sort.SortBenchmark.sort", "avgt", Map.of("impl", impl, "size", Integer.toString(size)),
                        score, score * 0.04, "ns/op"), SetupSpec.JDK17));
            }
        }
        return write(file, rows);
    }

    /** One benchmark in three modes: thrpt in ops/s, avgt and sample in s/op (JMH's default unit for them). */
    public static Path everyMode(Path file, double throughput) throws IOException {
        ArrayNode rows = JSON.createArrayNode();
        String b = "org.example.time.TimeBenchmark.nanoTime";
        rows.add(row(new RowSpec(b, "thrpt", Map.of(), throughput, throughput * 0.01, "ops/s"), SetupSpec.JDK17));
        rows.add(row(new RowSpec(b, "avgt", Map.of(), 1 / throughput, 0.01 / throughput, "s/op"), SetupSpec.JDK17));
        ObjectNode sample = row(new RowSpec(b, "sample", Map.of(), 3.2e-8, 1e-10, "s/op"), SetupSpec.JDK17);
        ObjectNode percentiles = ((ObjectNode) sample.get("primaryMetric")).putObject("scorePercentiles");
        percentiles.put("0.0", 2e-8).put("50.0", 3e-8).put("90.0", 4e-8).put("99.0", 9e-8).put("99.9", 2e-7).put("100.0", 5e-6);
        rows.add(sample);
        return write(file, rows);
    }

    /** A project's file at one commit: 6 rows of two classes, scores times {@code factor}, under {@code setup}. */
    public static Path commit(Path file, double factor, SetupSpec setup, long seed) throws IOException {
        Random random = new Random(seed);
        ArrayNode rows = JSON.createArrayNode();
        for (String method : List.of("add", "remove", "contains")) {
            for (String cls : List.of("ListBenchmark", "SetBenchmark")) {
                double score = 1e6 * (1 + List.of("add", "remove", "contains").indexOf(method)) * factor * (1 + 0.002 * random.nextGaussian());
                rows.add(row(new RowSpec("org.example.coll." + cls + "." + method, "thrpt", Map.of("size", "1000"), score,
                        score * 0.01, "ops/s"), setup));
            }
        }
        return write(file, rows);
    }

    /** A JMH row: 2 forks of 3 iterations around the score, the set-up's JDK, JMH and JVM arguments. */
    public static ObjectNode row(RowSpec spec, SetupSpec setup) {
        ObjectNode row = JSON.createObjectNode();
        row.put("jmhVersion", setup.jmh()).put("benchmark", spec.benchmark()).put("mode", spec.mode()).put("threads", 1)
                .put("forks", 2).put("jvm", "/usr/lib/jvm/java/bin/java");
        ArrayNode args = row.putArray("jvmArgs");
        setup.jvmArgs().forEach(args::add);
        row.put("jdkVersion", setup.jdk()).put("vmName", "OpenJDK 64-Bit Server VM").put("vmVersion", setup.jdk() + "+1")
                .put("warmupIterations", 2).put("warmupTime", "1 s").put("measurementIterations", 3).put("measurementTime", "1 s");
        if (!spec.params().isEmpty()) {
            ObjectNode params = row.putObject("params");
            new java.util.TreeMap<>(spec.params()).forEach(params::put);
        }
        ObjectNode metric = row.putObject("primaryMetric");
        metric.put("score", spec.score()).put("scoreError", spec.error()).put("scoreUnit", spec.unit());
        ArrayNode raw = metric.putArray("rawData");
        for (int f = 0; f < 2; f++) {
            ArrayNode fork = raw.addArray();
            for (int i = 0; i < 3; i++) {
                fork.add(spec.score() * (1 + 0.01 * (i - 1) + 0.005 * f));
            }
        }
        row.putObject("secondaryMetrics");
        return row;
    }

    private static Path write(Path file, ArrayNode rows) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), rows);
        return file;
    }
}
