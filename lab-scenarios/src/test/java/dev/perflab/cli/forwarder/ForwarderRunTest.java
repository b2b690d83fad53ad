package dev.perflab.cli.forwarder;

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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab run mdf} end to end (plain and paced), and the roles alone as processes: a client killed
 * mid-stream, a Simulator killed mid-day, a malformed frame, bad options. Liveness bounds only.
 */
class ForwarderRunTest {
    private static final Duration START = Duration.ofSeconds(30);
    private static final Duration END = Duration.ofSeconds(90);
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    /** One paced configuration: the ladder's table, the counts, the latency lines and both JSON files (CI's smoke pass runs it unpaced). */
    @Test
    @Timeout(300)
    void aPacedConfigurationRunsEndToEndEveryClientGetsTheWholeDayAndItsLatencyHasUnits() throws Exception {
        Path json = dir.resolve("own.json");
        assertEquals(0, lab.run("run", "mdf", "--smoke", "--rung", "r2", "--rate", "25000", "--out", dir.toString(),
                "--json", json.toString()), lab.err.toString() + lab.out);
        String out = lab.out.toString();
        assertTrue(out.contains("r2-transfer-to") && out.contains("late joiner: subscribed when"), out);
        assertTrue(out.contains("every client of every configuration got the whole day"), out);
        assertTrue(out.contains("Simulator paced at 25,000 messages/s"), out);
        assertTrue(out.contains("latency client-1") && out.contains("p99.9") && out.contains(" µs"), out);
        JsonNode row = new ObjectMapper().readTree(dir.resolve("mdf.json").toFile()).get(0);
        assertEquals("mdf.forward", row.path("benchmark").asText());
        assertEquals("MB/s", row.path("primaryMetric").path("scoreUnit").asText());
        JsonNode m = row.path("secondaryMetrics");
        assertEquals(ForwarderScenario.SMOKE_DAY_MESSAGES, m.path("late").path("score").asLong(), row.toString());
        for (String zero : List.of("lost", "gaps", "duplicates", "reorderings", "errors")) {
            assertEquals(0, m.path(zero).path("score").asDouble(), zero + " in " + row);
        }
        assertEquals(1, m.path("lateComplete").path("score").asDouble());
        assertEquals("us", m.path("latencyP99").path("scoreUnit").asText(), m.toString());
        assertTrue(m.path("latencyMax").path("score").asDouble() >= m.path("latencyP50").path("score").asDouble(), m.toString());
        JsonNode own = new ObjectMapper().readTree(json.toFile());
        assertEquals(3, own.path("configurations").get(0).path("clients").size(), own.toString());
        assertTrue(own.path("configurations").get(0).path("correct").asBoolean(), own.toString());
        assertTrue(Files.isRegularFile(dir.resolve("mdf-forward.png")), "the chart");
    }

    @Test
    @Timeout(180)
    void aClientKilledMidStreamStopsNeitherTheForwarderNorTheOtherClient() throws Exception {
        try (RoleProcess forwarder = role("forwarder", "--bind", "127.0.0.1:0", "--clients", "2", "--await-subscribers", "2",
                "--deadline-seconds", "60")) {
            String connect = "127.0.0.1:" + forwarder.awaitPort(START);
            try (RoleProcess stays = role("stays", "client", "--name", "stays", "--connect", connect);
                 RoleProcess killed = role("killed", "client", "--name", "killed", "--connect", connect, "--slow-micros-per-message", "200")) {
                forwarder.awaitFlowing(START);
                try (RoleProcess simulator = role("simulator", "simulator", "--connect", connect, "--messages", "40000",
                        "--rate", "20000")) {
                    simulator.awaitFlowing(START);
                    Thread.sleep(500);
                    killed.kill();
                    ObjectNode s = stays.awaitSummary(END);
                    assertTrue(s.path("complete").asBoolean(), s.toString());
                    assertEquals(40_000, s.path("received").asLong());
                    ObjectNode f = forwarder.awaitSummary(END);
                    assertEquals(40_000, f.path("received").asLong(), f.toString());
                    assertEquals(1, forwarder.exitCode(), "a lost client is an error of the run");
                    assertEquals(1, forwarder.errors().size(), forwarder.errors().toString());
                    assertTrue(forwarder.errors().get(0).contains("client killed") && forwarder.errors().get(0).contains("the other clients go on"),
                            forwarder.errors().toString());
                    assertTrue(simulator.awaitSummary(END).path("error").isNull(), "the Simulator went on");
                }
            }
        }
    }

    @Test
    @Timeout(180)
    void aSimulatorKilledMidDayEndsTheDayAtItsLastWholeMessage() throws Exception {
        try (RoleProcess forwarder = role("forwarder", "--bind", "127.0.0.1:0", "--clients", "1", "--await-subscribers", "1",
                "--deadline-seconds", "60")) {
            String connect = "127.0.0.1:" + forwarder.awaitPort(START);
            try (RoleProcess client = role("client", "client", "--connect", connect)) {
                forwarder.awaitFlowing(START);
                try (RoleProcess simulator = role("simulator", "simulator", "--connect", connect, "--messages", "100000",
                        "--rate", "20000")) {
                    simulator.awaitFlowing(START);
                    Thread.sleep(1_000);
                    simulator.kill();
                    ObjectNode f = forwarder.awaitSummary(END);
                    long received = f.path("received").asLong();
                    assertTrue(received > 0 && received < 100_000, f.toString());
                    assertTrue(forwarder.errors().stream().anyMatch(e -> e.contains("disconnected after " + received + " of 100000")),
                            forwarder.errors().toString());
                    ObjectNode c = client.awaitSummary(END);
                    assertEquals(received, c.path("received").asLong(), c.toString());
                    assertEquals(0, c.path("gaps").asLong() - (100_000 - received), c.toString());
                    assertEquals(0, c.path("duplicates").asLong() + c.path("reorderings").asLong());
                    assertEquals(2, client.exitCode());
                    assertTrue(client.errors().get(0).contains("stream ended inside day 1 after message " + received), client.errors().toString());
                }
            }
        }
    }

    @Test
    @Timeout(120)
    void aMalformedFrameIsOneLineWithItsByteOffsetAndExit2() throws Exception {
        WireDay day = WireDay.generate(2_000, 3, dir.resolve("day.bin"));
        byte[] bad = day.image().clone();
        bad[day.recordOffset(1_500) + 4 + 33] ^= 1;
        try (RoleProcess forwarder = role("forwarder", "--bind", "127.0.0.1:0", "--clients", "1", "--deadline-seconds", "60")) {
            String connect = "127.0.0.1:" + forwarder.awaitPort(START);
            try (RoleProcess client = role("client", "client", "--connect", connect)) {
                try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(connect.substring(connect.indexOf(':') + 1)))) {
                    OutputStream out = socket.getOutputStream();
                    out.write(bad);
                } catch (java.io.IOException closedFirst) {
                    // the forwarder may close at the fault before the last bytes
                }
                ObjectNode f = forwarder.awaitSummary(END);
                assertEquals(2, forwarder.exitCode());
                assertEquals(1_500, f.path("received").asLong(), f.toString());
                assertEquals(1, forwarder.errors().size(), forwarder.errors().toString());
                assertTrue(forwarder.errors().get(0).contains(":byte " + day.recordOffset(1_500) + ": message 1501 of day 1 fails its CRC-32C"),
                        forwarder.errors().get(0));
                assertEquals(1_500, client.awaitSummary(END).path("received").asLong());
            }
        }
    }

    @Test
    void badOptionsAndFilesGetOneLineAndExit2() throws Exception {
        assertEquals(2, lab.run("run", "mdf", "--rung", "r9"));
        assertTrue(lab.err.toString().contains("unknown mdf rung 'r9'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "mdf", "--seconds", "1"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("mdf", "forwarder", "--ring", "nope"));
        assertTrue(lab.err.toString().contains("nope"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("mdf", "client", "--name", "two words"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        Path bad = dir.resolve("bad.bin");
        WireDay day = WireDay.generate(100, 3, bad);
        byte[] bytes = day.image().clone();
        bytes[day.recordOffset(40) + 10] ^= 1;
        Files.write(bad, bytes);
        assertEquals(2, lab.run("mdf", "simulator", "--day", bad.toString(), "--connect", "127.0.0.1:1"));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(bad + ":byte " + day.recordOffset(40) + ": message 41 fails its CRC-32C"), err);
    }

    private static RoleProcess role(String name, String... args) throws java.io.IOException {
        List<String> all = new ArrayList<>(List.of("mdf"));
        if (name.equals("forwarder")) {
            all.add("forwarder");
        }
        all.addAll(List.of(args));
        return RoleProcess.start(name, ChildProcess.javaCommand(List.of(), List.of(), Lab.class.getName(), all));
    }
}
