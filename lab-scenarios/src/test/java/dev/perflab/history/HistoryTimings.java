package dev.perflab.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.Machine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The harness behind {@code lab-scenarios/history-timings.sh} (not a test: it measures, and a timed unit test
 * would fail on a busy machine rather than measure it). Two modes, each in a fresh JVM started by the script:
 *
 * <pre>
 *   setup DB RUNS   writes RUNS synthetic runs of an order-book run's size into the SQLite history DB
 *   append DB       appends one run exactly as ./lab run does after saving its JSON (HistoryRecorder: git state,
 *                   Flyway's schema check, one transaction) and prints how long that took in this JVM, in ms
 * </pre>
 *
 * A run here has {@link #ROWS} rows (JMH's committed order-book fixture, its params varied), each with its
 * secondary metrics and one fork of five iterations: the size of a standard {@code ./lab run orderbook}.
 */
public final class HistoryTimings {
    static final int ROWS = 18;

    private HistoryTimings() {
    }

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[1]);
        switch (args[0]) {
            case "setup" -> setup(db, Integer.parseInt(args[2]));
            case "append" -> append(db);
            default -> throw new IllegalArgumentException("modes: setup DB RUNS | append DB");
        }
    }

    private static void setup(Path db, int runs) throws Exception {
        Files.deleteIfExists(db);
        List<ResultRow> rows = JmhJsonRows.read(rows(), b -> "cancel");
        Random random = new Random(1);
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(db))) {
            for (int i = 0; i < runs; i++) {
                List<ResultRow> jittered = new ArrayList<>();
                for (ResultRow r : rows) {
                    double score = r.primary().score() * (1 + 0.02 * random.nextGaussian());
                    jittered.add(new ResultRow(r.suite(), r.benchmark(), r.mode(), r.params(),
                            new Measure(score, r.primary().error(), r.primary().unit(), r.primary().forks()), r.secondary(),
                            r.forks(), r.threads(), r.jdkVersion(), r.vmName(), r.jvmArgs()));
                }
                RunRecord template = SyntheticHistory.run("orderbook", i, List.of(), random, 1);
                store.append(new RunRecord(template.time(), template.git(), "run", "orderbook", "standard", template.machine(), null, jittered));
            }
        }
    }

    private static void append(Path db) throws Exception {
        JsonNode rows = rows();
        StringWriter out = new StringWriter();
        long started = System.nanoTime();
        boolean appended = HistoryRecorder.record(HistoryTarget.sqlite(db), () -> HistoryRecorder.run("run", "orderbook", "standard",
                Machine.header(), rows, b -> "cancel", db.resolveSibling("orderbook.json"), List.of()), new PrintWriter(out, true));
        double millis = (System.nanoTime() - started) / 1e6;
        if (!appended) {
            throw new IllegalStateException(out.toString());
        }
        System.out.printf(Locale.ROOT, "%.1f%n", millis);
    }

    /** {@link #ROWS} JMH rows: the committed order-book fixture's 9, twice, the second time as another row (param copy=b). */
    static JsonNode rows() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode fixture = json.readTree(HistoryTimings.class.getResourceAsStream("/report/orderbook-thrpt.json"));
        ArrayNode rows = json.createArrayNode();
        for (String depth : new String[] {"a", "b"}) {
            for (JsonNode row : fixture) {
                ObjectNode copy = row.deepCopy();
                ((ObjectNode) copy.get("params")).put("copy", depth);
                rows.add(copy);
            }
        }
        if (rows.size() != ROWS) {
            throw new IllegalStateException("expected " + ROWS + " rows, made " + rows.size() + "; " + Map.of());
        }
        return rows;
    }
}
