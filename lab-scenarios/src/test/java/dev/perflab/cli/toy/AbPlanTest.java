package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@code ./lab ab --plan} lists for the order book, from lab-benchmarks' own benchmark list: ab's quick
 * selection gates the component's ab point (the tuned rung's cancel at depth 1,000 and replay), leaves out the
 * other rungs, the peers and the naive replay's suite, and says so; {@code --param}, {@code --rung} and {@code --all-rows} give them back, a peer
 * being measured as a ruler. Nothing runs: the rows come from JMH's listing.
 */
class AbPlanTest {
    @TempDir
    static Path dir;

    private static Path jar;

    private final LabCli lab = new LabCli();

    @BeforeAll
    static void jar() throws Exception {
        jar = ToyJars.jmhJarWithoutToys(dir.resolve("benchmarks.jar"));
    }

    /** The rows a {@code --plan} run of the order book listed, as printed ({@code OrderBookCancelBenchmark.cancelLast {depth=1000, …}}). */
    private List<String> plan(String... more) {
        return planOf("orderbook", more);
    }

    private List<String> planOf(String component, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("ab", component, "--base-jar", jar.toString(), "--head-jar", jar.toString(),
                "--plan", "--out", dir.resolve("out").toString()));
        args.addAll(List.of(more));
        assertEquals(0, lab.run(args.toArray(String[]::new)), lab.out + "" + lab.err);
        return lab.out.toString().lines().filter(l -> l.matches("  \\d+\\. .*")).map(String::strip).collect(Collectors.toList());
    }

    private static List<String> matching(List<String> rows, String part) {
        return rows.stream().filter(r -> r.contains(part)).collect(Collectors.toList());
    }

    @Test
    void theQuickSelectionGatesTheAbPointWithoutPeersAndSaysSo() throws Exception {
        List<String> rows = plan();
        List<String> cancels = matching(rows, "cancelLast");
        assertFalse(cancels.isEmpty(), rows.toString());
        assertEquals(cancels, matching(cancels, "depth=1000,"), "only depth 1,000: " + rows);
        assertEquals(List.of(), matching(rows, "peer-"), "no peer rows: " + rows);
        assertEquals(List.of(), matching(rows, "NaiveReplay"), "not the naive replay's suite: " + rows);
        assertEquals(List.of("RulerBenchmark.sortCopy (ruler)"), matching(rows, "(ruler)").stream()
                .map(r -> r.substring(r.indexOf(' ') + 1)).collect(Collectors.toList()));
        assertFalse(matching(rows, "OrderBookReplayBenchmark.replay250k").isEmpty(), rows.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("plan: " + rows.size() + " rows (1 ruler) × 4 pairs × 2 sides = " + rows.size() * 8 + " forks"), out);
        assertEquals(rows.subList(0, rows.size() - 1), matching(rows, "rung=r4-tick-array}"), "the tuned rung alone: " + rows);
        assertTrue(out.contains("ab's selection: depth=1000, rung=r4-tick-array (the tuned one), the component's ab point; left out:"
                + " 7 rows of the other rungs and exhibits, 6 rows of peers, 1 row of suite replay-naive (--all-rows measures the"
                + " whole selection; --param and --rung choose others)"), out);
        assertTrue(out.contains("then, for the rows still undecided (the rulers beside them), looks at 8, 16, 32, 64 pairs, each interval"
                + " at 99% so that all 5 looks keep 95%; within a budget of 15 min 00 s from the first fork (--budget)"), "the default looks: " + out);
        assertFalse(Files.exists(dir.resolve("out").resolve("verdict.json")), "a plan runs nothing");
    }

    @Test
    void paramRungAndAllRowsGiveBackWhatTheSelectionLeftOut() throws Exception {
        int quick = plan().size();
        lab.clear();
        List<String> depths = plan("--param", "depth=1,1000");
        assertEquals(matching(depths, "depth=1000,").size(), matching(depths, "depth=1,").size(), depths.toString());
        assertEquals(quick + matching(depths, "depth=1,").size(), depths.size(), depths.toString());
        assertTrue(lab.out.toString().contains("ab's selection: rung=r4-tick-array (the tuned one), the component's ab point;"),
                "--param names the depth, the rung is still the point's: " + lab.out);
        lab.clear();
        List<String> rungs = plan("--rung", "naive,tuned");
        assertEquals(2, matching(rungs, "cancelLast {depth=1000, rung=").size(), "each rung named: " + rungs);
        assertFalse(lab.out.toString().contains("the tuned one"), lab.out.toString());
        lab.clear();
        List<String> all = plan("--all-rows");
        List<String> peerRows = matching(all, "peer-");
        assertEquals(9, peerRows.size(), "3 peers at two depths and in the replay: " + all);
        assertEquals(peerRows, matching(peerRows, "(ruler)"), "peers are rulers: " + all);
        assertEquals(1, matching(all, "NaiveReplay").size(), all.toString());
        assertFalse(matching(all, "depth=1,").isEmpty(), all.toString());
        assertFalse(lab.out.toString().contains("ab's selection"), lab.out.toString());
        lab.clear();
        List<String> named = plan("--rung", "naive,peer-parity");
        assertEquals(1, matching(named, "NaiveReplay").size(), "a rung named runs in every suite that takes it: " + named);
        assertEquals(2, matching(named, "peer-parity} (ruler)").size(), named.toString());
        assertEquals(List.of(), matching(named, "r4-"), named.toString());
        lab.clear();
        List<String> judged = plan("--rung", "peer-parity", "--no-peer-rulers");
        assertEquals(List.of(), matching(matching(judged, "peer-parity"), "(ruler)"), "judged, not rulers: " + judged);
    }

    /**
     * SHA-256's executor suite lists only the rungs that change the executor, so its most tuned rung is r12, not the
     * ladder's r18; the ceiling suite (the JDK's SHA-256, which no revision changes) is left out unless
     * {@code --benchmark} chooses its rows alone, as the PR example's no-intrinsic gate does.
     */
    @Test
    void shaGatesItsExecutorsMostTunedRungAndTheCeilingOnlyWhenChosen() {
        List<String> rows = planOf("sha-pipeline");
        assertEquals(List.of("1. ShaExecutorBenchmark.executeFrame {rung=r12-matched-batches}", "2. RulerBenchmark.sortCopy (ruler)"), rows);
        String out = lab.out.toString();
        assertTrue(out.contains("ab's selection: rung=r12-matched-batches (the most tuned each suite measures), the component's ab point;"
                + " left out: 5 rows of the other rungs and exhibits, 8 rows of suite ceiling"), out);
        lab.clear();
        List<String> ceiling = planOf("sha-pipeline", "--benchmark", "noIntrinsic");
        assertEquals(5, ceiling.size(), ceiling.toString());
        assertEquals(4, matching(ceiling, "ShaCeilingBenchmark.noIntrinsic").size(), ceiling.toString());
        assertFalse(lab.out.toString().contains("suite ceiling"), lab.out.toString());
    }

    /** Each component's ab point names values its benchmarks take: its rows are rows of the whole selection. */
    @ParameterizedTest
    @ValueSource(strings = {"orderbook", "mdf-ring", "kv", "sha-pipeline"})
    void theAbPointIsAPointOfTheWholeSelection(String component) {
        List<String> ab = planOf(component).stream().map(AbPlanTest::unnumbered).collect(Collectors.toList());
        assertTrue(lab.out.toString().contains("the component's ab point"), lab.out.toString());
        lab.clear();
        List<String> all = planOf(component, "--all-rows").stream().map(AbPlanTest::unnumbered).collect(Collectors.toList());
        assertTrue(ab.size() > 1 && ab.size() < all.size(), ab + " of " + all);
        assertTrue(all.containsAll(ab), ab + " not all in " + all);
    }

    private static String unnumbered(String row) {
        return row.substring(row.indexOf(' ') + 1);
    }

    @Test
    void theSmokeAndFullLengthsKeepTheirOwnSelections() {
        List<String> smoke = plan("--smoke");
        assertFalse(matching(smoke, "depth=1,").isEmpty(), "the smoke run's depths 1 and 1,000: " + smoke);
        lab.clear();
        List<String> full = plan("--full", "--benchmark", "cancelLast");
        assertFalse(matching(full, "depth=1,").isEmpty(), "the full run's every depth: " + full);
        assertEquals(List.of(), matching(full, "peer-"), "peers only when asked: " + full);
    }

    @Test
    void aPlanOfACalibrationIsRefusedInOneLine() {
        assertEquals(2, lab.run("ab", "orderbook", "--base-jar", jar.toString(), "--calibrate", "--plan", "--out", dir.resolve("cal").toString()));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("--plan shows one run's plan: drop --calibrate"), err);
    }
}
