package dev.perflab.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.InputFile;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.report.RowMachine;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code ./lab merge}: the shards of one run put back into one result set, each row keeping the machine it was
 * measured on.
 *
 * <pre>
 *   SHARD_DIR/COMPONENT.shard.json ×N ──▶ same component, same split (fingerprint, length), no shard twice,
 *                                         none missing (unless partial)
 *   SHARD_DIR/COMPONENT.json ×N       ──▶ every row checked against its shard's plan, tagged with
 *                                         "machine" (its shard's header) and "shard" ("2/4")
 *   OUT/COMPONENT.json                    the rows in the whole run's order, JMH's shape plus those two fields
 *   OUT/COMPONENT.machine.txt             the one machine, or "N machines: …", and the run length
 *   OUT/COMPONENT.merge.json              which folder gave which shard, on which machine; rows missing
 * </pre>
 *
 * Anything that does not belong together (two components, two splits, a shard twice) is one line, exit 2, before
 * anything is written.
 */
public final class ShardMerge {
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private ShardMerge() {
    }

    /**
     * What was merged.
     *
     * @param rowsFile      {@code OUT/COMPONENT.json}
     * @param rows          how many rows it holds
     * @param machines      the distinct machines they came from
     * @param missingRows   planned rows no shard wrote (a shard whose run failed part way)
     * @param missingShards shards not given (only with {@code partial})
     */
    public record Result(String component, Path rowsFile, int rows, Set<String> machines, List<String> missingRows,
                         List<String> missingShards) {
    }

    /** One shard folder and its manifest. */
    private record Part(Path dir, ShardManifest manifest) {
    }

    public static Result merge(List<Path> dirs, Path out, boolean partial) throws IOException, InterruptedException {
        Inputs inputs = Inputs.none().addAll(dirs);
        inputs.refuse("--out", out); // before any folder is read: nothing is created for a refused merge
        List<Part> parts = new ArrayList<>();
        for (Path dir : dirs) {
            parts.add(new Part(dir, ShardManifest.read(manifestIn(dir))));
        }
        checkTogether(parts);
        ShardManifest first = parts.get(0).manifest();
        List<String> missingShards = new ArrayList<>();
        Set<Integer> given = parts.stream().map(p -> p.manifest().shard().index()).collect(Collectors.toSet());
        for (int s = 1; s <= first.shard().count(); s++) {
            if (!given.contains(s)) {
                missingShards.add(s + "/" + first.shard().count());
            }
        }
        if (!missingShards.isEmpty() && !partial) {
            throw new LabException("shard" + (missingShards.size() > 1 ? "s " : " ") + String.join(", ", missingShards) + " of "
                    + first.component() + " not given; merge every shard, or pass --partial for a result set without "
                    + (missingShards.size() > 1 ? "them" : "it"));
        }
        RunFolder folder = RunFolder.open("--out", out, inputs);
        TreeMap<Integer, ObjectNode> rows = new TreeMap<>();
        List<String> missingRows = new ArrayList<>();
        Set<String> machines = new LinkedHashSet<>();
        for (Part p : parts) {
            readRows(p, rows, missingRows, machines);
        }
        if (rows.isEmpty()) {
            throw new LabException("no shard of " + first.component() + " holds a row (" + dirs.size() + " folders given); nothing to merge");
        }
        String component = first.component();
        ArrayNode merged = JSON.createArrayNode();
        rows.values().forEach(merged::add);
        // the three files stand together or not at all: a full disk after the rows leaves the previous merge whole
        return folder.whole(() -> {
            Path rowsFile = folder.path(component + ".json");
            folder.file(component + ".json").write(o -> JSON.writerWithDefaultPrettyPrinter().writeValue(o, merged));
            folder.file(component + ".machine.txt").writeString(header(machines, parts.size()) + "\n"
                    + "run length: " + first.length() + "\n");
            folder.file(component + ".merge.json")
                    .write(o -> JSON.writerWithDefaultPrettyPrinter().writeValue(o, summary(parts, missingRows, missingShards)));
            return new Result(component, rowsFile, rows.size(), machines, missingRows, missingShards);
        });
    }

    /** The one manifest in a shard folder. */
    private static Path manifestIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new LabException(dir + ": not a folder; give the folders ./lab run COMPONENT --shard I/N wrote (its --out)");
        }
        List<Path> manifests;
        try (Stream<Path> files = Files.list(dir)) {
            manifests = files.filter(f -> f.getFileName().toString().endsWith(ShardManifest.SUFFIX)).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new LabException(dir + ": cannot list the folder (" + InputFile.reason(e) + ")");
        }
        if (manifests.isEmpty()) {
            throw new LabException(dir + ": no shard manifest (*" + ShardManifest.SUFFIX + "); it is written by ./lab run COMPONENT --shard I/N --out "
                    + dir);
        }
        if (manifests.size() > 1) {
            throw new LabException(dir + ": holds " + manifests.size() + " shard manifests (" + manifests.stream()
                    .map(m -> m.getFileName().toString()).collect(Collectors.joining(", ")) + "); give one shard folder per component");
        }
        return manifests.get(0);
    }

    /** Refuses, in one line, shards that are not parts of one run or that overlap. */
    private static void checkTogether(List<Part> parts) {
        Part first = parts.get(0);
        Map<Integer, Part> byIndex = new LinkedHashMap<>();
        for (Part p : parts) {
            ShardManifest m = p.manifest();
            ShardManifest f = first.manifest();
            if (!m.component().equals(f.component())) {
                throw new LabException("cannot merge two components: " + first.dir() + " holds " + f.component() + ", "
                        + p.dir() + " holds " + m.component() + "; merge each component's shards on their own");
            }
            if (m.shard().count() != f.shard().count()) {
                throw new LabException("overlapping shards: " + first.dir() + " is shard " + f.shard() + " and " + p.dir()
                        + " is shard " + m.shard() + ", of two different splits of " + m.component() + "; merge the shards of one split");
            }
            if (!m.length().equals(f.length()) || !m.fingerprint().equals(f.fingerprint())) {
                throw new LabException(first.dir() + " and " + p.dir() + " are shards of two different " + m.component()
                        + " runs (" + (m.length().equals(f.length()) ? "their rows or split differ: other options, benchmarks or gates file"
                        : f.length() + " and " + m.length()) + "); merge the shards of one run");
            }
            Part twice = byIndex.putIfAbsent(m.shard().index(), p);
            if (twice != null) {
                throw new LabException("overlapping shards: " + twice.dir() + " and " + p.dir() + " are both shard " + m.shard()
                        + " of " + m.component() + "; give each shard once");
            }
        }
    }

    /** Adds a shard's rows, tagged with its machine and shard, at their index in the run. */
    private static void readRows(Part part, Map<Integer, ObjectNode> rows, List<String> missing, Set<String> machines) {
        ShardManifest m = part.manifest();
        List<ShardManifest.Entry> unseen = new ArrayList<>(m.rows());
        if (m.results() != null) {
            Path file = part.dir().resolve(m.results());
            JsonNode array = rowsOf(file);
            int n = 0;
            for (JsonNode node : array) {
                n++;
                if (!node.isObject()) {
                    throw new LabException(file + ": result " + n + " is not a JSON object");
                }
                String benchmark = node.path("benchmark").asText();
                Map<String, String> params = new LinkedHashMap<>();
                node.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
                ShardManifest.Entry entry = unseen.stream().filter(e -> e.row().matches(benchmark, params)).findFirst()
                        .orElseThrow(() -> new LabException(file + ": result " + new PlannedRow(benchmark, params, 0)
                                + " is not a row shard " + m.shard() + " planned (or it is there twice); was the folder written by another run?"));
                unseen.remove(entry);
                ObjectNode row = (ObjectNode) node;
                row.put(RowMachine.MACHINE_FIELD, m.machine());
                row.put(RowMachine.SHARD_FIELD, m.shard().toString());
                rows.put(entry.index(), row);
            }
            if (n > 0) {
                machines.add(m.machine());
            }
        }
        unseen.forEach(e -> missing.add(e.row() + " (shard " + m.shard() + ", " + part.dir() + ")"));
    }

    private static JsonNode rowsOf(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LabException(file + ": the shard's rows are missing (its manifest names this file)");
        }
        try {
            JsonNode array = JSON.readTree(new String(InputFile.read(file, InputFile.JMH_JSON_LIMIT, "JMH JSON files"), StandardCharsets.UTF_8));
            if (array == null || !array.isArray()) {
                throw new LabException(file + ": not a JMH result file (expected a JSON array of benchmark results)");
            }
            return array;
        } catch (JsonProcessingException e) {
            throw new LabException(file + ": not JSON (" + dev.perflab.base.JsonProblem.of(e) + ")");
        }
    }

    /** The merged set's machine line: the one machine, or how many and which. */
    static String header(Set<String> machines, int shards) {
        if (machines.size() == 1) {
            return machines.iterator().next();
        }
        return "merged from " + shards + " shards on " + machines.size() + " machines: " + String.join(" | ", machines);
    }

    private static ObjectNode summary(List<Part> parts, List<String> missingRows, List<String> missingShards) {
        ShardManifest first = parts.get(0).manifest();
        ObjectNode root = JSON.createObjectNode();
        root.put("component", first.component());
        root.put("length", first.length());
        root.put("fingerprint", first.fingerprint());
        root.put("shards", first.shard().count());
        ArrayNode list = root.putArray("merged");
        parts.stream().sorted(Comparator.comparingInt(p -> p.manifest().shard().index())).forEach(p -> list.addObject()
                .put("shard", p.manifest().shard().toString()).put("folder", p.dir().toString())
                .put("machine", p.manifest().machine()).put("rows", p.manifest().rows().size()));
        ArrayNode shards = root.putArray("missing_shards");
        missingShards.forEach(shards::add);
        ArrayNode rows = root.putArray("missing_rows");
        missingRows.forEach(rows::add);
        return root;
    }
}
