package dev.perflab.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.report.JmhResults;
import dev.perflab.report.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab run-jar} on a jar this lab did not build (JMH's samples, {@link SamplesJar}): its rows through the
 * lab's table, files and page, and a one-line refusal of each bad input before JMH runs. The run is one row of
 * 100 ms; its numbers are not read.
 */
class RunJarTest {
    @TempDir
    static Path shared;
    static Path jar;

    @BeforeAll
    static void samples() throws Exception {
        System.setProperty("perflab.jmh.ignoreLock", "true");
        jar = SamplesJar.write(shared);
    }

    @Test
    @Timeout(240)
    void aForeignJarsRowsGetTheLabsTableFilesAndPage(@TempDir Path dir) throws Exception {
        LabCli lab = new LabCli();
        int exit = lab.run("run-jar", jar.toString(), "JMHSample_27_Params.bench", "-f", "1", "-wi", "0", "-i", "2", "-r", "100ms",
                "-p", "arg=1", "-p", "certainty=0,1", "--out", dir.toString(), "--history", "none");
        String out = lab.out.toString();
        assertEquals(0, exit, out + lab.err);
        assertTrue(out.contains("run-jar: " + jar + ", JMH 1.37, 2 rows"), out);
        List<Row> rows = JmhResults.read(dir.resolve("benchmarks.json"));
        assertEquals(List.of("0", "1"), rows.stream().map(r -> r.params().get("certainty")).toList(), "the -p values, as JMH ran them");
        for (String file : List.of("benchmarks.md", "benchmarks.html", "benchmarks.machine.txt", "benchmarks.log")) {
            assertTrue(Files.isRegularFile(dir.resolve(file)), file + " in " + out);
        }
        assertTrue(out.contains("JMHSample_27_Params.bench"), "the table names the rows: " + out);
    }

    @Test
    void badInputIsOneLineAndExit2BeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path notAJar = Files.writeString(dir.resolve("x.jar"), "not a zip");
        Path plainJar = dir.resolve("plain.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(plainJar))) {
            out.putNextEntry(new java.util.jar.JarEntry("a.txt"));
        }
        String out = dir.resolve("out").toString();
        assertRefused("not a jar", "run-jar", notAJar.toString(), "--out", out);
        assertRefused("not a JMH benchmarks jar (no main class, no META-INF/BenchmarkList)", "run-jar", plainJar.toString(), "--out", out);
        assertRefused("no such file", "run-jar", dir.resolve("missing.jar").toString(), "--out", out);
        assertRefused("JMH option -rff: the lab writes the results itself", "run-jar", jar.toString(), "-rff", "x.json", "--out", out);
        assertRefused("JMH option -l: lists or helps instead of running", "run-jar", jar.toString(), "-l", "--out", out);
        assertRefused("JMH options -f x", "run-jar", jar.toString(), "-f", "x", "--out", out);
        assertRefused("no benchmark of " + jar + " matches (?:NoSuchBenchmark); its benchmarks: org.openjdk.jmh.samples.",
                "run-jar", jar.toString(), "NoSuchBenchmark", "--out", out);
        assertRefused("-p nosuch: no benchmark chosen has such a parameter (theirs: arg, certainty)",
                "run-jar", jar.toString(), "JMHSample_27", "-p", "nosuch=1", "--out", out);
        assertFalse(Files.exists(dir.resolve("out").resolve("benchmarks.json")), "nothing ran");
    }

    /** A run whose every benchmark threw: JMH 1.19 writes an empty array, 1.37 no file; neither is taken for results. */
    @Test
    void aRunThatWroteNoRowIsNoResult(@TempDir Path dir) throws Exception {
        assertFalse(JarRun.wroteRows(dir.resolve("absent.json")));
        assertFalse(JarRun.wroteRows(Files.writeString(dir.resolve("empty.json"), "[\n]\n")));
        assertFalse(JarRun.wroteRows(Files.writeString(dir.resolve("cut.json"), "[ {\"benchmark\"")));
        assertTrue(JarRun.wroteRows(JmhVersions.json("1.19")));
    }

    private static void assertRefused(String expected, String... args) {
        LabCli lab = new LabCli();
        assertEquals(2, lab.run(args), String.join(" ", args) + ": " + lab.out + lab.err);
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    }
}
