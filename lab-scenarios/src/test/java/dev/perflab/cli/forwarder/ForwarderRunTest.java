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
 * {@code ./lab run forwarder} end to end (one paced configuration: the others pass the same contract in process,
 * {@code ForwarderContractTest}, and CI's smoke pass runs them all), and the roles alone as processes: a client
 * killed mid-stream and a Simulator killed mid-day (one day, both faults), a malformed frame, the history database
 * shut down mid-day, bad options, and the former name {@code mdf}. Liveness bounds only.
 */
class ForwarderRunTest {
    private static final Duration START = Duration.ofSeconds(30);
    private static final Duration END = Duration.ofSeconds(90);
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    /**
     * One paced configuration, the tuned one: the ladder's table, the ceilings, the counts, the late joiner on the
     * live day, the latency lines, the goals line and both JSON files (CI's smoke pass runs it unpaced).
     */
    @Test
    @Timeout(300)
    void aPacedConfigurationRunsEndToEndEveryClientGetsTheWholeDayAndItsLatencyHasUnits() throws Exception {
        Path json = dir.resolve("own.json");
        assertEquals(0, lab.run("run", "forwarder", "--smoke", "--rung", "tuned", "--rate", "25000", "--out", dir.toString(),
                "--json", json.toString()), lab.err.toString() + lab.out);
        String out = lab.out.toString();
        assertTrue(out.contains("r7-record-spans") && out.contains("late joiner: joined when"), out);
        assertTrue(out.contains("the day live"), "the late joiner joins while the Simulator sends: " + out);
        assertTrue(out.contains("every client of every configuration got the whole day"), out);
        assertTrue(out.contains("Simulator paced at 25,000 messages/s"), out);
        assertTrue(out.contains("latency client-1") && out.contains("p99.9") && out.contains(" µs"), out);
        assertTrue(out.contains("hiccups client-1") && out.contains("a thread sleeping 1 ms"), "the platform's stalls beside the latency: " + out);
        assertTrue(out.contains("the paced Simulator's rate"), "a paced run's receive is the offered rate, not a ceiling goal: " + out);
        assertTrue(out.contains("forwarder send ÷ receive: ×") && out.contains("goals: "), out);
        assertTrue(out.contains("tuned r7-record-spans: "), "the footer's verdicts: " + out);
        JsonNode row = new ObjectMapper().readTree(dir.resolve("forwarder.json").toFile()).get(0);
        assertEquals("forwarder.forward", row.path("benchmark").asText());
        assertEquals("MB/s", row.path("primaryMetric").path("scoreUnit").asText());
        JsonNode m = row.path("secondaryMetrics");
        assertEquals(ForwarderScenario.SMOKE_DAY_MESSAGES, m.path("late").path("score").asLong(), row.toString());
        for (String zero : List.of("lost", "gaps", "duplicates", "reorderings", "errors")) {
            assertEquals(0, m.path(zero).path("score").asDouble(), zero + " in " + row);
        }
        assertEquals(1, m.path("lateComplete").path("score").asDouble());
        assertEquals(1, m.path("lateLive").path("score").asDouble(), "the late joiner chased a live day");
        assertEquals("x", m.path("sendReceiveRatio").path("scoreUnit").asText(), m.toString());
        assertEquals("us", m.path("latencyP99").path("scoreUnit").asText(), m.toString());
        assertTrue(m.path("latencyMax").path("score").asDouble() >= m.path("latencyP50").path("score").asDouble(), m.toString());
        assertEquals("us", m.path("hiccupP99").path("scoreUnit").asText(), m.toString());
        assertTrue(m.path("hiccupMax").path("score").asDouble() >= m.path("hiccupP99").path("score").asDouble(), m.toString());
        JsonNode own = new ObjectMapper().readTree(json.toFile());
        assertEquals(3, own.path("configurations").get(0).path("clients").size(), own.toString());
        assertTrue(own.path("configurations").get(0).path("correct").asBoolean(), own.toString());
        assertTrue(Files.isRegularFile(dir.resolve("forwarder-forward.png")), "the chart");
    }

    /**
     * Both process faults in one day (their in-process twins run per configuration in {@code ForwarderContractTest}):
     * a slow client's process is killed mid-stream, then the Simulator's; the forwarder and the other client go on to
     * the Simulator's last whole message, and each fault is one line of the forwarder's.
     */
    @Test
    @Timeout(180)
    void aClientKilledMidStreamStopsNoOneAndASimulatorKilledMidDayEndsTheDayAtItsLastWholeMessage() throws Exception {
        try (RoleProcess forwarder = role("forwarder", "--bind", "127.0.0.1:0", "--clients", "2", "--await-subscribers", "2",
                "--deadline-seconds", "60")) {
            String connect = "127.0.0.1:" + forwarder.awaitPort(START);
            try (RoleProcess stays = role("stays", "client", "--name", "stays", "--connect", connect);
                 RoleProcess killed = role("killed", "client", "--name", "killed", "--connect", connect, "--slow-micros-per-message", "200")) {
                forwarder.awaitFlowing(START);
                // the day in this test's folder: a Simulator killed by SIGKILL runs no hook to delete a day it generated
                Path day = dir.resolve("day.bin");
                WireDay.generate(100_000, 1, day);
                try (RoleProcess simulator = role("simulator", "simulator", "--connect", connect, "--day", day.toString(),
                        "--rate", "20000")) {
                    simulator.awaitFlowing(START);
                    Thread.sleep(300);
                    killed.kill();
                    Thread.sleep(500);
                    simulator.kill();
                    ObjectNode f = forwarder.awaitSummary(END);
                    long received = f.path("received").asLong();
                    assertTrue(received > 0 && received < 100_000, f.toString());
                    assertEquals(1, forwarder.exitCode(), "a lost client and a lost Simulator are errors of the run");
                    assertEquals(2, forwarder.errors().size(), forwarder.errors().toString());
                    assertTrue(forwarder.errors().stream().anyMatch(e -> e.contains("client killed") && e.contains("the other clients go on")),
                            forwarder.errors().toString());
                    assertTrue(forwarder.errors().stream().anyMatch(e -> e.contains("disconnected after " + received + " of 100000")),
                            forwarder.errors().toString());
                    ObjectNode c = stays.awaitSummary(END);
                    assertEquals(received, c.path("received").asLong(), c.toString());
                    assertEquals(0, c.path("gaps").asLong() - (100_000 - received), c.toString());
                    assertEquals(0, c.path("duplicates").asLong() + c.path("reorderings").asLong());
                    assertEquals(2, stays.exitCode());
                    assertTrue(stays.errors().get(0).contains("stream ended inside day 1 after message " + received), stays.errors().toString());
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

    /**
     * The history database of a forwarder process (H2 on disk, open to a second connection) is shut down while the
     * paced day flows: the forwarder says so in one line naming the store, every client still gets the whole day
     * from the ring, and the forwarder exits 1.
     */
    @Test
    @Timeout(180)
    void theHistoryDatabaseShutDownMidDayIsOneLineTheClientsGetTheDayAndTheForwarderExits1() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath() + ";AUTO_SERVER=TRUE";
        try (RoleProcess forwarder = role("forwarder", "--bind", "127.0.0.1:0", "--clients", "1", "--await-subscribers", "1",
                "--rung", "r3", "--db-url", url, "--deadline-seconds", "90")) {
            String connect = "127.0.0.1:" + forwarder.awaitPort(START);
            try (RoleProcess client = role("client", "client", "--name", "c", "--connect", connect)) {
                forwarder.awaitFlowing(START);
                try (RoleProcess simulator = role("simulator", "simulator", "--connect", connect, "--messages", "60000",
                        "--rate", "20000")) {
                    simulator.awaitFlowing(START);
                    Thread.sleep(1_000);
                    shutDown(url);
                    ObjectNode f = forwarder.awaitSummary(END);
                    assertEquals(60_000, f.path("received").asLong(), f.toString());
                    assertEquals(1, forwarder.exitCode(), "a failed history store is an error of the run");
                    assertEquals(1, forwarder.errors().size(), forwarder.errors().toString());
                    assertTrue(forwarder.errors().get(0).contains("the history store failed") && forwarder.errors().get(0).contains("H2"),
                            forwarder.errors().get(0));
                    ObjectNode c = client.awaitSummary(END);
                    assertTrue(c.path("complete").asBoolean(), c.toString());
                    assertEquals(0, client.exitCode());
                }
            }
        }
    }

    /** Shuts the database down through a second connection; closing the database ends that connection too. */
    private static void shutDown(String url) throws java.sql.SQLException {
        java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute("SHUTDOWN");
        } catch (java.sql.SQLNonTransientConnectionException closedWithIt) {
            // the server went down with the database, in the middle of answering
        } finally {
            try {
                c.close();
            } catch (java.sql.SQLException alreadyClosed) {
                // closed by the shutdown
            }
        }
    }

    /**
     * {@code --days 2}: the configuration's day twice, fresh JVMs each; the row keeps each day as a fork, its score
     * their mean with an error over them, and the console says the days' range; a --days out of range is one line.
     */
    @Test
    @Timeout(300)
    void aConfigurationRunOverTwoDaysKeepsEachDayAsAFork() throws Exception {
        Path json = dir.resolve("own.json");
        assertEquals(0, lab.run("run", "forwarder", "--smoke", "--rung", "tuned", "--no-ceiling", "--days", "2", "--out", dir.toString(),
                "--json", json.toString()), lab.err.toString() + lab.out);
        String out = lab.out.toString();
        assertTrue(out.contains("2 days of 20,000 messages") && out.contains("fresh JVMs each"), out);
        assertTrue(out.contains("r7-record-spans, day 1 of 2") && out.contains("r7-record-spans, day 2 of 2"), out);
        assertTrue(out.contains("r7-record-spans over 2 days: forwarder receive ")
                && (out.contains(" at 99%)") || out.contains("too few days")), out);
        assertTrue(out.contains("(receive: the mean over its 2 days; the rest: its last day)"), out);
        JsonNode row = new ObjectMapper().readTree(dir.resolve("forwarder.json").toFile()).get(0);
        assertEquals(2, row.path("forks").asInt(), row.toString());
        JsonNode raw = row.path("primaryMetric").path("rawData");
        assertEquals(2, raw.size(), raw.toString());
        double mean = (raw.get(0).get(0).asDouble() + raw.get(1).get(0).asDouble()) / 2;
        assertEquals(mean, row.path("primaryMetric").path("score").asDouble(), 1e-6 * mean, row.toString());
        assertTrue(Double.isFinite(row.path("primaryMetric").path("scoreError").asDouble()), row.toString());
        JsonNode own = new ObjectMapper().readTree(json.toFile());
        assertEquals(2, own.path("days").asInt(), own.toString());
        assertEquals(2, own.path("configurations").size(), own.toString());
        assertEquals(2, own.path("configurations").get(1).path("day").asInt(), own.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "forwarder", "--smoke", "--days", "0", "--out", dir.resolve("none").toString()));
        assertEquals("lab: --days 0: give 1 to 20 days per configuration", lab.err.toString().strip(), lab.err.toString());
    }

    /** {@code mdf} was the component's name: {@code ./lab run mdf} and {@code ./lab mdf ROLE} still work, saying so in one line. */
    @Test
    void theFormerNameStillAnswersAndSaysTheNewOne() {
        assertEquals(2, lab.run("run", "mdf", "--rung", "r9"));
        List<String> lines = lab.err.toString().strip().lines().toList();
        assertEquals("mdf is now forwarder", lines.get(0), lab.err.toString());
        assertTrue(lines.get(1).contains("unknown forwarder rung 'r9'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("mdf", "forwarder", "--ring", "nope"));
        lines = lab.err.toString().strip().lines().toList();
        assertEquals("mdf is now forwarder", lines.get(0), lab.err.toString());
        assertTrue(lines.get(1).contains("nope"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("check", "mdf", "--rung", "r9"));
        lines = lab.err.toString().strip().lines().toList();
        assertEquals("mdf is now forwarder", lines.get(0), lab.err.toString());
    }

    @Test
    void badOptionsAndFilesGetOneLineAndExit2() throws Exception {
        assertEquals(2, lab.run("run", "forwarder", "--rung", "r9"));
        assertTrue(lab.err.toString().contains("unknown forwarder rung 'r9'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "forwarder", "--seconds", "1"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("forwarder", "forwarder", "--ring", "nope"));
        assertTrue(lab.err.toString().contains("nope"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("forwarder", "client", "--name", "two words"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("forwarder", "client", "--join-at-message", "-1"));
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        Path bad = dir.resolve("bad.bin");
        WireDay day = WireDay.generate(100, 3, bad);
        byte[] bytes = day.image().clone();
        bytes[day.recordOffset(40) + 10] ^= 1;
        Files.write(bad, bytes);
        assertEquals(2, lab.run("forwarder", "simulator", "--day", bad.toString(), "--connect", "127.0.0.1:1"));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(bad + ":byte " + day.recordOffset(40) + ": message 41 fails its CRC-32C"), err);
    }

    @Test
    void everyRoleJvmWritesItsCrashLogIntoTheRunsFolder() {
        for (String role : List.of("forwarder", "client", "simulator")) {
            List<String> command = ForwarderScenario.roleCommand(dir, role);
            String flag = ChildProcess.errorFileFlag(dir);
            assertTrue(command.contains(flag) && command.indexOf(flag) < command.indexOf(Lab.class.getName()), role + ": " + command);
        }
    }

    /** The role's JVM as {@code ./lab run forwarder} starts it (crash logs into this test's folder). */
    private RoleProcess role(String name, String... args) throws java.io.IOException {
        List<String> all = new ArrayList<>();
        if (name.equals("forwarder")) {
            all.add("forwarder");
        }
        all.addAll(List.of(args));
        return RoleProcess.start(name, ForwarderScenario.roleCommand(dir, all.toArray(new String[0])));
    }
}
