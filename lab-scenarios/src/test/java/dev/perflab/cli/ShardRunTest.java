package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.BenchmarkFilter;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.cli.run.JmhRun;
import dev.perflab.cli.toy.ToyComponent;
import dev.perflab.fleet.PlannedRow;
import dev.perflab.fleet.ShardPlan;
import dev.perflab.gate.Gate;
import dev.perflab.gate.GateFile;
import dev.perflab.gate.RowSelector;
import dev.perflab.report.LadderReport;
import dev.perflab.report.Row;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab run COMPONENT --shard I/N}: on every built-in component's smoke selection, planned and not run (JMH
 * lists the rows from this module's test class path, which holds the benchmarks), shards 1..N of N = 1…4 are
 * exactly the unsharded run's rows, and every row a ratio gate of ci/gates.yaml divides shares its numerator's
 * shard; the order book's default run splits 4 ways within 1.3× of the mean by expected cost; and a real smoke run
 * of the toy, sharded and merged, has the unsharded run's rows.
 */
@org.junit.jupiter.api.extension.ExtendWith(JmhFromTestClassPath.class)
class ShardRunTest {
    private static final Path GATES = Path.of("..", "ci", "gates.yaml");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli(Registry.builtIn().with(new ToyComponent()));

    private static List<Gate> gates() {
        return GateFile.read(GATES).gates();
    }

    /** The rows a run of {@code component} would make, planned and not run. */
    private static List<PlannedRow> planned(Component component, RunLength length) throws Exception {
        if (component.suites().isEmpty() || component.scenario().isPresent()) {
            return scenarioRows(component, length);
        }
        return new JmhRun(component, length, RunFolder.of("--out", Path.of("unused")), BenchmarkFilter.ALL, Map.of(),
                JmhRun.jmhParams(component, length, null, Map.of()), null, new PrintWriter(new StringWriter())).plannedRows();
    }

    private static List<PlannedRow> scenarioRows(Component component, RunLength length) {
        return rungIds(component.scenario().get(), new ScenarioRequest(null, length, Path.of("unused"), new PrintWriter(new StringWriter())),
                component).stream().map(id -> PlannedRow.ofScenario(component.name(), id)).toList();
    }

    private static <O> List<String> rungIds(Scenario<O> scenario, ScenarioRequest request, Component component) {
        return scenario.rungIds(request, scenario.newOptions(), component.ladder());
    }

    @Test
    void shardsOfTheSmokeSelectionAreExactlyTheUnshardedRunsRows() throws Exception {
        List<Gate> gates = gates();
        int components = 0;
        int gatedRatios = 0;
        for (Component component : Registry.builtIn().all()) {
            List<PlannedRow> rows = planned(component, RunLength.SMOKE);
            if (rows.isEmpty()) {
                continue;
            }
            components++;
            Set<String> whole = keys(rows);
            for (int n = 1; n <= 4; n++) {
                ShardPlan plan = ShardPlan.of(rows, gates, n, "s");
                List<String> union = new ArrayList<>();
                for (int s = 1; s <= n; s++) {
                    plan.rows(s).forEach(r -> union.add(r.key()));
                }
                assertEquals(rows.size(), union.size(), component.name() + ": no row in two shards, N=" + n);
                assertEquals(whole, new TreeSet<>(union), component.name() + ": the unsharded run's rows, N=" + n);
                gatedRatios += assertGateRowsTogether(component.name(), plan, gates);
            }
        }
        assertTrue(components >= 7, "every built-in component has a smoke selection; planned " + components);
        long ratios = gates.stream().filter(g -> g instanceof Gate.Ratio).count();
        assertEquals(4 * ratios, gatedRatios, "every ratio gate of ci/gates.yaml finds its rows in a smoke plan, for N = 1…4");
    }

    private static Set<String> keys(List<PlannedRow> rows) {
        Set<String> keys = new TreeSet<>();
        rows.forEach(r -> keys.add(r.key()));
        return keys;
    }

    /**
     * Every ratio gate's two rows, when both are planned, in one shard: checked against ./lab gate's own row picking.
     * Returns how many gates had rows here.
     */
    private static int assertGateRowsTogether(String component, ShardPlan plan, List<Gate> gates) {
        int checked = 0;
        Map<String, Integer> shardOf = new HashMap<>();
        for (int i = 0; i < plan.rows().size(); i++) {
            shardOf.put(plan.rows().get(i).key(), plan.shardOf(i));
        }
        for (Gate gate : gates) {
            if (gate instanceof Gate.Ratio ratio) {
                Set<Integer> shards = new HashSet<>();
                int found = 0;
                for (PlannedRow row : plan.rows()) {
                    if (picks(ratio.numerator(), row, plan.rows()) || picks(ratio.denominator(), row, plan.rows())) {
                        shards.add(shardOf.get(row.key()));
                        found++;
                    }
                }
                assertTrue(found == 0 || shards.size() == 1, component + ": gate '" + gate.name() + "' rows in shards " + shards);
                checked += found >= 2 ? 1 : 0;
            }
        }
        return checked;
    }

    /** Whether {@code selector} picks {@code row}: the gate evaluator's own picking, on a report made of the planned rows. */
    private static boolean picks(RowSelector selector, PlannedRow row, List<PlannedRow> rows) {
        List<Row> asRows = rows.stream().map(r -> asRow(r, selector.benchmark())).toList();
        LadderReport report = LadderReport.of(asRows);
        String rung = selector.params().get("rung");
        Map<String, String> params = new HashMap<>(selector.params());
        boolean alias = "naive".equals(rung) || "tuned".equals(rung);
        if (alias) {
            params.remove("rung");
        }
        List<Row> found = report.find(selector.benchmark(), params);
        if (alias) {
            int best = -1;
            for (Row r : found) {
                int number = number(r.rung());
                if (number >= 0 && (best < 0 || ("naive".equals(rung) ? number < best : number > best))) {
                    best = number;
                }
            }
            int chosen = best;
            found = found.stream().filter(r -> chosen >= 0 && number(r.rung()) == chosen).toList();
        }
        Row mine = asRow(row, selector.benchmark());
        return found.stream().anyMatch(r -> r.benchmark().equals(mine.benchmark()) && r.params().equals(mine.params()));
    }

    private static int number(String rung) {
        Matcher m = rung == null ? null : Pattern.compile("r(\\d+)-.*").matcher(rung);
        return m != null && m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * A planned row as a result row; an end-to-end run's {@code COMPONENT.*} stands for its one benchmark, so it is
     * written as the gate names it when the gate names that component ({@code forwarder.forward} for {@code forwarder.*}).
     */
    private static Row asRow(PlannedRow row, String named) {
        String prefix = row.benchmark().substring(0, row.benchmark().length() - 1);
        String benchmark = !row.benchmark().endsWith(".*") ? row.benchmark()
                : named.startsWith(prefix) ? named : prefix + "endToEnd";
        return new Row(benchmark, benchmark.substring(benchmark.lastIndexOf('.') + 1), row.params(), "thrpt",
                1, 0, "ops/s", null, "", "", Map.of());
    }

    @Test
    void theOrderBooksDefaultRunSplitsFourWaysWithinOnePointThreeOfTheMean() throws Exception {
        Component orderbook = Registry.builtIn().byName("orderbook");
        List<PlannedRow> rows = planned(orderbook, RunLength.STANDARD);
        ShardPlan plan = ShardPlan.of(rows, gates(), 4, "s");
        double ratio = plan.longestOverMean();
        System.out.printf(Locale.ROOT, "[perflab] orderbook default run, 4 shards by expected warm-up and measurement time: %s;"
                        + " longest %s, mean %s: %.3f× the mean (%d rows, %d tied by gates)%n",
                String.join(", ", IntStream.rangeClosed(1, 4).mapToObj(s -> plan.amount(plan.cost(s))).toList()),
                plan.amount(IntStream.rangeClosed(1, 4).mapToDouble(plan::cost).max().orElse(0)),
                plan.amount(plan.totalCost() / 4), ratio, rows.size(), plan.tiedRows());
        assertTrue(ratio <= 1.3, "longest shard " + ratio + "× the mean");
        assertTrue(plan.tiedRows() >= 3, "the order book's two ratio gates tie three rows: " + plan.tiedRows());
    }

    @Test
    void aShardedToySmokeRunMergesIntoTheUnshardedRunsRows() throws Exception {
        Path whole = dir.resolve("whole");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--out", whole.toString()), lab.out + "" + lab.err);
        List<String> folders = new ArrayList<>();
        for (int s = 1; s <= 2; s++) {
            Path out = dir.resolve("shard-" + s);
            lab.clear();
            assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--shard", s + "/2", "--shard-gates", "none", "--out", out.toString()),
                    lab.out + "" + lab.err);
            assertTrue(lab.out.toString().contains("▶ shard " + s + "/2: 1 rows"), lab.out.toString());
            assertTrue(lab.out.toString().contains("balance: the longest shard is 1.00× the mean"), lab.out.toString());
            assertTrue(Files.readString(out.resolve("toy.machine.txt")).contains(" · host "), "a shard's header names its host");
            folders.add(out.toString());
        }
        Path merged = dir.resolve("merged");
        lab.clear();
        List<String> args = new ArrayList<>(List.of("merge"));
        args.addAll(folders);
        args.addAll(List.of("--out", merged.toString()));
        assertEquals(0, lab.run(args.toArray(String[]::new)), lab.out + "" + lab.err);
        assertEquals(rowKeys(whole.resolve("toy.json")), rowKeys(merged.resolve("toy.json")));
    }

    @Test
    void aShardedEndToEndRunKeepsTheGatedRungsTogether() throws Exception {
        Path gates = Files.writeString(dir.resolve("gates.yaml"), String.join("\n", "gates:", "  - name: toy tuned over naive",
                "    ratio:", "      numerator:   {benchmark: toy.endToEnd, params: {rung: tuned}}",
                "      denominator: {benchmark: toy.endToEnd, params: {rung: naive}}", "    min: 1.0e-6", ""), StandardCharsets.UTF_8);
        List<String> folders = new ArrayList<>();
        int rowsWritten = 0;
        for (int s = 1; s <= 2; s++) {
            Path out = dir.resolve("e2e-" + s);
            lab.clear();
            assertEquals(0, lab.run("run", "toy", "--smoke", "--shard", s + "/2", "--shard-gates", gates.toString(), "--out", out.toString()),
                    lab.out + "" + lab.err);
            if (Files.exists(out.resolve("toy.json"))) {
                rowsWritten += JSON.readTree(out.resolve("toy.json").toFile()).size();
            } else {
                assertTrue(lab.out.toString().contains("has no rung of this run"), lab.out.toString());
            }
            folders.add(out.toString());
        }
        assertEquals(2, rowsWritten, "naive and tuned, in the one shard the gate puts them in");
        Path merged = dir.resolve("e2e-merged");
        lab.clear();
        assertEquals(0, lab.run("merge", folders.get(0), folders.get(1), "--out", merged.toString()), lab.out + "" + lab.err);
        lab.clear();
        assertEquals(0, lab.run("gate", "--results", merged.resolve("toy.json").toString(), "--gates", gates.toString()), lab.out + "" + lab.err);
    }

    private static Set<String> rowKeys(Path json) throws Exception {
        Set<String> keys = new TreeSet<>();
        for (JsonNode row : JSON.readTree(json.toFile())) {
            keys.add(row.path("benchmark").asText() + " " + row.path("params"));
        }
        return keys;
    }

    @Test
    void badShardsAreOneLineExitTwoBeforeAnythingRuns() {
        for (String bad : List.of("5/4", "0/0", "x")) {
            lab.clear();
            assertEquals(2, lab.run("run", "toy", "--jmh", "--smoke", "--shard", bad, "--out", dir.resolve("bad").toString()));
            String err = lab.err.toString();
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.startsWith("lab: --shard '" + bad + "'"), err);
            assertFalse(Files.exists(dir.resolve("bad")), "nothing written");
        }
        lab.clear();
        assertEquals(2, lab.run("run", "toy", "--jmh", "--smoke", "--shard", "1/2", "--shard-gates", dir.resolve("none.yaml").toString()));
        assertTrue(lab.err.toString().startsWith("lab: --shard-gates: "), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "toy", "--jmh", "--smoke", "--shard-gates", "none"));
        assertTrue(lab.err.toString().contains("applies to a sharded run"), lab.err.toString());
    }

    @Test
    void planOnlyPrintsEveryShardAndRunsNothing() throws Exception {
        Path out = dir.resolve("plan");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--shard", "2/2", "--shard-gates", "none", "--plan-only", "--out", out.toString()),
                lab.out + "" + lab.err);
        String text = lab.out.toString();
        assertTrue(text.contains("  shard 1/2: 1 rows") && text.contains("▶ shard 2/2: 1 rows"), text);
        assertFalse(Files.exists(out), "nothing measured, no folder made");
    }

    /**
     * A run of single-shot rows (kv's put suite) is split by its calls: JMH ignores the iteration time there, so
     * the annotations' seconds were no cost at all (docs/measurements/2026-11-30-kv-put-standard.md has the run's time).
     */
    @Test
    void singleShotRowsAreSplitByTheirCallsNotByAnIterationTimeTheyDoNotHave() throws Exception {
        assertEquals(0, lab.run("run", "kv", "--jmh", "--smoke", "--shard", "1/2", "--shard-gates", "none", "--plan-only",
                "--out", dir.resolve("kv").toString()), lab.out + "" + lab.err);
        String text = lab.out.toString();
        java.util.regex.Matcher all = java.util.regex.Pattern.compile("shards: (\\d+) rows, ([\\d,]+) single-shot calls in all,"
                + " split 2 ways by their count").matcher(text);
        assertTrue(all.find(), text);
        java.util.regex.Matcher planLine = java.util.regex.Pattern.compile("plan: \\d+ rows in \\d+ suites, \\d+ forked JVMs; ([\\d,]+)"
                + " single-shot calls").matcher(text);
        assertTrue(planLine.find(), text);
        java.util.regex.Matcher shards = java.util.regex.Pattern.compile("shard [12]/2: \\d+ rows, ([\\d,]+) single-shot calls").matcher(text);
        long sum = 0;
        int count = 0;
        while (shards.find()) {
            sum += Long.parseLong(shards.group(1).replace(",", ""));
            count++;
        }
        assertEquals(2, count, text);
        assertEquals(Long.parseLong(all.group(2).replace(",", "")), sum, "the shards' calls add up to the run's: " + text);
        assertTrue(Long.parseLong(planLine.group(1).replace(",", "")) <= sum, "shard 1's calls are a share of the run's: " + text);
        assertFalse(text.contains("of warm-up and measurement in all"), text);
    }
}
