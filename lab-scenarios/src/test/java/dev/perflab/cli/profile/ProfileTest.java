package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profiler for real in a bare {@code mvn test}, with no JMH and no benchmarks.jar: the agent extracted
 * from the Maven artifact records two child JVMs ({@link ProfiledWorkload} on r2 and on r4) the way
 * {@code ./lab profile} has JMH ask it to (JFR only, cpu every 1 ms), and the command's own steps then run on
 * those recordings: the engine read from the JFR, flame graphs and differential graphs via jfr-converter.
 * Skipped only where the jar has no library for this platform or the JVM cannot load it; a check that fails
 * for any other reason fails the test.
 * {@link ProfileSmokeTest} covers the JMH path where benchmarks.jar has been built.
 */
class ProfileTest {
    private static final long RUN_MILLIS = 1_500;
    private static final String R2 = "r2-intrusive-list";
    private static final String R4 = "r4-tick-array";

    @TempDir
    static Path dir;

    private static Path jfrR2;
    private static Path jfrR4;

    @BeforeAll
    static void recordTwoRungs() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path library;
        try {
            library = AsyncProfilerLibrary.extract(dir.resolve("cache"));
            AsyncProfilerLibrary.checkLoads(library, "cpu", java);
        } catch (LabException e) {
            // Only a platform the jar has no library for, or one where the JVM cannot load it (another libc),
            // is a reason to skip; any other failed check is a failure of the lab.
            Assumptions.assumeFalse(e.getMessage().contains("no library for") || e.getMessage().contains("agent library"),
                    "async-profiler cannot load here: " + e.getMessage());
            throw e;
        }
        jfrR2 = record(java, library, R2);
        jfrR4 = record(java, library, R4);
    }

    private static Path record(String java, Path library, String rung) throws IOException, InterruptedException {
        Path rungDir = Files.createDirectories(dir.resolve(rung));
        Path jfr = rungDir.resolve("jfr-cpu.jfr");
        Path log = rungDir.resolve("child.log");
        Process child = new ProcessBuilder(java,
                "-agentpath:" + library + "=start,event=cpu,interval=" + ProfileCommand.CPU_INTERVAL_NS + ",jfr,file=" + jfr,
                "-cp", System.getProperty("java.class.path"), ProfiledWorkload.class.getName(), rung, Long.toString(RUN_MILLIS))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), rung + ": the profiled child JVM did not finish in 60 s");
        assertEquals(0, child.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        assertTrue(Files.size(jfr) > 0, jfr + " is empty");
        return jfr;
    }

    @Test
    void theRecordingNamesTheEngineThatSampled() throws IOException {
        Optional<String> engine = SamplingEngine.fromJfr(jfrR4);
        assertTrue(engine.isPresent(), "no engine setting in " + jfrR4);
        assertTrue(Set.of("perf_events", "ctimer", "itimer", "wall").contains(engine.get()), engine.get());
        System.out.println("ProfileTest: engine " + engine.get() + " (perf_event_paranoid="
                + SamplingEngine.perfEventParanoid() + ")");
    }

    @Test
    void flameGraphsNameEachRungsOwnClass() throws IOException {
        List<Path> r4 = JfrConverter.flameGraphs(jfrR4, "cpu", R4);
        assertEquals(List.of(dir.resolve(R4).resolve("flame-cpu-forward.html"), dir.resolve(R4).resolve("flame-cpu-reverse.html")), r4);
        for (Path graph : r4) {
            List<String> frames = FlameGraphHtml.frameNames(graph);
            assertTrue(FlameGraphHtml.namesOrderBookClass(frames, "TickArrayBook"), graph + ": " + frames);
            assertFalse(FlameGraphHtml.namesOrderBookClass(frames, "IntrusiveListBook"), graph + ": " + frames);
        }
        List<String> r2 = FlameGraphHtml.frameNames(JfrConverter.flameGraphs(jfrR2, "cpu", R2).get(0));
        assertTrue(FlameGraphHtml.namesOrderBookClass(r2, "IntrusiveListBook"), r2.toString());
        assertFalse(FlameGraphHtml.namesOrderBookClass(r2, "TickArrayBook"), r2.toString());
    }

    /** Each rung's own class is in the graph of what that rung does more of, and not in the other one. */
    @Test
    void differentialGraphsShowWhatEachRungDoesMoreOf() throws IOException {
        Path diffDir = Files.createDirectories(dir.resolve("diff"));
        List<Path> graphs = DifferentialFlameGraph.write(jfrR2, R2, jfrR4, R4, "cpu", diffDir);
        assertEquals(List.of(diffDir.resolve("diff-" + R2 + "-to-" + R4 + "-more-in-" + R4 + ".html"),
                diffDir.resolve("diff-" + R2 + "-to-" + R4 + "-more-in-" + R2 + ".html")), graphs);
        List<String> moreInR4 = FlameGraphHtml.frameNames(graphs.get(0));
        List<String> moreInR2 = FlameGraphHtml.frameNames(graphs.get(1));
        assertTrue(FlameGraphHtml.namesOrderBookClass(moreInR4, "TickArrayBook"), moreInR4.toString());
        assertFalse(FlameGraphHtml.namesOrderBookClass(moreInR4, "IntrusiveListBook"), moreInR4.toString());
        assertTrue(FlameGraphHtml.namesOrderBookClass(moreInR2, "IntrusiveListBook"), moreInR2.toString());
        assertFalse(FlameGraphHtml.namesOrderBookClass(moreInR2, "TickArrayBook"), moreInR2.toString());
    }
}
