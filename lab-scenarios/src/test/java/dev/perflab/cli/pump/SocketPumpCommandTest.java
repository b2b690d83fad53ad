package dev.perflab.cli.pump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.cli.Lab;
import dev.perflab.cli.LabCli;
import dev.perflab.proc.ChildProcess;
import dev.perflab.pump.WireDay;
import dev.perflab.scenario.RoleProcess;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab run socket-pump} end to end, the receiver alone catching a corrupted stream, and bad input. */
class SocketPumpCommandTest {
    private static final Duration START = Duration.ofSeconds(30);
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    @Test
    @Timeout(180)
    void aRungRunsEndToEndAndConservesEveryMessage() throws Exception {
        Path json = dir.resolve("pump.json");
        assertEquals(0, lab.run("run", "socket-pump", "--smoke", "--rung", "r2", "--seconds", "0.5",
                "--out", dir.toString(), "--json", json.toString()), lab.err.toString() + lab.out);
        String out = lab.out.toString();
        assertTrue(out.contains("r2-block-writes"), out);
        assertTrue(out.contains("every message of every rung arrived once"), out);
        assertTrue(out.contains("ceiling"), out);
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("socket-pump.json").toFile());
        assertEquals(1, rows.size());
        JsonNode row = rows.get(0);
        assertEquals("socket-pump.stream", row.path("benchmark").asText());
        assertEquals("MB/s", row.path("primaryMetric").path("scoreUnit").asText());
        assertTrue(row.path("primaryMetric").path("score").asDouble() > 0, row.toString());
        double sent = row.path("secondaryMetrics").path("sent").path("score").asDouble();
        assertTrue(sent >= PumpScenario.SMOKE_DAY_MESSAGES, row.toString());
        assertEquals(sent, row.path("secondaryMetrics").path("received").path("score").asDouble());
        assertEquals(0, row.path("secondaryMetrics").path("lost").path("score").asDouble());
        JsonNode own = new ObjectMapper().readTree(json.toFile());
        assertTrue(own.has("ceiling_mb_per_s") && own.path("day_messages").asInt() == PumpScenario.SMOKE_DAY_MESSAGES, own.toString());
        assertTrue(own.path("rungs").get(0).path("correct").asBoolean(), own.toString());
    }

    @Test
    @Timeout(120)
    void theReceiverAloneReportsACorruptedMessageInOneLineWithItsOffset() throws Exception {
        WireDay day = WireDay.generate(1_000, 3, dir.resolve("day.bin"));
        byte[] corrupted = Arrays.copyOf(day.image(), day.bytes());
        corrupted[day.recordOffset(700) + 4 + 36] ^= 1;
        List<String> command = ChildProcess.javaCommand(List.of(), List.of(), Lab.class.getName(),
                List.of("pump", "receiver", "--rung", "r3", "--bind", "127.0.0.1:0", "--warmup-seconds", "0"));
        try (RoleProcess receiver = RoleProcess.start("receiver", command)) {
            int port = receiver.awaitPort(START);
            try (Socket socket = new Socket("127.0.0.1", port)) {
                OutputStream out = socket.getOutputStream();
                out.write(day.image());
                out.write(corrupted);
            } catch (java.io.IOException closedFirst) {
                // the receiver may stop at the fault and close before the last bytes: it has seen them
            }
            ObjectNode summary = receiver.awaitSummary(START);
            assertEquals(1, receiver.exitCode());
            assertEquals(1_700, summary.path("received").asLong(), summary.toString());
            assertEquals(1, receiver.errors().size(), receiver.errors().toString());
            String line = receiver.errors().get(0);
            assertTrue(line.contains(":byte " + (day.bytes() + day.recordOffset(700)) + ": message 701 of day 2 fails its CRC-32C"), line);
        }
    }

    @Test
    void badOptionsAndFilesGetOneLineAndExit2() throws Exception {
        assertEquals(2, lab.run("run", "socket-pump", "--rung", "r9"));
        assertTrue(lab.err.toString().contains("unknown socket-pump rung 'r9'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "socket-pump", "--link", "fast"));
        assertTrue(lab.err.toString().contains("--link: link rate 'fast'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "socket-pump", "--rate", "100"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        Path bad = dir.resolve("bad.bin");
        WireDay day = WireDay.generate(100, 3, bad);
        byte[] bytes = day.image().clone();
        bytes[day.recordOffset(40) + 10] ^= 1;
        Files.write(bad, bytes);
        assertEquals(2, lab.run("pump", "sender", "--day", bad.toString(), "--connect", "127.0.0.1:1"));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(bad + ":byte " + day.recordOffset(40) + ": message 41 fails its CRC-32C"), err);
    }

    @Test
    void iperf3JsonGivesMegabytesPerSecondOrOneLineWhy() {
        assertEquals(1250.0, dev.perflab.scenario.Iperf3CeilingAccess.parse(
                "{\"end\":{\"sum_received\":{\"bits_per_second\":1.0e10}}}").mbPerSecond(), 1e-9);
        List<String> skipped = new ArrayList<>();
        skipped.add(dev.perflab.scenario.Iperf3CeilingAccess.parse("{\"error\":\"unable to connect\"}").skipped());
        skipped.add(dev.perflab.scenario.Iperf3CeilingAccess.parse("not json").skipped());
        assertTrue(skipped.get(0).contains("unable to connect"), skipped.get(0));
        assertTrue(skipped.get(1).startsWith("ceiling not measured"), skipped.get(1));
    }

    @Test
    void everyRoleJvmWritesItsCrashLogIntoTheRunsFolder() {
        for (String role : List.of("sender", "receiver")) {
            List<String> command = PumpScenario.roleCommand(List.of(), dir, List.of("pump", role, "--rung", "r2"));
            assertTrue(command.contains(ChildProcess.errorFileFlag(dir)), role + ": " + command);
            assertTrue(command.indexOf(ChildProcess.errorFileFlag(dir)) < command.indexOf(Lab.class.getName()),
                    "a JVM flag goes before the main class: " + command);
        }
    }
}
