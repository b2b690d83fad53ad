package dev.perflab.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a shard ran, written beside its rows as {@code COMPONENT.shard.json}: the run it is part of (component,
 * length, the split's fingerprint), which of its rows this shard planned, the machine that ran them, and the
 * file that holds them. {@code ./lab merge} reads it to put shards back together and to refuse shards that do not
 * belong together. Immutable.
 *
 * <pre>
 * {
 *   "format": "perflab-shard-1",
 *   "component": "orderbook", "length": "standard", "shard": 2, "shards": 4,
 *   "fingerprint": "9f2c…",                          the split: ShardPlan.fingerprint()
 *   "cost_unit": "s", "planned_rows": 35, "planned_cost": 1234.0,
 *   "machine": "JDK 17.0.15 (…) · CPU … · 4 cores · host node-a",
 *   "results": "orderbook.json",                     null when the shard has no rows
 *   "rows": [{"index": 3, "benchmark": "…", "params": {"rung": "…"}, "cost": 42.0}, …]
 * }
 * </pre>
 *
 * @param rows this shard's rows with their place in the whole run's order ({@code index})
 */
public record ShardManifest(String component, String length, Shard shard, String fingerprint, String costUnit,
                            int plannedRows, double plannedCost, String machine, String results, List<Entry> rows) {
    /** The format's name and version; a reader refuses any other. */
    public static final String FORMAT = "perflab-shard-1";
    /** The manifest's name beside {@code COMPONENT.json}. */
    public static final String SUFFIX = ".shard.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One row of the shard and its index in the whole run. */
    public record Entry(int index, PlannedRow row) {
    }

    public ShardManifest {
        rows = List.copyOf(rows);
    }

    /** The manifest of shard {@code shard} of {@code plan}. */
    public static ShardManifest of(String component, String length, Shard shard, ShardPlan plan, String machine, String results) {
        List<Entry> mine = new ArrayList<>();
        for (int i = 0; i < plan.rows().size(); i++) {
            if (plan.shardOf(i) == shard.index()) {
                mine.add(new Entry(i, plan.rows().get(i)));
            }
        }
        return new ShardManifest(component, length, shard, plan.fingerprint(), plan.costUnit(), plan.rows().size(),
                plan.totalCost(), machine, mine.isEmpty() ? null : results, mine);
    }

    /** {@code DIR/COMPONENT.shard.json}. */
    public static Path file(Path dir, String component) {
        return dir.resolve(component + SUFFIX);
    }

    /** Writes the manifest into {@code dir} through the lab's output policy. */
    public Path write(Path dir) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("component", component);
        root.put("length", length);
        root.put("shard", shard.index());
        root.put("shards", shard.count());
        root.put("fingerprint", fingerprint);
        root.put("cost_unit", costUnit);
        root.put("planned_rows", plannedRows);
        root.put("planned_cost", plannedCost);
        root.put("machine", machine);
        root.put("results", results);
        ArrayNode list = root.putArray("rows");
        for (Entry e : rows) {
            ObjectNode row = list.addObject();
            row.put("index", e.index());
            row.put("benchmark", e.row().benchmark());
            ObjectNode params = row.putObject("params");
            e.row().params().forEach(params::put);
            row.put("cost", e.row().cost());
        }
        Path file = file(dir, component);
        OutputFile.check("shard manifest", file).write(out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, root));
        return file;
    }

    /** Reads {@code file}; anything unusable is one line naming the file (exit 2). */
    public static ShardManifest read(Path file) {
        String text = new String(InputFile.read(file, InputFile.JMH_JSON_LIMIT, "shard manifests"), StandardCharsets.UTF_8);
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new LabException(file + ": not JSON (" + dev.perflab.base.JsonProblem.of(e) + "); is it a shard manifest?");
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
            throw new LabException(file + ": not a shard manifest (expected \"format\": \"" + FORMAT + "\")");
        }
        Reader r = new Reader(file, root);
        List<Entry> rows = new ArrayList<>();
        for (JsonNode row : r.array("rows")) {
            Map<String, String> params = new LinkedHashMap<>();
            row.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), p.getValue().asText()));
            rows.add(new Entry(row.path("index").asInt(-1), new PlannedRow(new Reader(file, row).text("benchmark"), params,
                    row.path("cost").asDouble(0))));
        }
        Shard shard;
        try {
            shard = new Shard(r.number("shard"), r.number("shards"));
        } catch (IllegalArgumentException e) {
            throw new LabException(file + ": shard " + root.path("shard") + " of " + root.path("shards") + " is not a shard I/N with 1 ≤ I ≤ N");
        }
        return new ShardManifest(r.text("component"), r.text("length"), shard, r.text("fingerprint"), r.text("cost_unit"),
                r.number("planned_rows"), root.path("planned_cost").asDouble(), r.text("machine"),
                root.path("results").isTextual() ? root.path("results").asText() : null, rows);
    }

    /** Reads fields, each missing one a line naming the file and the field. */
    private record Reader(Path file, JsonNode node) {
        String text(String field) {
            JsonNode v = node.get(field);
            if (v == null || !v.isTextual()) {
                throw new LabException(file + ": shard manifest without \"" + field + "\"");
            }
            return v.asText();
        }

        int number(String field) {
            JsonNode v = node.get(field);
            if (v == null || !v.canConvertToInt()) {
                throw new LabException(file + ": shard manifest without a whole number \"" + field + "\"");
            }
            return v.asInt();
        }

        JsonNode array(String field) {
            JsonNode v = node.get(field);
            if (v == null || !v.isArray()) {
                throw new LabException(file + ": shard manifest without a \"" + field + "\" list");
            }
            return v;
        }
    }
}
