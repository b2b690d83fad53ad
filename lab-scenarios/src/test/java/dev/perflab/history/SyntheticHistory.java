package dev.perflab.history;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Makes a history of runs with known figures: each row a score around its base with Gaussian noise, and where
 * asked a planted step from one run on. Commits are {@code c000…}, {@code c001…} (40 characters), one run an hour.
 */
public final class SyntheticHistory {
    /** One row: its params, base score, relative noise (σ / score), and a factor applied from run {@code stepAt} on. */
    public record RowSpec(String benchmark, Map<String, String> params, double base, double noise, int stepAt, double stepFactor) {
        public static RowSpec flat(String benchmark, String rung, double base, double noise) {
            return new RowSpec(benchmark, Map.of("rung", rung), base, noise, Integer.MAX_VALUE, 1);
        }
    }

    public static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private SyntheticHistory() {
    }

    /** The commit of run {@code i}: {@code c} and its index, padded to a full hash. */
    public static String commit(int i) {
        return String.format(Locale.ROOT, "c%03d", i) + "0".repeat(36);
    }

    public static RunRecord run(String component, int i, List<RowSpec> specs, Random random, int iterations) {
        List<ResultRow> rows = new ArrayList<>();
        for (RowSpec spec : specs) {
            double mean = spec.base() * (i >= spec.stepAt() ? spec.stepFactor() : 1);
            List<Double> values = new ArrayList<>();
            for (int k = 0; k < iterations; k++) {
                values.add(mean * (1 + spec.noise() * random.nextGaussian()));
            }
            double score = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            Map<String, Measure> secondary = new LinkedHashMap<>();
            secondary.put("gc.alloc.rate.norm", new Measure(96, 0.1, "B/op", List.of(List.of(96.0, 96.0))));
            secondary.put("gc.alloc.rate", new Measure(3.6, 0.1, "MB/sec", List.of(List.of(3.6, 3.6))));
            rows.add(new ResultRow("cancel", spec.benchmark(), "thrpt", spec.params(),
                    new Measure(score, score * spec.noise(), "ops/s", List.of(values)), secondary, 1, 1, "17.0.15",
                    "OpenJDK 64-Bit Server VM", List.of("-Xmx2g")));
        }
        return new RunRecord(START.plus(Duration.ofHours(i)), new GitState(commit(i), false, "main"), "run", component, "standard",
                new MachineFacts("JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU synthetic · 2 cores", "OpenJDK 17.0.15", "-Xmx2g",
                        "synthetic", 2, "Linux"), null, rows);
    }

    /** Writes {@code runs} runs of these rows into an SQLite history at {@code file}. */
    public static void write(Path file, String component, int runs, List<RowSpec> specs, long seed) {
        Random random = new Random(seed);
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(file))) {
            for (int i = 0; i < runs; i++) {
                store.append(run(component, i, specs, random, 5));
            }
        }
    }
}
