package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.perflab.report.LadderReport;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A gate given two runs that both hold its row names the files, not "add params to pick one: {}". */
class GateTwoFilesTest {
    @Test
    void theSameRowInTwoFilesNamesTheFiles(@TempDir Path dir) throws Exception {
        Path run = Path.of(GateTwoFilesTest.class.getResource("/gate/orderbook-run.json").toURI());
        Path a = Files.copy(run, dir.resolve("a.json"));
        Path b = Files.copy(run, dir.resolve("b.json"));
        String yaml = "gates:\n  - name: bounded\n    bound:\n"
                + "      row: {benchmark: cancelLast, params: {rung: r4, depth: 1000}}\n      max: 1e12\n";
        GateResult r = GateEvaluator.evaluate(GateFile.parse(new StringReader(yaml), "gates.yaml").gates(),
                LadderReport.read(List.of(a, b))).get(0);
        assertFalse(r.passed());
        assertEquals("2 rows match cancelLast [depth=1000, rung=r4]: the same row in 2 files (" + a + ", " + b
                + "); a gate reads one run: give one file with --results", r.detail());
    }
}
