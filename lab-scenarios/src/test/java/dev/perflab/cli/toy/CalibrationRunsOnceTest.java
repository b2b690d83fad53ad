package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.AbRow;
import dev.perflab.ab.AbVerdict;
import dev.perflab.ab.PairedRatio;
import dev.perflab.ab.Steal;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A calibration counts each run once, however often it is given: {@code --merge DIR,DIR/}, a folder copied beside
 * it, a link to it; a run is known by the id its verdict carries (or, saved before runs had one, by its bytes).
 * A second {@code --calibrate} into a folder that holds a calibration is refused instead of replacing it. The
 * calibration folders are written here as {@code ab} saves them; no fork runs.
 */
class CalibrationRunsOnceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli(Registry.builtIn().with(new ToyAbComponent()));

    private int lab(String... args) {
        lab.clear();
        return lab.run(args);
    }

    /** A calibration folder with one A/A run, as {@code ab --calibrate} leaves it; {@code runId} null: a verdict saved before ids. */
    private Path calibration(String name, String runId) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        ObjectNode table = JSON.createObjectNode().put("component", ToyAbComponent.NAME).put("machine", "JDK 17, a CPU, 2 cores")
                .put("selection", "ab --smoke, 2 pairs");
        table.putArray("plants");
        JSON.writeValue(folder.resolve("calibration.json").toFile(), table);
        List<Double> base = List.of(100.0, 101.0, 99.0, 100.5);
        List<Double> head = List.of(100.2, 100.8, 99.4, 100.1);
        AbRow row = new AbRow("dev.perflab.cli.toy.ToySumBenchmark.sum", Map.of("rung", "r0-loop-sum"), "thrpt", "ops/s",
                PairedRatio.of(base, head, 0.95), AbVerdict.NO_CHANGE, false, base, head, 0.01, 0, "");
        ObjectNode verdict = new AbReport(ToyAbComponent.NAME, new AbReport.Side("a", "a.jar"), new AbReport.Side("a", "a.jar"),
                "JDK 17, a CPU, 2 cores", 0.2, 9, 0.95, 2, List.of(row), 1, Steal.UNKNOWN).json();
        if (runId != null) {
            verdict.put("runId", runId);
        }
        Path run = Files.createDirectories(folder.resolve("runs/01-aa"));
        JSON.writeValue(run.resolve("verdict.json").toFile(), verdict);
        return folder;
    }

    private static void copy(Path from, Path to) throws Exception {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private JsonNode merged(Path out) throws Exception {
        return JSON.readTree(out.resolve("calibration.json").toFile());
    }

    @Test
    void theSameRunsGivenTwiceThroughAnySpellingCountOnceAndSaySo() throws Exception {
        Path lane = calibration("lane", "6f1c0d1e-run-one");
        Path copy = dir.resolve("copy");
        copy(lane, copy);
        Path link = Files.createSymbolicLink(dir.resolve("link"), lane);
        Path out = dir.resolve("merged");
        assertEquals(0, lab("ab", ToyAbComponent.NAME, "--calibrate", "--merge", lane + "," + lane + "/," + link + "," + copy,
                "--out", out.toString()), () -> lab.out + "\n" + lab.err);
        String said = lab.out.toString();
        assertTrue(said.contains("calibration: --merge " + lane + " is " + lane + " again; its runs count once"), said);
        assertTrue(said.contains("calibration: --merge " + link + " is " + lane + " again; its runs count once"), said);
        assertTrue(said.contains("calibration: " + copy.resolve("runs/01-aa") + " left out: it is the run " + lane.resolve("runs/01-aa")
                + " again (run id 6f1c0d1e-run-one); counted once"), said);
        assertTrue(said.contains("--merge: 2 folders, 1 runs"), said);
        assertEquals(1, merged(out).get("runs").size(), merged(out).toString());
    }

    /**
     * A project's calibration (`ab --project … --calibrate`) names a component of its own, which the lab does not know:
     * its folders merge without one, under the name they were saved with, and another component's folder is refused.
     */
    @Test
    void calibrationsMergeWithoutAComponentUnderTheNameTheyWereSavedWith() throws Exception {
        Path lane = calibration("lane", "6f1c0d1e-run-one");
        Path other = calibration("other", "6f1c0d1e-run-two");
        Path out = dir.resolve("merged");
        assertEquals(0, lab("ab", "--calibrate", "--merge", lane + "," + other, "--out", out.toString()), () -> lab.out + "\n" + lab.err);
        assertEquals(ToyAbComponent.NAME, merged(out).get("component").asText());
        assertEquals(2, merged(out).get("runs").size(), merged(out).toString());
        Path project = calibration("project", "6f1c0d1e-run-three");
        JSON.writeValue(project.resolve("calibration.json").toFile(),
                ((ObjectNode) JSON.readTree(project.resolve("calibration.json").toFile())).put("component", "jb"));
        assertEquals(2, lab("ab", "--calibrate", "--merge", lane + "," + project, "--out", dir.resolve("refused").toString()));
        assertTrue(lab.err.toString().contains("was calibrated with component 'jb', not " + ToyAbComponent.NAME), lab.err::toString);
        assertEquals(2, lab("ab", "--calibrate", "--out", dir.resolve("none").toString()), "no merge: a component or --project is needed");
    }

    @Test
    void aRunSavedBeforeRunIdsIsKnownByItsBytes() throws Exception {
        Path lane = calibration("old", null);
        Path copy = dir.resolve("old-copy");
        copy(lane, copy);
        Path out = dir.resolve("merged");
        assertEquals(0, lab("ab", ToyAbComponent.NAME, "--calibrate", "--merge", lane + "," + copy, "--out", out.toString()),
                () -> lab.out + "\n" + lab.err);
        assertTrue(lab.out.toString().contains("left out: it is the run " + lane.resolve("runs/01-aa") + " again (run id sha256:"),
                lab.out::toString);
        assertEquals(1, merged(out).get("runs").size());
    }

    @Test
    void aSecondCalibrationIntoTheSameFolderIsRefusedWithoutResume() throws Exception {
        Path lane = calibration("lane", "6f1c0d1e-run-one");
        byte[] table = Files.readAllBytes(lane.resolve("calibration.json"));
        byte[] run = Files.readAllBytes(lane.resolve("runs/01-aa/verdict.json"));
        assertEquals(2, lab("ab", ToyAbComponent.NAME, "--calibrate", "--base-jar", dir.resolve("any.jar").toString(), "--smoke",
                "--out", lane.toString()));
        String err = lab.err.toString().strip();
        assertEquals("lab: --out " + lane + " holds a calibration (1 run in " + lane.resolve("runs") + "); go on with it with --resume,"
                + " or give another --out", err);
        assertArrayEquals(table, Files.readAllBytes(lane.resolve("calibration.json")));
        assertArrayEquals(run, Files.readAllBytes(lane.resolve("runs/01-aa/verdict.json")));
    }
}
