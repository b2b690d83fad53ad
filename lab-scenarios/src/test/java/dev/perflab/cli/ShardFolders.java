package dev.perflab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.perflab.fleet.PlannedRow;
import dev.perflab.fleet.Shard;
import dev.perflab.fleet.ShardManifest;
import dev.perflab.fleet.ShardPlan;
import dev.perflab.gate.GateFile;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Shard folders as {@code ./lab run --shard} leaves them, made from a real run's rows (gate/orderbook-run.json, 12 rows). */
final class ShardFolders {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ShardFolders() {
    }

    /**
     * The run's rows split {@code count} ways with {@code gates} (null: none), each shard a folder in {@code dir} as a
     * sharded run leaves it, shard I measured on {@code machines[I-1]}.
     */
    static List<Path> of(Path dir, String component, int count, String gates, List<String> machines) throws Exception {
        ArrayNode all = (ArrayNode) JSON.readTree(Path.of(ShardFolders.class.getResource("/gate/orderbook-run.json").toURI()).toFile());
        List<PlannedRow> rows = new ArrayList<>();
        for (JsonNode row : all) {
            Map<String, String> params = new LinkedHashMap<>();
            row.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), p.getValue().asText()));
            rows.add(new PlannedRow(row.path("benchmark").asText(), params, 1 + rows.size() % 3));
        }
        ShardPlan plan = ShardPlan.of(rows, gates == null ? List.of() : GateFile.parse(new StringReader(gates), "gates.yaml").gates(),
                count, "s");
        List<Path> folders = new ArrayList<>();
        for (int s = 1; s <= count; s++) {
            Path folder = Files.createDirectories(dir.resolve(component + "-" + s + "-of-" + count));
            ArrayNode mine = JSON.createArrayNode();
            for (int i = 0; i < rows.size(); i++) {
                if (plan.shardOf(i) == s) {
                    mine.add(all.get(i).deepCopy());
                }
            }
            Files.writeString(folder.resolve(component + ".json"), JSON.writeValueAsString(mine), StandardCharsets.UTF_8);
            Files.writeString(folder.resolve(component + ".machine.txt"), machines.get(s - 1) + "\n", StandardCharsets.UTF_8);
            ShardManifest.of(component, "smoke", new Shard(s, count), plan, machines.get(s - 1), mine.isEmpty() ? null : component + ".json")
                    .write(folder);
            folders.add(folder);
        }
        return folders;
    }
}
