package dev.perflab.cli;

import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.report.LadderReport;
import dev.perflab.report.Row;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The first CI gate: a ratio of two rows of the same run, so it holds on any machine. Tuned over naive on
 * {@code cancelLast} at depth 1000 must reach {@link RunCommand#SMOKE_MIN_SPEEDUP}. Missing rows fail.
 */
final class SmokeGate {
    private SmokeGate() {
    }

    static int check(LadderReport report, PrintWriter out) {
        String naive = OrderBookLadder.LADDER.naive().id();
        String tuned = OrderBookLadder.LADDER.tuned().id();
        List<Row> base = report.find("cancelLast", Map.of("rung", naive, "depth", "1000"));
        List<Row> candidate = report.find("cancelLast", Map.of("rung", tuned, "depth", "1000"));
        String name = String.format(Locale.ROOT, "smoke gate: %s / %s on cancelLast at depth 1000 ≥ ×%.0f",
                tuned, naive, RunCommand.SMOKE_MIN_SPEEDUP);
        if (base.size() != 1 || candidate.size() != 1) {
            out.println(name + ": FAIL (rows missing from the results: found " + base.size() + " naive, "
                    + candidate.size() + " tuned)");
            out.flush();
            return LabException.CHECK_FAILED;
        }
        OptionalDouble speedup = LadderReport.speedup(base.get(0), candidate.get(0));
        boolean pass = speedup.isPresent() && speedup.getAsDouble() >= RunCommand.SMOKE_MIN_SPEEDUP;
        out.printf(Locale.ROOT, "%s: measured ×%.1f: %s%n", name, speedup.orElse(Double.NaN), pass ? "PASS" : "FAIL");
        out.flush();
        return pass ? 0 : LabException.CHECK_FAILED;
    }
}
