package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.AbRow;
import dev.perflab.ab.AbVerdict;
import dev.perflab.ab.PairedRatio;
import dev.perflab.ab.Steal;
import dev.perflab.ab.TestRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A calibration of a real change ({@code ab --calibrate --base REV --head REV}) as a later sitting reads it back: its
 * runs' folders {@code NN-aa} and {@code NN-head} are tabled as A/A runs and runs of head against base. Made from saved
 * verdicts with {@code --merge}, which runs no fork (the toy suite's forks make the same folders, in minutes).
 */
class AbHeadCalibrationTest {
    @TempDir
    Path dir;

    private static AbRow row(String method, boolean ruler, double... head) {
        return TestRows.cancel(method, Map.of("rung", "r4-tick-array", "depth", "1000"), ruler, head);
    }

    private void run(Path calibration, String folder, AbRow judged) throws Exception {
        AbRow ruler = new AbRow("dev.perflab.bench.RulerBenchmark.sortCopy", Map.of(), "thrpt", "ops/s",
                PairedRatio.of(List.of(100.0, 100.0), List.of(100.0, 100.4), 0.95), AbVerdict.NO_CHANGE, true, List.of(100.0, 100.0),
                List.of(100.0, 100.4), 0.02, 0, "");
        AbReport report = new AbReport("orderbook", new AbReport.Side("main", "b.jar"), new AbReport.Side("planted", "h.jar"), "JDK 17 · CPU x · 2 cores",
                0.05, 0.05, 0.95, 4, List.of(judged, ruler), 300, Steal.UNKNOWN);
        Path run = Files.createDirectories(calibration.resolve("runs").resolve(folder));
        new ObjectMapper().writeValue(run.resolve("verdict.json").toFile(), report.json());
    }

    @Test
    void theRunsOfHeadAgainstBaseAreReadBackAndTabled() throws Exception {
        Path calibration = Files.createDirectories(dir.resolve("cal"));
        ObjectNode table = new ObjectMapper().createObjectNode().put("component", "orderbook").put("machine", "JDK 17 · CPU x · 2 cores")
                .put("selection", "ab --quick, 4 pairs; head planted against base");
        table.putArray("plants");
        table.putArray("notes");
        new ObjectMapper().writeValue(calibration.resolve("calibration.json").toFile(), table);
        run(calibration, "01-aa", row("cancelLast", false, 100, 100.4, 99.7, 100.1));
        run(calibration, "01-head", row("cancelLast", false, 82, 83, 81, 82.5));
        run(calibration, "02-aa", row("cancelLast", false, 100.2, 99.8, 100.1, 100));
        run(calibration, "02-head", row("cancelLast", false, 70, 100, 85, 95));
        LabCli lab = new LabCli();
        Path out = dir.resolve("merged");
        assertEquals(0, lab.run("ab", "orderbook", "--calibrate", "--merge", calibration.toString(), "--out", out.toString()), lab.out + "" + lab.err);
        String md = Files.readString(out.resolve("calibration.md"));
        assertTrue(md.startsWith("#### orderbook: 2 A/A runs and 2 runs of head against base\n"), md);
        assertTrue(md.contains("- runs of head against base (a real change), over 2 runs not marked noisy: a regression (exit 1) in 1 ("), md);
        assertTrue(md.contains("undecided (exit 4) in 1 ("), md);
        assertTrue(md.contains("- runs marked noisy (a ruler moved): A/A 0 of 2, head 0 of 2\n"), md);
        assertEquals("head", new ObjectMapper().readTree(out.resolve("calibration.json").toFile()).at("/runs/1/kind").asText());
    }
}
