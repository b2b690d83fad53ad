package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.toy.ToyJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab profile --jar JAR}: another project's JMH jar (here a thin jar listing the toy suites), the rows
 * {@code --benchmark} and {@code --param} choose, flame graphs of its own classes; and its bad input, one line each.
 */
class ProfileJarTest {
    @TempDir
    static Path dir;

    private static Path jar;
    private final LabCli lab = new LabCli();

    @BeforeAll
    static void toyJar() throws Exception {
        jar = ToyJars.jmhJar(dir.resolve("toy-project/target/benchmarks.jar"), line -> line.contains(".toy."));
    }

    private String errLine(int expectedExit, String... args) {
        lab.clear();
        int exit = lab.run(args);
        String err = lab.err.toString();
        assertEquals(expectedExit, exit, lab.out + err);
        assertEquals(1, err.strip().lines().count(), "one line: " + err);
        assertFalse(err.contains("\tat ") || err.contains("Exception"), err);
        return err.strip();
    }

    @Test
    void badInputIsOneLineExitTwoBeforeAnythingRuns() {
        assertTrue(errLine(2, "profile", "--jar", jar.toString()).contains("--jar needs --benchmark REGEX"), lab.err.toString());
        assertTrue(errLine(2, "profile", "--jar", jar.toString(), "--benchmark", "sum", "--rung", "r0")
                .contains("--rung chooses a component's rungs or roles; a --jar has neither"), lab.err.toString());
        assertTrue(errLine(2, "profile", "orderbook", "--jar", jar.toString(), "--benchmark", "sum")
                .contains("give a COMPONENT (orderbook) or --jar"), lab.err.toString());
        assertTrue(errLine(2, "profile").contains("give a COMPONENT to profile"), lab.err.toString());
        String none = errLine(2, "profile", "--jar", jar.toString(), "--benchmark", "NoSuchBench", "--out", dir.resolve("none").toString());
        assertTrue(none.contains("matches (?:NoSuchBench); its benchmarks: dev.perflab."), none);
        String unknown = errLine(2, "profile", "--jar", jar.toString(), "--benchmark", "ToySumBenchmark.sum", "--param", "size=5",
                "--out", dir.resolve("unknown").toString());
        assertTrue(unknown.contains("size") && unknown.contains("rung"), "names the parameter and theirs: " + unknown);
        assertTrue(errLine(2, "profile", "--jar", dir.resolve("missing.jar").toString(), "--benchmark", "sum").contains("missing.jar"),
                lab.err.toString());
        assertFalse(Files.exists(dir.resolve("none")) && Files.exists(dir.resolve("none/engine.txt")), "nothing ran");
    }

    @Test
    void theChosenRowOfAJarIsProfiledAndItsGraphNamesTheJarsOwnClass() throws Exception {
        try {
            Path library = AsyncProfilerLibrary.extract(dir.resolve("async-profiler"));
            AsyncProfilerLibrary.checkLoads(library, "cpu", ProcessHandle.current().info().command().orElse("java"));
        } catch (LabException e) {
            Assumptions.assumeTrue(false, "async-profiler cannot load here: " + e.getMessage());
        }
        Path out = dir.resolve("profile");
        lab.clear();
        int exit = lab.run("profile", "--jar", jar.toString(), "--benchmark", "ToySumBenchmark.sum", "--param", "rung=r0-loop-sum",
                "--out", out.toString());
        String console = lab.out.toString();
        assertEquals(0, exit, console + lab.err);
        assertTrue(console.contains("1 row: ToySumBenchmark.sum {n=1000, rung=r0-loop-sum}") || console.contains("1 row: ToySumBenchmark.sum"),
                console);
        Matcher graph = Pattern.compile("(?m)^  toy-project: (\\S+flame-cpu-forward\\.html) \\(").matcher(console);
        assertTrue(graph.find(), "the graph's line: " + console);
        List<String> frames = FlameGraphHtml.frameNames(Path.of(graph.group(1)));
        assertTrue(frames.stream().anyMatch(f -> f.startsWith("dev/perflab/cli/toy/ToySumBenchmark.")),
                "the jar's own benchmark in its graph: " + frames);
        String engine = Files.readString(out.resolve("engine.txt"));
        assertTrue(engine.contains("benchmark: ToySumBenchmark.sum {rung=r0-loop-sum}"), engine);
        assertTrue(Files.readString(out.resolve("jmh.log")).contains("-prof"), "the log holds JMH's command");
    }
}
