package dev.perflab.cli.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.scenario.RoleProcess;
import dev.perflab.cli.LabCli;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The role commands as separate JVMs, bad input, and an executor killed in the middle of a run. */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ShaCommandTest {
    private static final Duration START = Duration.ofSeconds(30);

    @Test
    void badAddressesAndRungsAreOneLineErrors() {
        LabCli lab = new LabCli();
        assertEquals(2, lab.run("sha", "generator", "--connect", "localhost"));
        assertTrue(lab.err.toString().contains("'localhost' is not HOST:PORT"), lab.err.toString());
        assertEquals(1, lab.err.toString().strip().lines().count(), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("sha", "executor", "--bind", "127.0.0.1:70000"));
        assertTrue(lab.err.toString().contains("port 70000"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("sha", "collector", "--rung", "r99"));
        assertTrue(lab.err.toString().contains("unknown sha-pipeline rung 'r99'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "sha-pipeline", "--rung", "nope"));
        assertTrue(lab.err.toString().contains("unknown sha-pipeline rung 'nope'"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "sha-pipeline", "--param", "depth=1"));
        assertTrue(lab.err.toString().contains("add --jmh"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "orderbook", "--seconds", "3"));
        assertTrue(lab.err.toString().contains("--seconds applies to ./lab run sha-pipeline"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "sha-pipeline", "--link", "fast"));
        assertTrue(lab.err.toString().contains("--link: link rate 'fast'"), lab.err.toString());
    }

    private static final List<dev.perflab.scenario.Role> ROLES = new ShaPipelineScenario(null, null).roles();

    /** A run on loopback with no rungs, writing into {@code dir}: for the role command lines it builds. */
    private static ShaPipelineRun loopbackRunIn(java.nio.file.Path dir) {
        return new ShaPipelineRun(ROLES, List.of(), new ShaPipelineRun.Timing(0.1, 0.1, List.of()), 0, dev.perflab.results.RunFolder.of("--out", dir), null, null,
                PipelineNetwork.LOOPBACK, new java.io.PrintWriter(new java.io.StringWriter()));
    }

    @Test
    void everyRoleJvmWritesItsCrashLogIntoTheRunsFolder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        List<dev.perflab.scenario.Role> roles = ROLES;
        ShaPipelineRun run = loopbackRunIn(dir);
        for (dev.perflab.scenario.Role role : roles) {
            List<String> command = run.command(role, "r0", "127.0.0.1:1", null, 1, null);
            assertTrue(command.contains(dev.perflab.proc.ChildProcess.errorFileFlag(dir)), role.name() + ": " + command);
        }
    }

    /** r18's listeners bind socket files in the rung's folder; a TCP rung binds loopback as before. */
    @Test
    void unixSocketRungsBindSocketFilesAndTcpRungsLoopback(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        List<dev.perflab.scenario.Role> roles = ROLES;
        ShaPipelineRun run = loopbackRunIn(dir);
        assertTrue(dev.perflab.sha.ShaLadder.LADDER.resolve("r18").factory().unixSockets());
        assertFalse(dev.perflab.sha.ShaLadder.LADDER.resolve("r17").factory().unixSockets());
        java.nio.file.Path sockets = dir.resolve("s");
        for (dev.perflab.scenario.Role role : roles) {
            if (role.listens()) {
                List<String> unix = run.command(role, "r18", "unix:/x", null, 1, sockets);
                assertEquals("unix:" + sockets.resolve(role.name() + ".sock"), unix.get(unix.indexOf("--bind") + 1));
                List<String> tcp = run.command(role, "r17", "127.0.0.1:1", null, 1, null);
                assertEquals("127.0.0.1:0", tcp.get(tcp.indexOf("--bind") + 1));
            }
        }
        assertTrue(PipelineNetwork.LOOPBACK.sharesOneHost());
    }

    /**
     * Collector, executor and generator JVMs, started in that order, all on the tuned rung: on loopback TCP, or
     * with {@code sockets} through Unix domain socket files in that folder (how the lab runs r18 on).
     */
    private static final class ThreeJvms implements AutoCloseable {
        final RoleProcess collector;
        final RoleProcess executor;
        final RoleProcess generator;
        final String executorAddress;

        ThreeJvms(double generatorSeconds) throws Exception {
            this(generatorSeconds, null);
        }

        ThreeJvms(double generatorSeconds, java.nio.file.Path sockets) throws Exception {
            collector = ShaRoles.start(List.of(), "collector", List.of(), List.of("--rung", "tuned", "--bind",
                    sockets == null ? "127.0.0.1:0" : "unix:" + sockets.resolve("collector.sock"), "--warmup-seconds", "0"));
            String collectorAddress = address(collector, sockets);
            executor = ShaRoles.start(List.of(), "executor", List.of(), List.of("--rung", "tuned", "--bind",
                    sockets == null ? "127.0.0.1:0" : "unix:" + sockets.resolve("executor.sock"), "--connect", collectorAddress));
            executorAddress = address(executor, sockets);
            generator = ShaRoles.start(List.of(), "generator", List.of(), List.of("--rung", "tuned",
                    "--connect", executorAddress, "--seconds", String.valueOf(generatorSeconds)));
        }

        private static String address(RoleProcess listening, java.nio.file.Path sockets) throws InterruptedException {
            return sockets == null ? "127.0.0.1:" + listening.awaitPort(START) : listening.awaitAddress(START);
        }

        @Override
        public void close() {
            generator.close();
            executor.close();
            collector.close();
        }
    }

    @Test
    void threeRoleJvmsConserveCountsAndWriteTheirSummaries() throws Exception {
        try (ThreeJvms jvms = new ThreeJvms(1)) {
            ObjectNode g = jvms.generator.awaitSummary(START);
            ObjectNode e = jvms.executor.awaitSummary(START);
            ObjectNode c = jvms.collector.awaitSummary(START);
            long generated = g.get("generated").asLong();
            assertTrue(generated > 0);
            assertEquals(generated, e.get("executed").asLong());
            assertEquals(generated, c.get("collected").asLong());
            assertEquals(0, c.get("sample_errors").asLong());
            assertEquals(0, jvms.generator.exitCode() + jvms.executor.exitCode() + jvms.collector.exitCode(),
                    jvms.generator.errors() + " " + jvms.executor.errors() + " " + jvms.collector.errors());
        }
    }

    @Test
    void executorKilledMidRunStopsGeneratorAndCollectorWithTheirCounts() throws Exception {
        executorKilledMidRun(null);
    }

    /** The same over Unix domain sockets (r18's transport): a peer's death is a closed connection there too. */
    @Test
    void executorKilledMidRunOverUnixSocketsStopsGeneratorAndCollectorWithTheirCounts(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path sockets) throws Exception {
        executorKilledMidRun(sockets);
    }

    private void executorKilledMidRun(java.nio.file.Path sockets) throws Exception {
        try (ThreeJvms jvms = new ThreeJvms(60, sockets)) {
            // killed only once results reach the collector: a loaded machine may take seconds to start sending
            jvms.collector.awaitFlowing(START);
            jvms.executor.kill();
            long killed = System.nanoTime();
            ObjectNode g = jvms.generator.awaitSummary(START);
            ObjectNode c = jvms.collector.awaitSummary(START);
            double seconds = (System.nanoTime() - killed) / 1e9;
            assertTrue(seconds < 10, "generator and collector took " + seconds + " s to stop");
            assertTrue(g.get("generated").asLong() > 0, g + " " + c + " " + jvms.generator.errors());
            assertTrue(c.get("collected").asLong() > 0);
            assertEquals(1, jvms.generator.exitCode());
            assertEquals(1, jvms.collector.exitCode());
            assertTrue(g.get("error").asText().contains("executor " + jvms.executorAddress + " closed the connection"),
                    g.toString());
            assertTrue(c.get("error").asText().contains("closed the connection"), c.toString());
            assertFalse(jvms.generator.errors().isEmpty(), "the generator printed its error line");
            assertFalse(jvms.collector.errors().isEmpty(), "the collector printed its error line");
        }
    }
}
