package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --gc-matrix}: the same run under G1, Parallel and Serial, each with the collector's default
 * young generation and with young = ¾ of the heap, then ZGC once (JDK 17's ZGC has one generation, so
 * its young column reads n/a and there is no ¾ row). One child JVM per configuration, intended latency;
 * one table at the end: p99, p99.9 and max in µs, with collections during the run.
 */
final class GcMatrix {
    private GcMatrix() {
    }

    /** The configurations, in table order. */
    static List<ChildRun> configurations(ChildRun base) {
        List<ChildRun> runs = new ArrayList<>();
        for (GcChoice gc : GcChoice.values()) {
            runs.add(base.withGc(gc, null));
            if (gc.hasYoungGeneration()) {
                runs.add(base.withGc(gc, base.heap().threeQuarters()));
            }
        }
        return runs;
    }

    static int run(ChildRun base, PrintWriter out, Path json) throws IOException, InterruptedException {
        List<ChildRun> runs = configurations(base);
        out.println("latency " + base.component() + " --gc-matrix · " + dev.perflab.base.Machine.header()
                + " · heap " + base.heap().text());
        out.println(LatencyCommand.plan(base) + " · intended latency");
        out.println("ZGC (JDK 17) has no separate young generation: one row, young n/a.");
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.printf(Locale.ROOT, "[%d/%d] %s%n", i + 1, runs.size(), runs.get(i).gcLabel());
            out.flush();
            results.add(LatencyChildLauncher.run(runs.get(i), out));
        }
        printTable(base, runs, results, out);
        LatencyCommand.writeJson(toJson(runs, results), json, out);
        return 0;
    }

    private static void printTable(ChildRun base, List<ChildRun> runs, List<JsonNode> results, PrintWriter out) {
        out.println();
        out.printf(Locale.ROOT, "%s at %,.0f commands/s, intended latency (µs):%n", base.rung(), base.rate());
        out.printf(Locale.ROOT, "%-34s %11s %11s %11s %9s %8s %9s%n", "config", "p99", "p99.9", "max", "GCs", "GC ms",
                "not run");
        for (int i = 0; i < runs.size(); i++) {
            JsonNode r = results.get(i);
            JsonNode intended = r.path("modes").path("intended");
            out.printf(Locale.ROOT, "%-34s %11s %11s %11s %,9d %,8d %,9d%n", runs.get(i).gcLabel(),
                    ResultText.micros(intended.path("p99_us")), ResultText.micros(intended.path("p99_9_us")),
                    ResultText.micros(intended.path("max_us")), r.path("gc_pauses").asLong(),
                    r.path("gc_time_ms").asLong(), r.path("not_run").asLong());
        }
        out.println("GCs, GC ms: collections during the run and their time as the JVM reports it"
                + " (for ZGC that is concurrent cycle time, not pause time).");
        long notRun = results.stream().mapToLong(r -> r.path("not_run").asLong()).sum();
        if (notRun > 0) {
            out.println(ResultText.notRunWarning(notRun));
        }
        out.flush();
    }

    private static ObjectNode toJson(List<ChildRun> runs, List<JsonNode> results) {
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("experiment", "gc-matrix");
        ArrayNode rows = root.putArray("configs");
        for (int i = 0; i < runs.size(); i++) {
            ObjectNode row = results.get(i).deepCopy();
            row.put("config", runs.get(i).gcLabel());
            rows.add(row);
        }
        return root;
    }
}
