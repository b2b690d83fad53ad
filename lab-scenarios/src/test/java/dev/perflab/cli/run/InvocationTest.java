package dev.perflab.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.fleet.PlannedRow;
import dev.perflab.jmh.JmhProcess.Configuration;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a shard's rows become JMH runs: every invocation's {@code -p} lists make exactly its rows (JMH runs their
 * cross product), together exactly the share; a whole suite stays one run; and the shard's rows are saved in the
 * whole run's order, which a ladder table's rung order follows.
 */
class InvocationTest {
    private static final String CANCEL = "p.Cancel.cancelLast";
    private static final String FIRST = "p.Cancel.cancelFirst";

    @TempDir
    Path dir;

    private static Configuration row(String benchmark, String depth, String rung) {
        return new Configuration(benchmark, Map.of("depth", depth, "rung", rung));
    }

    @Test
    void eachInvocationsCrossProductIsExactlyItsRowsAndTogetherTheShare() {
        List<Configuration> planned = new ArrayList<>();
        for (String b : List.of(FIRST, CANCEL)) {
            for (String depth : List.of("1", "1000")) {
                for (String rung : List.of("r0-a", "r4-b")) {
                    planned.add(row(b, depth, rung));
                }
            }
        }
        List<Configuration> share = List.of(planned.get(0), planned.get(1), planned.get(2), planned.get(3),
                planned.get(5), planned.get(6), planned.get(7));
        List<Invocation> invocations = Invocation.of("^suite$", Map.of(), planned, share);
        assertEquals(3, invocations.size(), "cancelFirst whole (one run); cancelLast depth 1 and depth 1000 apart: " + invocations);
        Set<Configuration> covered = new HashSet<>();
        for (Invocation i : invocations) {
            Set<Configuration> product = product(i);
            assertEquals(new HashSet<>(i.rows()), product, "JMH's cross product of " + i.params());
            covered.addAll(product);
        }
        assertEquals(new HashSet<>(share), covered);
        assertEquals(List.of("r4-b"), invocations.get(1).params().get("rung"));
        assertEquals(List.of(new Invocation("^suite$", Map.of("x", List.of("1")), planned)),
                Invocation.of("^suite$", Map.of("x", List.of("1")), planned, planned), "a whole suite stays one JMH run");
    }

    private static Set<Configuration> product(Invocation i) {
        String benchmark = i.rows().get(0).benchmark();
        Set<Configuration> all = new HashSet<>();
        for (String depth : i.params().get("depth")) {
            for (String rung : i.params().get("rung")) {
                all.add(row(benchmark, depth, rung));
            }
        }
        return all;
    }

    @Test
    void aShardsRowsAreSavedInTheWholeRunsOrder() throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), "[" + json(CANCEL, "1000", "r4-b") + "," + json(CANCEL, "1000", "r0-a") + "]",
                StandardCharsets.UTF_8);
        Path b = Files.writeString(dir.resolve("b.json"), "[" + json(CANCEL, "1", "r4-b") + "]", StandardCharsets.UTF_8);
        List<PlannedRow> order = List.of(new PlannedRow(CANCEL, Map.of("depth", "1", "rung", "r0-a"), 1),
                new PlannedRow(CANCEL, Map.of("depth", "1", "rung", "r4-b"), 1),
                new PlannedRow(CANCEL, Map.of("depth", "1000", "rung", "r0-a"), 1),
                new PlannedRow(CANCEL, Map.of("depth", "1000", "rung", "r4-b"), 1));
        Path out = dir.resolve("out.json");
        JmhRun.mergeJsonArrays(List.of(a, b), out, order);
        List<String> written = new ArrayList<>();
        for (JsonNode row : new ObjectMapper().readTree(out.toFile())) {
            written.add(row.at("/params/depth").asText() + " " + row.at("/params/rung").asText());
        }
        assertEquals(List.of("1 r4-b", "1000 r0-a", "1000 r4-b"), written);
    }

    private static String json(String benchmark, String depth, String rung) {
        return "{\"benchmark\":\"" + benchmark + "\",\"params\":{\"depth\":\"" + depth + "\",\"rung\":\"" + rung + "\"}}";
    }
}
