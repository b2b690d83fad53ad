package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.ForeignFiles;
import dev.perflab.report.ForeignFiles.SetupSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab report} of other projects' files: a class's methods in one table, times rescaled, rows selected by
 * mode, benchmark and param, and several runs of one project side by side with the change between them.
 */
class ReportForeignTest {
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    @Test
    void rowsWithoutParamsAreOneTablePerClass() throws Exception {
        Path file = ForeignFiles.unparametrised(dir.resolve("parsers.json"));
        assertEquals(0, lab.run("report", file.toString()), lab.err.toString());
        String out = lab.out.toString();
        assertEquals(12, out.lines().filter(l -> l.matches("Parser\\d\\dBenchmark")).count(), "a title per class: " + out);
        assertTrue(out.lines().count() < 12 * 34 + 5, "360 rows in " + out.lines().count() + " lines");
        // the file's rows ran two forks each, so the table ends with the interval between them
        assertTrue(out.contains("Parser00Benchmark\n  method     mode  score                B/op              between forks\n"), out);
        assertTrue(out.contains("  variant00  avgt  2.00 ± 0.0600 ns/op     -  2.00–2.01, ±16% (2 forks)\n"), out);
    }

    /** Methods measured at one fixed set of params each are one table per class, the params said once. */
    @Test
    void methodsOfOneFixedParamSetAreOneTablePerClass() throws Exception {
        Path file = ForeignFiles.fixedParams(dir.resolve("cases.json"));
        assertEquals(0, lab.run("report", file.toString()), lab.err.toString());
        String out = lab.out.toString();
        assertEquals(5, out.lines().filter(l -> l.matches("Case\\d.*")).count(), "a title per class, not per method: " + out);
        assertTrue(out.contains("decode17"), out);
    }

    @Test
    void timesAreRescaledAndModesSelected() throws Exception {
        Path file = ForeignFiles.everyMode(dir.resolve("time.json"), 1_680_000);
        assertEquals(0, lab.run("report", file.toString(), "--mode", "avgt"), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("595 ± 5.95 ns/op"), "5.95e-7 s/op as ns/op: " + out);
        assertFalse(out.contains("ops/s") || out.contains("sample"), "only avgt: " + out);
        lab.clear();
        assertEquals(2, lab.run("report", file.toString(), "--mode", "ss"));
        assertTrue(lab.err.toString().contains("no row matches --mode ss (of 3 rows; they have mode avgt, mode sample, mode thrpt)"),
                lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("report", file.toString(), "--mode", "bogus"));
        assertTrue(lab.err.toString().contains("--mode bogus: expected one of JMH's modes"), lab.err.toString());
    }

    @Test
    void benchmarkAndParamSelectRows() throws Exception {
        Path file = ForeignFiles.wide(dir.resolve("wide.json"));
        assertEquals(0, lab.run("report", file.toString(), "--benchmark", "Alignment.*copy", "--param", "sourceOffset=3",
                "--param", "destinationOffset=21"), lab.err.toString());
        String out = lab.out.toString();
        assertEquals(1, out.lines().filter(l -> l.contains(" avgt ")).count(), "one row: " + out);
        lab.clear();
        assertEquals(2, lab.run("report", file.toString(), "--param", "size=1"));
        assertTrue(lab.err.toString().contains("no row matches --param size=1 (of 196 rows; they have size=1024)"), lab.err.toString());
    }

    @Test
    void severalRunsOfOneProjectReadAsAHistory() throws Exception {
        Path[] files = new Path[4];
        double[] factors = {1.0, 1.0, 0.5, 0.5};
        for (int i = 0; i < 4; i++) {
            files[i] = ForeignFiles.commit(dir.resolve("c" + i + ".json"), factors[i], SetupSpec.JDK17, i);
        }
        Path page = dir.resolve("runs.html");
        assertEquals(0, lab.run("report", files[0].toString(), files[1].toString(), files[2].toString(), files[3].toString(),
                "--html", page.toString()), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("4 runs of one project, side by side in the order given: c0.json, c1.json, c2.json, c3.json"), out);
        assertTrue(out.contains("ListBenchmark · thrpt · ops/s\n  method    params       c0.json    c1.json        Δ    c2.json       Δ    c3.json        Δ\n"), out);
        assertTrue(out.matches("(?s).*\\n  add +size=1000 +1,00\\d,\\d{3} +1,00\\d,\\d{3} +\\([+-]0\\.\\d%\\) +50\\d,\\d{3} +-50\\.\\d% +50\\d,\\d{3} +\\([+-]0\\.\\d%\\)\\n.*"),
                "the halving is a change, the noise in parentheses: " + out);
        assertTrue(out.lines().count() < 25, "two tables, not 4 files × 6 tables: " + out);
        String html = Files.readString(page);
        assertEquals(2, html.split("\"kind\":\"runs\"", -1).length - 1, "one overlay chart per class");
    }
}
