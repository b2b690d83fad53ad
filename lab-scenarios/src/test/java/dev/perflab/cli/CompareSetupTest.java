package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.ForeignFiles;
import dev.perflab.report.ForeignFiles.SetupSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab compare} of two commits measured with different set-ups (JDK 11 → 21, JMH 1.21 → 1.36, -Xcomp
 * dropped): the differences come first, the rows are listed but not called regressions unless
 * {@code --across-setups}, and a project without rungs gets no empty "rung ratios" section.
 */
class CompareSetupTest {
    private static final SetupSpec OLD = new SetupSpec("11.0.2", "1.21", List.of("-Xms4g", "-Xcomp"));
    private static final SetupSpec NEW = new SetupSpec("21.0.3", "1.36", List.of("-Dfile.encoding=UTF-8", "-Xms4g", "-Xmx4g"));

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    @Test
    void setUpDifferencesComeFirstAndRowsAreNotJudgedAcrossThem() throws Exception {
        Path base = ForeignFiles.commit(dir.resolve("d0b708a.json"), 1.0, OLD, 1);
        Path head = ForeignFiles.commit(dir.resolve("7ed7e13.json"), 0.5, NEW, 2);
        assertEquals(0, lab.run("compare", base.toString(), head.toString()), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("set-up differs:\n"
                + "  JDK: 11.0.2 (OpenJDK 64-Bit Server VM) → 21.0.3 (OpenJDK 64-Bit Server VM)\n"
                + "  JMH: 1.21 → 1.36\n"
                + "  JVM arguments: only in base -Xcomp; only in head -Xmx4g\n"), out);
        assertTrue(out.indexOf("set-up differs") < out.indexOf("rows ("), "the set-up above the rows: " + out);
        assertTrue(out.contains("rows (not judged: base and head differ in set-up, above; --across-setups judges them;"), out);
        assertTrue(out.contains("  slower "), out);
        assertFalse(out.contains("regression "), out);
        assertTrue(out.contains("6 rows, not judged: 6 slower, 0 faster, 0 no change"), out);
        assertFalse(out.contains("rung ratios"), "no rungs, no rung-ratio section: " + out);
        lab.clear();
        assertEquals(1, lab.run("compare", base.toString(), head.toString(), "--across-setups"));
        assertTrue(lab.out.toString().contains("set-up differs (rows judged anyway: --across-setups):"), lab.out.toString());
        assertTrue(lab.out.toString().contains("6 rows: 6 regressions"), lab.out.toString());
    }

    @Test
    void theSameSetUpPrintsNoDifferencesAndJudgesTheRows() throws Exception {
        Path base = ForeignFiles.commit(dir.resolve("a.json"), 1.0, SetupSpec.JDK17, 1);
        Path head = ForeignFiles.commit(dir.resolve("b.json"), 0.5, SetupSpec.JDK17, 2);
        assertEquals(1, lab.run("compare", base.toString(), head.toString()));
        String out = lab.out.toString();
        assertFalse(out.contains("set-up"), out);
        assertTrue(out.contains("6 rows: 6 regressions, 0 improvements, 0 no change (moved > 10% and intervals apart)\n"), out);
    }
}
