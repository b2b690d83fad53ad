package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.cli.LabCli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab profile forwarder --role forwarder --rung r0 --length smoke -- --no-ceiling}: one smoke run of the forwarder with the
 * agent in the forwarder's JVM only. The recording, its three flame graphs (the per-thread one shows the feed and
 * session threads by name), the run's rows and log, and the engine file are where the command says; the clients and
 * the Simulator were not profiled. Skipped only where the agent cannot load on this machine.
 */
class ScenarioProfileTest {
    @TempDir
    Path out;

    @Test
    @Timeout(300)
    void aRoleOfTheForwardersRunIsProfiledAndOnlyThatRole() throws Exception {
        try {
            Path library = AsyncProfilerLibrary.extract(out.resolve("cache"));
            AsyncProfilerLibrary.checkLoads(library, "cpu", ProcessHandle.current().info().command().orElse("java"));
        } catch (LabException e) {
            Assumptions.assumeTrue(false, "async-profiler cannot load here: " + e.getMessage());
        }
        LabCli lab = new LabCli();
        Path dir = out.resolve("profile");
        assertEquals(0, lab.run("profile", "forwarder", "--role", "forwarder", "--rung", "r0", "--length", "smoke",
                "--out", dir.toString(), "--", "--no-ceiling"), lab.err.toString() + lab.out);
        Path process = dir.resolve("r0-file-streamed").resolve("forwarder");
        for (String file : new String[] {"jfr-cpu.jfr", "flame-cpu-forward.html", "flame-cpu-reverse.html", "flame-cpu-threads.html"}) {
            assertTrue(Files.size(process.resolve(file)) > 0, file);
        }
        Path collapsed = out.resolve("threads.collapsed");
        JfrConverter.convert(process.resolve("jfr-cpu.jfr"), collapsed, "--cpu", "--threads", "-o", "collapsed");
        String threads = Files.readString(collapsed, StandardCharsets.UTF_8);
        assertTrue(threads.contains("[forwarder-feed") && threads.contains("[forwarder-session-client-1"), "the threads by name");
        assertTrue(Files.isRegularFile(dir.resolve("run").resolve("forwarder.json")), "the run's rows");
        assertTrue(Files.readString(dir.resolve("run.log")).contains("every client of every configuration got the whole day"));
        assertTrue(Files.readString(dir.resolve("engine.txt")).contains("engine: "));
        assertFalse(Files.exists(dir.resolve("r0-file-streamed").resolve("client-1")), "only the forwarder's JVM is profiled");
        assertTrue(lab.out.toString().contains("r0-file-streamed forwarder: "), lab.out.toString());
    }
}
