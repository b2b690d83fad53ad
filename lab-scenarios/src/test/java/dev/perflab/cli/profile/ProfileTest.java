package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {
    @TempDir
    Path dir;

    @Test
    void libraryIsChosenPerPlatformAndRefusedWhereThereIsNone() {
        assertEquals("linux-x64/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Linux", "amd64"));
        assertEquals("linux-arm64/libasyncProfiler.so", AsyncProfilerLibrary.resourceFor("Linux", "aarch64"));
        assertThrows(LabException.class, () -> AsyncProfilerLibrary.resourceFor("Windows 11", "amd64"));
        assertThrows(LabException.class, () -> AsyncProfilerLibrary.resourceFor("Linux", "ppc64le"));
    }

    @Test
    void engineIsReadFromTheProfilersWarnings() {
        assertTrue(SamplingEngine.fromLog("cpu", List.of("# Fork: 1 of 1", "ok"), "2").startsWith("perf events"));
        assertTrue(SamplingEngine.fromLog("cpu",
                List.of("[WARN] perf_event_open for TID 42 failed: Permission denied; using ctimer"), "3").startsWith("ctimer"));
        assertTrue(SamplingEngine.fromLog("cpu", List.of("[WARN] falling back to itimer"), "4").startsWith("itimer"));
        assertTrue(SamplingEngine.fromLog("alloc", List.of(), "2").startsWith("alloc"));
    }

    @Test
    void differenceKeepsOnlyWhatOneProfileDoesMoreOf() {
        Map<String, Long> more = DifferentialFlameGraph.difference(Map.of("a;b", 0.75, "a;c", 0.25), Map.of("a;b", 0.25, "a;c", 0.75));
        assertEquals(Map.of("a;b", 500_000L), more);
    }

    /**
     * The real agent, extracted from the Maven artifact, on a child JVM running the tuned book: the flame
     * graph must be non-empty and name the rung's classes. Skipped only where the agent cannot load at all.
     */
    @Test
    void flameGraphOfTheTunedRungNamesItsMethods() throws Exception {
        Path library;
        try {
            library = AsyncProfilerLibrary.extract(dir.resolve("cache"));
        } catch (LabException e) {
            Assumptions.abort("async-profiler cannot load here: " + e.getMessage());
            return;
        }
        Path flame = dir.resolve("flame.html");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-agentpath:" + library + "=start,event=cpu,interval=1ms,file=" + flame,
                "-cp", System.getProperty("java.class.path"), ProfiledWorkload.class.getName(), "40000000")
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "profiled child finished");
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        if (child.exitValue() != 0 && (log.contains("Could not find agent library") || log.contains("cannot open shared object"))) {
            Assumptions.abort("async-profiler cannot load here: " + log.lines().findFirst().orElse(""));
        }
        assertEquals(0, child.exitValue(), log);
        String html = Files.readString(flame, StandardCharsets.UTF_8);
        assertTrue(html.length() > 5_000, "flame graph of " + html.length() + " chars");
        assertTrue(html.contains("TickArrayBook") || html.contains("LinkedLevelsBook"), "names a method of the rung");
    }
}
