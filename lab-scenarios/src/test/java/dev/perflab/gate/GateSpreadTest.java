package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A gate's margin in units of its run-to-run spread, from known values. */
class GateSpreadTest {
    private static final Gate.Ratio RATIO = new Gate.Ratio("tuned beats naive ×400",
            new RowSelector("cancelLast", Map.of("rung", "tuned")), new RowSelector("cancelLast", Map.of("rung", "naive")), 400);
    private static final Gate.Bound LOST = new Gate.Bound("loses nothing", new RowSelector("x.endToEnd", Map.of()), "lost", null, 0.0);

    private static List<List<GateResult>> runs(double... ratios) {
        return java.util.Arrays.stream(ratios).mapToObj(v -> List.of(
                new GateResult(RATIO, v >= 400, v, v, v, "×", "≥ 400", ""),
                new GateResult(LOST, true, 0, 0, 0, "ops", "≤ 0", ""))).collect(Collectors.toList());
    }

    @Test
    void theMarginIsInUnitsOfTheSpreadOfTheLogarithm() {
        // ln values 7.0, 7.2, 7.4: median e^7.2 ≈ ×1,339, sd of ln 0.2.
        List<GateSpread.Row> rows = GateSpread.of(runs(Math.exp(7.0), Math.exp(7.2), Math.exp(7.4)));
        GateSpread.Row r = rows.get(0);
        assertEquals(Math.exp(7.2), r.median(), 1e-9);
        assertEquals(0.2, r.logSd(), 1e-12);
        String md = GateSpread.markdown(rows, 3, "header");
        double margin = Math.log(Math.exp(7.2) / 400) / 0.2;
        assertTrue(md.contains(String.format(java.util.Locale.ROOT, "| %.1f sd |", margin)), md);
        assertTrue(md.contains("| a ×3.35 fall |"), md);
        assertTrue(md.contains("| " + GateEvaluator.format(Math.exp(7.0)) + " – " + GateEvaluator.format(Math.exp(7.4)) + " |"), md);
        assertTrue(md.contains("| ≥ " + GateEvaluator.format(Math.exp(7.2 - GateSpread.Z_ONE_PERCENT * 0.2)) + " |"), md);
        assertTrue(md.contains("| loses nothing | ≤ 0.00 | 0.00 | 0.00 – 0.00 | exact (a count) | – | any loss or error | – | 0 of 3 |"), md);
    }

    @Test
    void aYesOrNoCheckIsExactNotAFallOfTimesOne() {
        Gate.Bound exactResult = new Gate.Bound("result is byte-exact", new RowSelector("brick.move", Map.of()), "exact", 1.0, null);
        List<List<GateResult>> runs = java.util.stream.Stream.of(1.0, 1.0, 0.0).map(v -> List.<GateResult>of(
                new GateResult(exactResult, v == 1, v, v, v, "", "≥ 1", ""))).collect(Collectors.toList());
        String md = GateSpread.markdown(GateSpread.of(runs), 3, "header");
        assertTrue(md.contains("| result is byte-exact | ≥ 1 | 1 | 0.00 – 1 | exact (yes or no) | – | any run that says no | – | 1 of 3 |"), md);
    }
}
