package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.ab.Plant;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Registry;
import dev.perflab.history.History;
import dev.perflab.history.HistoryQuery;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.Series;
import dev.perflab.jmh.JmhProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab ab} end to end on the toy suite, both sides from one thin benchmarks jar of this class path
 * ({@link ToyJars}), so no revision is built: a slowdown planted in head's forks of r0 is found (exit 1); the
 * same jar against itself is "no change" (exit 0) or, where the machine is too loaded to show it, "undecided" (exit 4);
 * an interval too wide to tell is "undecided" (exit 4), and the gate reads it so; a ruler planted to move makes the
 * run "noisy" (exit 3). Where a test is not about the looks it runs one ({@code --budget 0}), to stay short. The
 * thresholds are wide (20%; the plants make a row ten times slower; a ruler is left out of the judgement
 * with a threshold of 900% where it is not the subject, or left out of the run with {@code --no-ruler}) because the tests share the machine with other work: they
 * check the machinery, not its precision, which {@code --calibrate} measures.
 */
class AbToyTest {
    @TempDir
    static Path jars;

    @TempDir
    Path dir;

    private static Path jar;
    private final LabCli lab = new LabCli(Registry.builtIn().with(new ToyAbComponent()));

    @BeforeAll
    static void buildJar() throws Exception {
        jar = ToyJars.jmhJar(jars.resolve("benchmarks.jar"));
    }

    private int ab(String... more) {
        return ab(4, more);
    }

    private int ab(int pairs, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("ab", ToyAbComponent.NAME, "--base-jar", jar.toString(),
                "--head-jar", jar.toString(), "--smoke", "--rung", "naive", "--pairs", Integer.toString(pairs), "--out", dir.toString()));
        args.addAll(List.of(more));
        return lab.run(args.toArray(String[]::new));
    }

    private JsonNode verdict() throws Exception {
        return new ObjectMapper().readTree(dir.resolve("verdict.json").toFile());
    }

    private static JsonNode row(JsonNode verdict, boolean ruler) {
        for (JsonNode row : verdict.get("rows")) {
            if (row.get("ruler").asBoolean() == ruler) {
                return row;
            }
        }
        throw new AssertionError("no " + (ruler ? "ruler" : "judged") + " row in " + verdict);
    }

    @Test
    void aPlantedSlowdownIsARegression() throws Exception {
        assertEquals(1, ab(4, "--max-pairs", "4", "--plant", "naive=900%", "--threshold", "20%", "--ruler-threshold", "900%"), lab.out + "" + lab.err);
        JsonNode verdict = verdict();
        assertEquals("regression", verdict.get("verdict").asText(), verdict.toString());
        JsonNode r0 = row(verdict, false);
        assertEquals("r0-loop-sum", r0.at("/params/rung").asText());
        assertEquals("regression", r0.get("verdict").asText(), r0.toString());
        assertTrue(r0.get("ratio").asDouble() < 0.8 && r0.get("high").asDouble() < 1, r0.toString());
        assertEquals(4, r0.get("pairs").asInt());
        assertTrue(r0.get("planted").asText().startsWith("900%"), r0.toString());
        assertEquals("dev.perflab.bench.RulerBenchmark.sortCopy", row(verdict, true).get("benchmark").asText());
        assertEquals(4 * 10, verdict.at("/cacheProbe/chunks").asInt(), "the cache probe's ten chunks before each of 4 pairs: " + verdict);
        assertTrue(verdict.at("/cacheProbe/cv").asDouble() > 0, verdict.toString());
        assertTrue(lab.out.toString().contains("cache probe (a 256 KiB pointer chase before each pair's forks, 40 chunks"), lab.out.toString());
        for (String file : List.of("verdict.md", "ratios.png", "base.json", "head.json")) {
            assertTrue(Files.size(dir.resolve(file)) > 0, file);
        }
        assertEquals(8, new ObjectMapper().readTree(dir.resolve("head.json").toFile()).size(),
                "head.json: each of the 2 rows' 4 head forks, as JMH wrote them");
        try (Stream<Path> forks = Files.list(dir.resolve("forks"))) {
            List<String> names = forks.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().collect(Collectors.toList());
            assertEquals(16, names.size(), names.toString());
            assertTrue(names.contains("row01-base-pair1.json") && names.contains("row02-head-pair4.json"), names.toString());
        }
        String log = Files.readString(dir.resolve("forks/row01-head-pair2.log"));
        assertTrue(log.lines().anyMatch(l -> l.startsWith("# VM options:") && l.contains("-Dperflab.plant=")),
                "the plant reaches head's forks: " + log);
        assertFalse(Files.readString(dir.resolve("forks/row01-base-pair2.log")).contains("-Dperflab.plant="), "and not base's");
        assertTrue(Files.readString(dir.resolve("verdict.md")).contains("| ❌ |"), Files.readString(dir.resolve("verdict.md")));
    }

    /**
     * The looks: a row still undecided at the first look gets pairs up to the next, the ruler beside it. At a 0% threshold
     * no interval lies inside the threshold, and at 2 pairs and 99.95% (two looks keep 99.9%; Student's t with one
     * degree of freedom is about 1,300) it cannot exclude 1 unless the two pairs' ratios agree to a few parts in ten
     * thousand, so a run of 2 pairs goes on to its second look, at 4. (At 97.5% a load that slowed both of head's
     * forks, the middle two of ABBA, by the same amount could decide the A/A row at its first look.)
     */
    @Test
    void anUndecidedRowGetsPairsUpToTheNextLookAndTheRulerWithIt() throws Exception {
        int exit = ab(2, "--max-pairs", "4", "--threshold", "0%", "--confidence", "99.9%", "--ruler-threshold", "900%");
        assertTrue(exit == 0 || exit == 1 || exit == 4, exit + ": " + lab.out + lab.err);
        JsonNode verdict = verdict();
        assertEquals(4, row(verdict, false).get("pairs").asInt(), verdict.toString());
        assertEquals(4, row(verdict, true).get("pairs").asInt(), "the ruler runs in the added pairs too: " + verdict);
        assertEquals(2, verdict.get("pairsAskedFor").asInt());
        assertEquals("[2,4]", verdict.get("looks").toString());
        assertEquals(0.9995, verdict.get("intervalConfidence").asDouble(), 1e-12);
        assertTrue(verdict.get("method").asText().contains("judged at 2 pairs and, while undecided, again at 4 (the most a row got: 4)"),
                verdict.toString());
        assertTrue(lab.out.toString().contains("then, for the rows still undecided (the rulers beside them), looks at 4 pairs, each interval at"
                + " 99.95% so that all 2 looks keep 99.9%; within a budget of 15 min 00 s from the first fork (--budget)"), lab.out.toString());
        assertTrue(lab.out.toString().contains("look at 2 pairs: still undecided: ToySumBenchmark"), lab.out.toString());
        assertEquals(4 * 10, verdict.at("/cacheProbe/chunks").asInt(), "a cache probe before the added pairs too: " + verdict);
        assertTrue(Files.isRegularFile(dir.resolve("forks/row01-head-pair4.json")), "the added pairs' forks are kept");
        assertFalse(Files.exists(dir.resolve("forks/row01-head-pair5.json")), "and no more than --max-pairs");
    }

    /**
     * An interval too wide to tell: at 99.99% over 2 pairs the interval reaches far past 1, and at a 0% threshold no
     * interval lies inside it, so the row is undecided, the run exits 4, and the gate reads the verdict as neither passed
     * nor failed, with the pairs the row would take. The ruler is not the subject: {@code --no-ruler} halves the forks.
     */
    @Test
    void anIntervalTooWideToTellIsUndecidedAndExitsFour() throws Exception {
        assertEquals(4, ab(2, "--budget", "0", "--threshold", "0%", "--confidence", "99.99%", "--no-ruler"),
                lab.out + "" + lab.err);
        JsonNode verdict = verdict();
        assertEquals("undecided", verdict.get("verdict").asText(), verdict.toString());
        assertTrue(lab.out.toString().contains("ruler: none (--no-ruler), so no ruler watches the machine"), lab.out.toString());
        assertEquals(1, verdict.get("rows").size(), "--no-ruler: the judged row alone, " + verdict);
        JsonNode r0 = row(verdict, false);
        assertEquals("undecided", r0.get("verdict").asText());
        assertEquals(2, r0.get("pairs").asInt());
        assertTrue(r0.path("pairsToDecide").isMissingNode() || r0.get("pairsToDecide").asInt() > 2, r0.toString());
        assertEquals("[2]", verdict.get("looks").toString(), "--budget 0: one look");
        String out = lab.out.toString();
        assertTrue(out.contains("one look, at 2 pairs, 99.99% intervals"), out);
        assertTrue(out.contains("verdict: undecided (neither passed nor failed: ToySumBenchmark.sum ") && out.contains(" (2 pairs; decides at "), out);
        assertTrue(Files.readString(dir.resolve("verdict.md")).contains("| ❔ |"), Files.readString(dir.resolve("verdict.md")));
        lab.clear();
        assertEquals(4, lab.run("gate", "--verdict", dir.resolve("verdict.json").toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("NEUTRAL  perflab ab toy-ab: undecided"), lab.out.toString());
        assertTrue(lab.out.toString().contains("2 pairs, decides at "), lab.out.toString());
    }

    /**
     * A/A, with the looks (2 pairs, then 4 while undecided): "no change". Where the machine is shared with heavy work
     * that lands on one side more than the other (a test suite running beside this one), the ruler sees it and the run
     * is "noisy" instead, or the row's interval stays too wide and it is "undecided": the answers {@code ab} is built to
     * give then; what it must never say is "regression" or "improvement", however many looks it takes.
     */
    @Test
    void theSameJarOnBothSidesIsNoChange() throws Exception {
        Path db = jars.resolve("history-" + dir.getFileName() + ".db"); // beside the results folder: --out may not hold an input
        int exit = ab(2, "--max-pairs", "4", "--threshold", "20%", "--ruler-threshold", "20%", "--history", db.toString());
        JsonNode verdict = verdict();
        try (HistoryStore store = HistoryStore.open(HistoryTarget.sqlite(db))) {
            History history = store.read(HistoryQuery.of(ToyAbComponent.NAME));
            assertEquals(2, history.runs().size(), () -> "base and head, each a run of its revision: " + history.runs() + "\n" + lab.out + lab.err);
            assertEquals(2, history.series().size(), "r0 and the ruler: " + history.series());
            for (Series series : history.series()) {
                assertEquals(2, series.points().size(), "one point per side, its forks pooled: " + series);
            }
        }
        assertTrue(lab.out.toString().contains("history: run of 2 rows appended to "), lab.out.toString());
        String run = verdict.get("verdict").asText();
        assertTrue(exit == 0 && run.equals("no change") || exit == 3 && run.equals("noisy") || exit == 4 && run.equals("undecided"),
                exit + ": " + verdict);
        if (exit == 0) {
            assertEquals("no change", row(verdict, false).get("verdict").asText());
            assertTrue(lab.out.toString().contains("verdict: no change"), lab.out.toString());
        }
    }

    /**
     * A calibration goes on where it stopped: {@code --resume} reads the saved runs back, reuses the plant (no
     * sizing forks), numbers on, and stops when every kind has {@code --runs}; other options are refused. Without the
     * ruler ({@code --no-ruler}), which is not what it is about: half the forks.
     */
    @Test
    void aCalibrationResumesWithItsRunsAndPlants() throws Exception {
        List<String> calibrate = List.of("ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--calibrate", "--plants", "20%",
                "--rung", "naive", "--smoke", "--budget", "0", "--threshold", "20%", "--no-ruler", "--out", dir.toString());
        java.util.function.Function<List<String>, Integer> run = more -> {
            List<String> args = new java.util.ArrayList<>(calibrate);
            args.addAll(more);
            lab.clear();
            return lab.run(args.toArray(String[]::new));
        };
        assertEquals(0, run.apply(List.of("--runs", "1", "--pairs", "2")), lab.out + "" + lab.err);
        long sizingForks;
        try (Stream<Path> files = Files.list(dir.resolve("sizing"))) {
            sizingForks = files.count();
        }
        JsonNode first = new ObjectMapper().readTree(dir.resolve("calibration.json").toFile());
        // The plant goes into the naive row (--rung naive leaves the tuned one out): a loop of a thousand adds takes
        // whole tokens per invocation. The tuned row's closed form is a few arithmetic steps, whose 20% needs a
        // period, and the period's counter, measured on loaded smoke forks, cost more than 20% by itself (45.8%
        // once), so the calibration planted nothing and this test had nothing to resume. Where even the loop cannot
        // be sized, it is skipped, with the sizing's own words.
        Assumptions.assumeTrue(first.get("plants").size() == 1, () -> "no plant sized on this machine: " + first.get("notes"));
        assertEquals(2, first.get("runs").size(), first.toString());
        assertEquals(1, first.get("plants").size(), "the 20% plant of the naive row: " + first.get("plants"));
        assertTrue(Files.readString(dir.resolve("calibration.md")).contains("planted in ToySumBenchmark.sum {rung=r0-loop-sum"),
                "--rung naive leaves the tuned rung out, so the selected rung is planted: " + Files.readString(dir.resolve("calibration.md")));

        assertEquals(0, run.apply(List.of("--runs", "2", "--pairs", "2", "--resume")), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("calibration: resumed from " + dir + ": A/A 1, 20% 1 runs so far"), lab.out.toString());
        try (Stream<Path> files = Files.list(dir.resolve("sizing"))) {
            assertEquals(sizingForks, files.count(), "the saved plant is reused: no sizing forks");
        }
        JsonNode table = new ObjectMapper().readTree(dir.resolve("calibration.json").toFile());
        assertEquals(4, table.get("runs").size(), table.toString());
        // the second planted run re-aims the plant only where the first realized far from 20% (outside 14–26%)
        boolean movedOnce = lab.out.toString().contains("; re-aimed: 20% (");
        assertEquals(movedOnce, !first.at("/plants/0/tokens").equals(table.at("/plants/0/tokens")), lab.out.toString());
        try (Stream<Path> runs = Files.list(dir.resolve("runs"))) {
            assertEquals(List.of("01-aa", "01-plant20", "02-aa", "02-plant20"),
                    runs.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
        }
        assertTrue(Files.readString(dir.resolve("calibration.md")).startsWith("#### " + ToyAbComponent.NAME + ": 2 A/A runs and 2 × 20% planted"),
                Files.readString(dir.resolve("calibration.md")));

        assertEquals(2, run.apply(List.of("--runs", "3", "--resume", "--pairs", "3")), lab.out + "" + lab.err);
        assertTrue(lab.err.toString().contains("was calibrated with selection 'ab --smoke, 2 pairs"), lab.err.toString());
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());

        // A second lane (ci/calibrate-lanes.sh): the first lane's plants, its own runs; then one table over both.
        // With the first lane's runs copied in, its run is the calibration's third planted run, and the plant is
        // re-aimed from what the two before it realized in the naive row (kept where they came close to 20%).
        Path lane2 = dir.resolve("lane2");
        Files.createDirectories(lane2);
        Files.copy(dir.resolve("calibration.json"), lane2.resolve("calibration.json"));
        List<Path> copied = List.of(lane2.resolve("runs/01-aa"), lane2.resolve("runs/01-plant20"), lane2.resolve("runs/02-aa"),
                lane2.resolve("runs/02-plant20"));
        for (Path copy : copied) {
            Files.createDirectories(copy);
            Files.copy(dir.resolve("runs").resolve(copy.getFileName()).resolve("verdict.json"), copy.resolve("verdict.json"));
        }
        List<String> lane = new java.util.ArrayList<>(calibrate.subList(0, calibrate.indexOf("--out")));
        lane.addAll(List.of("--out", lane2.toString(), "--runs", "3", "--pairs", "2", "--resume"));
        lab.clear();
        assertEquals(0, lab.run(lane.toArray(String[]::new)), lab.out + "" + lab.err);
        String reaim = lab.out.toString().lines().filter(l -> l.startsWith("calibration: the 20% plant in ToySumBenchmark.sum {rung=r0-loop-sum"))
                .findFirst().orElse("");
        Plant sized = new Plant(0.20, first.at("/plants/0/tokens").asLong(), first.at("/plants/0/period").asLong());
        assertTrue(reaim.contains(" in its last 2 planted runs (" + sized.burst()), lab.out.toString());
        boolean moved = reaim.contains("; re-aimed: 20% (");
        assertTrue(moved || reaim.contains("; kept: 20% ("), reaim);
        JsonNode lane2Table = new ObjectMapper().readTree(lane2.resolve("calibration.json").toFile());
        assertEquals(moved, lane2Table.at("/plants/0/tokens").asLong() != table.at("/plants/0/tokens").asLong(), reaim + " " + lane2Table.get("plants"));
        for (Path copy : copied) { // the merge below counts each run once
            Files.delete(copy.resolve("verdict.json"));
            Files.delete(copy);
        }
        Path merged = dir.resolve("merged");
        lab.clear();
        assertEquals(0, lab.run("ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir + "," + lane2, "--out", merged.toString()),
                lab.out + "" + lab.err);
        assertTrue(Files.readString(merged.resolve("calibration.md")).startsWith("#### " + ToyAbComponent.NAME + ": 3 A/A runs and 3 × 20% planted"),
                Files.readString(merged.resolve("calibration.md")));
        JsonNode table3 = new ObjectMapper().readTree(merged.resolve("calibration.json").toFile());
        assertEquals(6, table3.get("runs").size(), table3.toString());
        assertEquals(moved ? 2 : 1, table3.get("plants").size(), "one plant per lane where the second re-aimed it: " + table3.get("plants"));
        assertEquals(2, table3.get("mergedFrom").size());

        // an A/A-only lane (--plants none) merges with one that planted, and the table names the planted row
        JsonNode aaOnly = new ObjectMapper().readTree(lane2.resolve("calibration.json").toFile());
        String plantedSelection = aaOnly.get("selection").asText();
        assertTrue(plantedSelection.contains("; planted in ToySumBenchmark.sum"), plantedSelection);
        ((com.fasterxml.jackson.databind.node.ObjectNode) aaOnly).put("selection",
                plantedSelection.substring(0, plantedSelection.indexOf("; planted in ")) + "; nothing planted");
        new ObjectMapper().writeValue(lane2.resolve("calibration.json").toFile(), aaOnly);
        Path mergedAa = dir.resolve("merged-aa");
        lab.clear();
        assertEquals(0, lab.run("ab", ToyAbComponent.NAME, "--calibrate", "--merge", lane2 + "," + dir, "--out", mergedAa.toString()),
                lab.out + "" + lab.err);
        assertEquals(plantedSelection, new ObjectMapper().readTree(mergedAa.resolve("calibration.json").toFile()).get("selection").asText());

        // refused: a lane of another selection, and an --out that is one of the folders
        JsonNode other = new ObjectMapper().readTree(lane2.resolve("calibration.json").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) other).put("selection", "ab --quick, 9 pairs");
        new ObjectMapper().writeValue(lane2.resolve("calibration.json").toFile(), other);
        lab.clear();
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir + "," + lane2, "--out", merged.toString()));
        assertTrue(lab.err.toString().contains("--merge: " + lane2 + " was calibrated with selection 'ab --quick, 9 pairs'"), lab.err.toString());
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir.toString(), "--out", dir.toString()));
        assertTrue(lab.err.toString().contains("--out " + dir + ": is the input folder " + dir), lab.err.toString());
    }

    /**
     * {@code --plants none}: A/A runs alone, no sizing forks; the table still says what pairs the goals need at the
     * spread the runs measured.
     */
    @Test
    void anAaCalibrationPlantsNothing() throws Exception {
        assertEquals(0, lab.run("ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--calibrate", "--plants", "none", "--runs", "1",
                "--rung", "naive", "--smoke", "--pairs", "2", "--budget", "0", "--threshold", "20%", "--ruler-threshold", "900%", "--out", dir.toString()),
                lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("--calibrate: 1 A/A run, nothing planted (--plants none)"), lab.out.toString());
        assertFalse(Files.exists(dir.resolve("sizing")), "no sizing forks");
        try (Stream<Path> runs = Files.list(dir.resolve("runs"))) {
            assertEquals(List.of("01-aa"), runs.map(p -> p.getFileName().toString()).collect(Collectors.toList()));
        }
        String md = Files.readString(dir.resolve("calibration.md"));
        assertTrue(md.startsWith("#### " + ToyAbComponent.NAME + ": 1 A/A run\n"), md);
        assertTrue(md.contains("rows + 1 rulers; nothing planted"), md);
        assertTrue(md.contains("\n  - ToySumBenchmark.sum ") && md.contains(" pairs (as its A/A runs took) give A/A "), md);
    }

    /**
     * A ruler planted ten times slower moves: at 3 pairs (Student's t 4.3 at 95%) its interval on ln(head/base), about
     * 2.3, stays above ln(1.2) unless the pairs' ln ratios spread by more than 0.8, a sign of far worse than load.
     */
    @Test
    void aRulerThatMovesMakesTheRunNoisy() throws Exception {
        assertEquals(3, ab(3, "--plant", "ruler=900%", "--budget", "0", "--threshold", "20%", "--ruler-threshold", "20%"), lab.out + "" + lab.err);
        JsonNode verdict = verdict();
        assertEquals("noisy", verdict.get("verdict").asText(), verdict.toString());
        assertTrue(verdict.get("rulersMoved").asText().contains("RulerBenchmark.sortCopy"), verdict.toString());
        assertTrue(lab.out.toString().contains("verdict: noisy"), lab.out.toString());
    }

    /**
     * {@code --duet}: each pair's two forks run at the same time, and a planted slowdown is still found. Each fork's log
     * says when its JMH started and ended: in every pair the two spans overlap (back to back, they could not). The
     * verdict and its method say how the pairs ran.
     */
    @Test
    void aDuetRunsEachPairsTwoForksTogetherAndStillFindsASlowdown() throws Exception {
        assertEquals(1, ab(3, "--duet", "--budget", "0", "--plant", "naive=900%", "--threshold", "20%", "--ruler-threshold", "900%"),
                lab.out + "" + lab.err);
        JsonNode verdict = verdict();
        assertTrue(verdict.get("duet").asBoolean(), verdict.toString());
        assertTrue(verdict.get("method").asText().contains("over 3 pairs of forks run side by side, both at once (duet)"), verdict.toString());
        assertEquals("regression", row(verdict, false).get("verdict").asText(), verdict.toString());
        assertEquals(3, row(verdict, true).get("pairs").asInt(), "the ruler's pairs are duets too: " + verdict);
        assertTrue(lab.out.toString().contains("duet: each pair's base and head forks run at the same time"), lab.out.toString());
        for (int row = 1; row <= 2; row++) {
            for (int pair = 1; pair <= 3; pair++) {
                String name = String.format("forks/row%02d-%%s-pair%d.log", row, pair);
                Instant[] base = span(dir.resolve(String.format(name, "base")));
                Instant[] head = span(dir.resolve(String.format(name, "head")));
                assertTrue(base[0].isBefore(head[1]) && head[0].isBefore(base[1]),
                        name + ": base ran " + base[0] + " to " + base[1] + ", head " + head[0] + " to " + head[1]);
            }
        }
    }

    /** When a fork's JMH started and ended, from its log. */
    private static Instant[] span(Path log) throws Exception {
        List<String> lines = Files.readAllLines(log);
        return new Instant[] {instant(lines, JmhProcess.STARTED, log), instant(lines, JmhProcess.ENDED, log)};
    }

    private static Instant instant(List<String> lines, String prefix, Path log) {
        return lines.stream().filter(l -> l.startsWith(prefix)).map(l -> Instant.parse(l.substring(prefix.length()).trim())).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + prefix + "' line in " + log));
    }
}
