package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.history.SyntheticHistory;
import dev.perflab.history.SyntheticHistory.RowSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab history --changes}: Apache Otava (installed on first use into a venv in the user's cache) finds a planted
 * 10% step in 60 noisy runs at the commit where it was planted, and nothing in flat noisy runs. Skipped with one
 * line where python3 has no venv module.
 */
class HistoryChangesTest {
    private static final String CANCEL = "dev.perflab.bench.OrderBookCancelBenchmark.cancelLast";
    /** Run-to-run noise of the synthetic scores, σ as a share of the score: a JMH score's usual spread. */
    private static final double NOISE = 0.03;
    private static final int RUNS = 60;
    private static final int STEP_AT = 30;

    @TempDir
    Path dir;

    @BeforeAll
    static void pythonWithVenv() throws Exception {
        Process p = new ProcessBuilder("python3", "-c", "import venv, ensurepip").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        Assumptions.assumeTrue(p.waitFor() == 0, "--changes runs Apache Otava in a Python venv: install python3 with venv,"
                + " e.g. apt-get install python3 python3-venv python3-pip");
    }

    @Test
    void aPlantedTenPercentStepIsFoundAtItsCommit() throws Exception {
        Path db = dir.resolve("step.db");
        SyntheticHistory.write(db, "orderbook", RUNS, List.of(
                new RowSpec(CANCEL, Map.of("depth", "1", "rung", "r0-persistent-scan"), 1_000_000, NOISE, STEP_AT, 1.10)), 11);
        Path json = dir.resolve("changes.json");
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--changes", "--json", json.toString()),
                lab.out + "\n" + lab.err);
        JsonNode changes = new ObjectMapper().readTree(json.toFile());
        assertEquals(1, changes.size(), changes.toString());
        JsonNode c = changes.get(0);
        assertEquals(CANCEL + "[depth=1;rung=r0-persistent-scan]", c.get("metric").asText());
        assertEquals(SyntheticHistory.commit(STEP_AT), c.get("commit").asText(), "the first run after the step");
        assertEquals("2026-01-02T06:00:00Z", c.get("time").asText());
        double percent = c.get("change_percent").asDouble();
        assertTrue(percent > 5 && percent < 15, "about +10%: " + percent);
        assertTrue(c.get("p_value").asDouble() <= Double.parseDouble(dev.perflab.history.Otava.settings().values().getProperty("max_pvalue")),
                c.toString());
        assertTrue(lab.out.toString().contains("Apache Otava's settings: p ≤ "), "the settings and their rates: " + lab.out);
        assertTrue(lab.out.toString().contains("change points found by Apache Otava in 1 series of at least 8 runs: 1\n"
                + "  OrderBookCancelBenchmark.cancelLast [depth=1, rung=r0-persistent-scan]: +"), lab.out.toString());
        assertTrue(lab.out.toString().contains(" at c030000000 (2026-01-02 06:00 UTC), p "), lab.out.toString());
    }

    @Test
    void aFlatNoisyHistoryHasNoChangePoint() throws Exception {
        Path db = dir.resolve("flat.db");
        SyntheticHistory.write(db, "orderbook", RUNS, List.of(
                RowSpec.flat(CANCEL, "r0-persistent-scan", 1_000_000, NOISE),
                RowSpec.flat(CANCEL, "r2-sorted-levels", 5_000_000, NOISE),
                RowSpec.flat(CANCEL, "r4-tick-array", 20_000_000, NOISE)), 12);
        Path json = dir.resolve("changes.json");
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("history", "orderbook", "--history", db.toString(), "--changes", "--json", json.toString()),
                lab.out + "\n" + lab.err);
        assertEquals(0, new ObjectMapper().readTree(json.toFile()).size(), lab.out.toString());
        assertTrue(lab.out.toString().contains("in 3 series of at least 8 runs: 0\n"), lab.out.toString());
    }
}
