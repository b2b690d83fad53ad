package dev.perflab.cli.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.Lab;
import dev.perflab.cli.LabCli;
import dev.perflab.proc.ChildProcess;
import dev.perflab.scenario.RoleProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(180)
class BrickCommandTest {
    @TempDir
    Path dir;

    @Test
    void generateTransformCheckAndMove() {
        LabCli lab = new LabCli();
        Path in = dir.resolve("in");
        assertEquals(0, lab.run("brick", "generate", "--size", "2m", "--seed", "9", "--out", in.toString()), lab.err.toString());
        assertFalse(Files.exists(dir.resolve("in.partial")));
        Path ref = dir.resolve("ref");
        assertEquals(0, lab.run("brick", "transform", "--in", in.toString(), "--out", ref.toString()), lab.err.toString());
        assertEquals(0, lab.run("brick", "check", "--in", in.toString(), "--result", ref.toString()), lab.err.toString());
        for (String rung : List.of("naive", "r3", "tuned")) {
            Path out = dir.resolve("out-" + rung);
            lab.clear();
            assertEquals(0, lab.run("brick", "move", "--in", in.toString(), "--out", out.toString(), "--rung", rung), lab.err.toString());
            assertTrue(lab.out.toString().contains("byte-exact"), lab.out.toString());
            assertTrue(lab.out.toString().contains("MB/s in"), lab.out.toString());
        }
    }

    @Test
    void badInputIsOneLineWithLineAndOffsetAndExit2() throws Exception {
        LabCli lab = new LabCli();
        Path in = dir.resolve("bad");
        Files.writeString(in, "good\r\n" + "x".repeat(201) + "\r\n");
        Path out = dir.resolve("out");
        assertEquals(2, lab.run("brick", "transform", "--in", in.toString(), "--out", out.toString()));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(in + ": line 2, byte offset 206: line longer than 200 bytes"), err);
        assertFalse(Files.exists(out));
        lab.clear();
        assertEquals(2, lab.run("brick", "move", "--in", in.toString(), "--out", out.toString(), "--rung", "r5"));
        assertTrue(lab.err.toString().contains("line 2, byte offset 206"), lab.err.toString());
        assertFalse(Files.exists(out));
        lab.clear();
        assertEquals(2, lab.run("brick", "generate", "--size", "lots", "--out", out.toString()));
        lab.clear();
        assertEquals(2, lab.run("brick", "move", "--in", dir.resolve("missing").toString(), "--out", out.toString()));
        assertTrue(lab.err.toString().contains("missing: no such file"), lab.err.toString());
        lab.clear();
        Path good = dir.resolve("good");
        Files.writeString(good, "abc\r\n");
        assertEquals(2, lab.run("brick", "transform", "--in", good.toString(), "--out", good.toString()));
        assertEquals("abc\r\n", Files.readString(good));
        lab.clear();
        assertEquals(2, lab.run("brick", "generate", "--out", dir.toString()));
        lab.clear();
        assertEquals(2, lab.run("brick"));
    }

    @Test
    void aWrongResultFailsTheCheckWithExit1() throws Exception {
        LabCli lab = new LabCli();
        Path in = dir.resolve("in");
        Files.writeString(in, "abc\r\n");
        Path res = dir.resolve("res");
        Files.writeString(res, "0ac\r\n");
        assertEquals(1, lab.run("brick", "check", "--in", in.toString(), "--result", res.toString()));
        assertTrue(lab.err.toString().contains("byte offset 1 (result line 1)"), lab.err.toString());
    }

    @Test
    void smokeRunWritesRowsForNaiveAndTuned() throws Exception {
        LabCli lab = new LabCli();
        Path results = dir.resolve("results");
        assertEquals(0, lab.run("run", "brick", "--smoke", "--size", "1m", "--out", results.toString()), lab.out + "\n" + lab.err);
        String out = lab.out.toString();
        assertTrue(out.contains("ceilings measured now"), out);
        assertTrue(out.contains("r0-blocking-per-line") && out.contains(dev.perflab.brick.BrickLadder.LADDER.tuned().id()), out);
        JsonNode rows = new ObjectMapper().readTree(results.resolve("brick.json").toFile());
        assertEquals(2, rows.size());
        for (JsonNode row : rows) {
            assertEquals("brick.move", row.path("benchmark").asText());
            assertEquals(1.0, row.path("secondaryMetrics").path("exact").path("score").asDouble(), row.toString());
            assertTrue(row.path("primaryMetric").path("score").asDouble() > 0, row.toString());
            // each role's JVM reports its CPU time: start-up alone is well above zero
            assertTrue(row.path("secondaryMetrics").path("serveCpuSeconds").path("score").asDouble() > 0, row.toString());
            assertTrue(row.path("secondaryMetrics").path("fetchCpuSeconds").path("score").asDouble() > 0, row.toString());
        }
        lab.clear();
        assertEquals(2, lab.run("run", "brick", "--size", "tiny"));
    }

    @Test
    void runOverAnEmulatedLinkIsByteExactOrSkippedWithItsReason() throws Exception {
        LabCli lab = new LabCli();
        assertEquals(2, lab.run("run", "brick", "--link", "fast"));
        assertTrue(lab.err.toString().contains("--link: link rate 'fast'"), lab.err.toString());
        lab.clear();
        Path results = dir.resolve("link-results");
        assertEquals(0, lab.run("run", "brick", "--smoke", "--size", "1m", "--rung", "r5", "--link", "1gbit",
                "--out", results.toString()), lab.out + "\n" + lab.err);
        String out = lab.out.toString();
        if (out.contains("lab: skipped: ")) {
            return; // not root, or no iproute2 here: the one line says which
        }
        assertTrue(out.contains("link ceiling: 125.0 MB/s"), out);
        JsonNode row = new ObjectMapper().readTree(results.resolve("brick.json").toFile()).get(0);
        assertEquals("1gbit", row.path("params").path("link").asText(), row.toString());
        assertEquals(1.0, row.path("secondaryMetrics").path("exact").path("score").asDouble(), row.toString());
    }

    @Test
    void serverKilledMidFileLeavesAPartialResultAndAOneLineError() throws Exception {
        Path in = dir.resolve("in");
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("brick", "generate", "--size", "64m", "--out", in.toString()));
        Path out = dir.resolve("out");
        try (RoleProcess serve = role("serve", "--in", in.toString(), "--rung", "r0")) {
            int port = serve.awaitPort(Duration.ofSeconds(60));
            try (RoleProcess fetch = role("fetch", "--connect", "127.0.0.1:" + port, "--out", out.toString(), "--rung", "r0")) {
                while (!Files.exists(dir.resolve("out.partial")) || Files.size(dir.resolve("out.partial")) == 0) {
                    Thread.sleep(50);
                }
                serve.kill();
                assertTrue(fetch.awaitSummary(Duration.ofSeconds(60)) == null);
                assertEquals(1, fetch.exitCode());
                // the fetch's own stderr is one line; RoleProcess adds its note about the missing summary after it
                assertTrue(fetch.errors().get(0).startsWith("lab: fetch: server 127.0.0.1:"), fetch.errors().toString());
                assertTrue(fetch.errors().get(0).contains("out.partial"), fetch.errors().toString());
                assertTrue(fetch.errors().get(1).startsWith("fetch exited with 1"), fetch.errors().toString());
            }
        }
        assertFalse(Files.exists(out));
        assertTrue(Files.exists(dir.resolve("out.partial")));
    }

    private static RoleProcess role(String name, String... args) throws Exception {
        List<String> labArgs = new java.util.ArrayList<>(List.of("brick", name));
        labArgs.addAll(List.of(args));
        return RoleProcess.start(name, ChildProcess.javaCommand(List.of(), List.of(), Lab.class.getName(), labArgs));
    }
}
