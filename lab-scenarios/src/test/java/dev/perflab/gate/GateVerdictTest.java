package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.AbRow;
import dev.perflab.ab.Steal;
import dev.perflab.ab.TestRows;
import dev.perflab.cli.LabCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab gate --verdict}: an {@code ab} verdict read as a gate, with ab's own exit codes: pass on no change or an
 * improvement, fail on a regression, neither on undecided (with the pairs each undecided row would take) or noisy.
 */
class GateVerdictTest {
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    private static AbRow row(String method, boolean ruler, double... head) {
        return TestRows.cancel(method, Map.of("depth", "1000"), ruler, head);
    }

    private static final AbRow STEADY_RULER = row("ruler", true, 100, 100.5, 99.5, 100.2);

    private Path verdict(String name, AbRow... rows) throws Exception {
        List<AbRow> all = new ArrayList<>(List.of(rows));
        all.add(STEADY_RULER);
        AbReport report = new AbReport("orderbook", new AbReport.Side("main", "base.jar"), new AbReport.Side("HEAD", "head.jar"),
                "JDK 17 · CPU x · 2 cores", 0.05, 0.05, 0.95, 4, all, 60, Steal.UNKNOWN);
        Path file = dir.resolve(name + ".json");
        new ObjectMapper().writeValue(file.toFile(), report.json());
        return file;
    }

    private int gate(Path file, String... more) {
        lab.clear();
        List<String> args = new ArrayList<>(List.of("gate", "--verdict", file.toString()));
        args.addAll(List.of(more));
        return lab.run(args.toArray(String[]::new));
    }

    @Test
    void aVerdictPassesFailsOrIsNeitherWithAbsExitCodes() throws Exception {
        assertEquals(0, gate(verdict("same", row("cancelLast", false, 100, 100.4, 99.7, 100.1))), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("PASS  perflab ab orderbook: no change"), lab.out.toString());
        assertEquals(0, gate(verdict("faster", row("cancelLast", false, 120, 121, 119, 120))), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("PASS  perflab ab orderbook: improvement"), lab.out.toString());

        assertEquals(1, gate(verdict("slower", row("cancelLast", false, 80, 81, 79, 80))), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("FAIL  perflab ab orderbook: regression"), lab.out.toString());
        assertTrue(lab.out.toString().contains("regression  ×0.8 [×"), lab.out.toString());

        Path undecided = verdict("wide", row("cancelLast", false, 90, 104, 97, 99), row("cancelFirst", false, 100, 100.4, 99.7, 100.1));
        assertEquals(4, gate(undecided, "--markdown", dir.resolve("gate.md").toString()), lab.out + "" + lab.err);
        String out = lab.out.toString();
        assertTrue(out.startsWith("NEUTRAL  perflab ab orderbook: undecided"), out);
        assertTrue(out.contains("OrderBookCancelBenchmark.cancelLast depth=1000: 4 pairs, decides at about "), out);
        assertFalse(out.contains("cancelFirst"), "a row with no change is not listed: " + out);
        assertTrue(out.contains("neither passed nor failed"), out);
        assertTrue(Files.readString(dir.resolve("gate.md")).startsWith("### perflab ab orderbook: undecided"), "the verdict's own table");

        Path noisy = dir.resolve("noisy.json");
        AbReport moved = new AbReport("orderbook", new AbReport.Side("main", "b.jar"), new AbReport.Side("HEAD", "h.jar"), "JDK 17", 0.05,
                0.05, 0.95, 4, List.of(row("cancelLast", false, 80, 81, 79, 80), row("ruler", true, 70, 71, 69, 70)), 60, Steal.UNKNOWN);
        new ObjectMapper().writeValue(noisy.toFile(), moved.json());
        assertEquals(3, gate(noisy), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("NEUTRAL  perflab ab orderbook: noisy"), lab.out.toString());
    }

    @Test
    void whatIsNotAVerdictIsOneLineAndExitTwo() throws Exception {
        Path jmh = Files.writeString(dir.resolve("jmh.json"), "[]");
        Path missing = dir.resolve("missing.json");
        Path good = verdict("same", row("cancelLast", false, 100, 100.4, 99.7, 100.1));
        String[][] cases = {{"gate", "--verdict", jmh.toString()}, {"gate", "--verdict", missing.toString()},
            {"gate", "--verdict", good.toString(), "--results", jmh.toString()}, {"gate", "--verdict", good.toString(), "--markdown", good.toString()}};
        String[] expected = {"--verdict " + jmh + ": not an ab verdict: no \"confidence\" field", "--verdict " + missing + ": no such file",
            "--verdict reads an ab verdict alone: drop --results", "--markdown"};
        for (int i = 0; i < cases.length; i++) {
            lab.clear();
            assertEquals(2, lab.run(cases[i]), String.join(" ", cases[i]) + ": " + lab.out + lab.err);
            String err = lab.err.toString().strip();
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.contains(expected[i]), String.join(" ", cases[i]) + " → " + err);
        }
        assertEquals("{", Files.readString(good).substring(0, 1), "the verdict named as --markdown is not written over");
    }
}
