package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab merge} on shard folders made from a real run's rows (gate/orderbook-run.json, 12 rows), split as
 * {@code ./lab run --shard} splits them; then {@code report}, {@code gate} and {@code compare} on the merged set,
 * which refuse a ratio of rows from two machines unless given {@code --across-machines}; and every bad merge in one
 * line, exit 2.
 */
class MergeCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TIED_GATE = String.join("\n",
            "gates:",
            "  - name: tuned beats naive at depth 1000",
            "    ratio:",
            "      numerator:   {benchmark: cancelLast, params: {rung: tuned, depth: 1000}}",
            "      denominator: {benchmark: cancelLast, params: {rung: naive, depth: 1000}}",
            "    min: 100",
            "");

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    private int lab(String... args) {
        lab.clear();
        return lab.run(args);
    }

    private String errLine() {
        String text = lab.err.toString();
        assertEquals(1, text.lines().count(), "exactly one error line, was: " + text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
        return text.strip();
    }

    private List<Path> shards(String component, int count, String gates, List<String> machines) throws Exception {
        return ShardFolders.of(dir, component, count, gates, machines);
    }

    private String[] merge(List<Path> folders, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("merge"));
        folders.forEach(f -> args.add(f.toString()));
        args.addAll(List.of("--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void theMergedSetHoldsEveryRowOnceEachWithItsShardsMachine() throws Exception {
        List<Path> folders = shards("orderbook", 3, TIED_GATE, List.of("machine A", "machine B", "machine C"));
        Path out = dir.resolve("merged");
        assertEquals(0, lab(merge(folders, out)), lab.err::toString);
        assertTrue(lab.out.toString().contains("merged 12 rows of orderbook from 3 shard folders, measured on 3 machines"), lab.out.toString());
        JsonNode merged = JSON.readTree(out.resolve("orderbook.json").toFile());
        JsonNode original = JSON.readTree(Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()).toFile());
        assertEquals(original.size(), merged.size());
        Set<String> machines = new HashSet<>();
        for (int i = 0; i < merged.size(); i++) {
            assertEquals(original.get(i).path("params"), merged.get(i).path("params"), "the run's order, row " + i);
            assertEquals(original.get(i).path("primaryMetric"), merged.get(i).path("primaryMetric"));
            machines.add(merged.get(i).path("machine").asText());
            assertTrue(merged.get(i).path("shard").asText().matches("[123]/3"), merged.get(i).toString());
        }
        assertEquals(Set.of("machine A", "machine B", "machine C"), machines);
        assertTrue(Files.readString(out.resolve("orderbook.machine.txt")).startsWith("merged from 3 shards on 3 machines"));
        assertTrue(Files.isRegularFile(out.resolve("orderbook.merge.json")));
    }

    @Test
    void reportGateAndCompareRefuseARatioAcrossMachinesUnlessTold() throws Exception {
        Path out = dir.resolve("merged");
        assertEquals(0, lab(merge(shards("orderbook", 3, TIED_GATE, List.of("machine A", "machine B", "machine C")), out)), lab.err::toString);
        String merged = out.resolve("orderbook.json").toString();

        assertEquals(2, lab("report", merged));
        assertTrue(errLine().contains("measured on 2 machines") || errLine().contains("machines ("), errLine());
        assertTrue(errLine().contains("--across-machines"), errLine());
        assertEquals(0, lab("report", merged, "--across-machines"), lab.err::toString);
        assertTrue(lab.out.toString().contains("ratios across machines, as asked"), lab.out.toString());

        Path gates = Files.writeString(dir.resolve("gates.yaml"), TIED_GATE, StandardCharsets.UTF_8);
        assertEquals(0, lab("gate", "--results", merged, "--gates", gates.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("PASS"), "the gate's rows were kept in one shard: " + lab.out);

        Path spanning = Files.writeString(dir.resolve("spanning.yaml"), String.join("\n", "gates:",
                "  - name: depth 1 over depth 1000, split apart",
                "    ratio:",
                "      numerator:   {benchmark: cancelNonexistent, params: {rung: r0, depth: 1}}",
                "      denominator: {benchmark: cancelLast, params: {rung: r2, depth: 1000}}",
                "    min: 0.001", ""), StandardCharsets.UTF_8);
        JsonNode rows = JSON.readTree(out.resolve("orderbook.json").toFile());
        String a = machineOf(rows, "cancelNonexistent", "1", "r0-persistent-scan");
        String b = machineOf(rows, "cancelLast", "1000", "r2-intrusive-list");
        if (!a.equals(b)) {
            assertEquals(2, lab("gate", "--results", merged, "--gates", spanning.toString()));
            assertTrue(errLine().startsWith("lab: gate 'depth 1 over depth 1000, split apart' divides rows measured on 2 machines"), errLine());
            assertEquals(0, lab("gate", "--results", merged, "--gates", spanning.toString(), "--across-machines"), lab.err::toString);
        }

        assertEquals(2, lab("compare", merged, merged));
        assertTrue(errLine().contains("--across-machines"), errLine());
        assertEquals(0, lab("compare", merged, merged, "--across-machines"), lab.err::toString);
    }

    private static String machineOf(JsonNode rows, String method, String depth, String rung) {
        for (JsonNode row : rows) {
            if (row.path("benchmark").asText().endsWith("." + method) && row.at("/params/depth").asText().equals(depth)
                    && row.at("/params/rung").asText().equals(rung)) {
                return row.path("machine").asText();
            }
        }
        throw new AssertionError("no row " + method + " " + depth + " " + rung);
    }

    /**
     * The merge's three files stand together: when the last cannot be written (here a folder holds its name, as a
     * full disk would fail it), the rows and machine file already written go back to the previous merge's, byte for
     * byte, and the one error line says where this merge's files went.
     */
    @Test
    void aMergeThatCannotWriteItsLastFileLeavesThePreviousMergeWhole() throws Exception {
        Path out = dir.resolve("merged");
        assertEquals(0, lab(merge(shards("orderbook", 2, TIED_GATE, List.of("one machine", "one machine")), out)), lab.err::toString);
        byte[] rows = Files.readAllBytes(out.resolve("orderbook.json"));
        byte[] machine = Files.readAllBytes(out.resolve("orderbook.machine.txt"));
        Files.delete(out.resolve("orderbook.merge.json"));
        Files.createDirectories(out.resolve("orderbook.merge.json").resolve("in-the-way"));

        int exit = lab(merge(shards("orderbook", 3, TIED_GATE, List.of("machine A", "machine B", "machine C")), out));
        assertEquals(2, exit, lab.out + "" + lab.err);
        String line = errLine();
        assertTrue(line.contains("orderbook.merge.json") && line.contains(out + " unchanged"), line);
        assertTrue(java.util.Arrays.equals(rows, Files.readAllBytes(out.resolve("orderbook.json"))), "the previous merge's rows");
        assertTrue(java.util.Arrays.equals(machine, Files.readAllBytes(out.resolve("orderbook.machine.txt"))), "its machine file");
    }

    @Test
    void shardsOfOneMachineMergeIntoASetReportReadsAsAlways() throws Exception {
        Path out = dir.resolve("merged");
        assertEquals(0, lab(merge(shards("orderbook", 2, TIED_GATE, List.of("one machine", "one machine")), out)), lab.err::toString);
        assertEquals("one machine", Files.readAllLines(out.resolve("orderbook.machine.txt")).get(0));
        assertEquals(0, lab("report", out.resolve("orderbook.json").toString()), lab.err::toString);
        assertTrue(lab.out.toString().startsWith("one machine"), lab.out.toString());
    }

    @Test
    void twoComponentsOrOverlappingShardsAreOneLineExitTwo() throws Exception {
        List<String> twoMachines = List.of("A", "B");
        List<Path> orderbook = shards("orderbook", 2, TIED_GATE, twoMachines);
        List<Path> other = shards("other", 2, TIED_GATE, twoMachines);
        Path out = dir.resolve("merged");

        assertEquals(2, lab(merge(List.of(orderbook.get(0), other.get(1)), out)));
        assertTrue(errLine().startsWith("lab: cannot merge two components: "), errLine());

        assertEquals(2, lab(merge(List.of(orderbook.get(0), orderbook.get(0), orderbook.get(1)), out)));
        assertTrue(errLine().contains("overlapping shards") && errLine().contains("both shard 1/2"), errLine());

        List<Path> four = shards("orderbook", 4, TIED_GATE, List.of("A", "B", "C", "D"));
        assertEquals(2, lab(merge(List.of(orderbook.get(0), four.get(1)), out)));
        assertTrue(errLine().contains("overlapping shards") && errLine().contains("two different splits"), errLine());

        assertEquals(2, lab(merge(List.of(orderbook.get(0)), out)));
        assertTrue(errLine().contains("shard 2/2 of orderbook not given") && errLine().contains("--partial"), errLine());

        assertEquals(2, lab(merge(List.of(dir.resolve("nowhere")), out)));
        assertTrue(errLine().contains("not a folder"), errLine());

        assertEquals(2, lab(merge(List.of(orderbook.get(0), orderbook.get(1)), orderbook.get(0))));
        assertTrue(errLine().contains("is the input folder"), errLine());
        assertFalse(Files.exists(out), "nothing written by a refused merge");

        assertEquals(0, lab(merge(List.of(orderbook.get(0)), out, "--partial")), lab.err::toString);
        assertTrue(lab.out.toString().contains("partial: shards 2/2 not merged"), lab.out.toString());
    }

    @Test
    void aShardThatLeftRowsOutMergesTheRestAndExitsOne() throws Exception {
        List<Path> folders = shards("orderbook", 2, TIED_GATE, List.of("A", "A"));
        Path rows = folders.get(1).resolve("orderbook.json");
        ArrayNode written = (ArrayNode) JSON.readTree(rows.toFile());
        written.remove(0);
        Files.writeString(rows, JSON.writeValueAsString(written), StandardCharsets.UTF_8);
        Path out = dir.resolve("merged");
        assertEquals(1, lab(merge(folders, out)));
        assertTrue(errLine().startsWith("lab: 1 planned rows are in no shard's results"), errLine());
        assertEquals(11, JSON.readTree(out.resolve("orderbook.json").toFile()).size());
    }
}
