package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --ratios-only} judges the rung ratios alone: a run from a machine half as fast, every row
 * slower and every ratio the same, is not a regression, and says so rather than listing the rows as
 * regressions while exiting 0.
 */
class CompareRatiosOnlyTest {
    @TempDir
    Path dir;

    /** The trimmed order-book run with every score and error scaled, so each rung's × r0 is unchanged. */
    private Path scaled(Path base, double factor, String rungToSlowAlone) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode rows = json.readTree(base.toFile());
        for (JsonNode row : rows) {
            ObjectNode metric = (ObjectNode) row.get("primaryMetric");
            double f = factor * (row.at("/params/rung").asText().equals(rungToSlowAlone) ? 0.5 : 1);
            metric.put("score", metric.get("score").asDouble() * f);
            metric.put("scoreError", metric.get("scoreError").asDouble() * f);
        }
        Path out = dir.resolve("head-" + factor + "-" + rungToSlowAlone + ".json");
        json.writeValue(out.toFile(), rows);
        return out;
    }

    @Test
    void rowsFromAnotherMachineAreNotRegressionsWithRatiosOnly() throws Exception {
        Path base = Path.of(getClass().getResource("/gate/orderbook-run.json").toURI());
        Path slowerMachine = scaled(base, 0.5, "");
        LabCli lab = new LabCli();
        assertEquals(1, lab.run("compare", base.toString(), slowerMachine.toString()), "rows judged: all regressed");
        assertTrue(lab.out.toString().contains("  regression "), lab.out.toString());

        lab.clear();
        assertEquals(0, lab.run("compare", base.toString(), slowerMachine.toString(), "--ratios-only"), lab.out.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("rows (not judged with --ratios-only"), out);
        assertTrue(out.contains("  slower "), out);
        assertFalse(out.contains("regression "), "no row is called a regression when rows are not judged: " + out);
        assertTrue(out.contains("12 rows, not judged: 12 slower, 0 faster, 0 no change (moved > "), out);

        lab.clear();
        Path tunedSlower = scaled(base, 0.5, "r4-tick-array");
        assertEquals(1, lab.run("compare", base.toString(), tunedSlower.toString(), "--ratios-only"), lab.out.toString());
        assertTrue(lab.out.toString().matches("(?s).*rung ratios: [1-9][0-9]* regressions.*"), "the tuned rung's ratios fell: " + lab.out);
    }
}
