package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code --find-max}: the highest rate whose intended latency meets an SLO. Each trial is a child JVM;
 * a trial passes when the SLO's percentile is at or under its threshold and every command ran (a run
 * that hit its deadline has not-run commands and fails whatever its percentiles say). The search itself
 * is {@link RateSearch}. Exit 1 when not even the lowest rate tried passes.
 */
final class FindMax {
    private FindMax() {
    }

    static int run(ChildRun base, Slo slo, PrintWriter out, Path json) throws IOException, InterruptedException {
        out.println(LatencyCommand.header(base));
        out.printf(Locale.ROOT, "find-max: %s · SLO %s ≤ %s µs (intended) · start %,.0f commands/s · %s s per trial"
                        + " after %s s warm-up%n", base.rung(), slo.percentileLabel(), fmt(slo.thresholdMicros()),
                base.rate(), LatencyCommand.trim(base.seconds()), LatencyCommand.trim(base.warmup()));
        out.flush();
        ArrayNode trials = new ObjectMapper().createArrayNode();
        RateSearch.Outcome outcome = RateSearch.run(base.rate(), LatencyCommand.MAX_RATE,
                rate -> trial(base.withRate(rate), slo, out, trials));
        printOutcome(outcome, slo, out);
        LatencyCommand.writeJson(toJson(base, slo, outcome, trials), json, out);
        return outcome.anyPassed() ? 0 : LabException.CHECK_FAILED;
    }

    private static boolean trial(ChildRun run, Slo slo, PrintWriter out, ArrayNode trials)
            throws IOException, InterruptedException {
        out.printf(Locale.ROOT, "trial %d: %,.0f commands/s%n", trials.size() + 1, run.rate());
        out.flush();
        JsonNode result = LatencyChildLauncher.run(run, out);
        JsonNode measured = result.path("modes").path("intended").path(slo.jsonKey());
        long notRun = result.path("not_run").asLong();
        boolean pass = notRun == 0 && measured.isNumber() && measured.asDouble() <= slo.thresholdMicros();
        out.printf(Locale.ROOT, "trial %d: %,.0f commands/s → %s %s µs (achieved %s commands/s%s)  %s%n",
                trials.size() + 1, run.rate(), slo.percentileLabel(), ResultText.micros(measured),
                ResultText.rate(result.path("achieved_rate_per_s")),
                notRun > 0 ? String.format(Locale.ROOT, ", %,d NOT RUN", notRun) : "", pass ? "PASS" : "FAIL");
        out.flush();
        ObjectNode row = trials.addObject();
        row.put("rate_per_s", run.rate());
        row.set("measured_us", measured.isNumber() ? measured : null);
        row.put("not_run", notRun);
        row.put("pass", pass);
        row.set("result", result);
        return pass;
    }

    private static void printOutcome(RateSearch.Outcome outcome, Slo slo, PrintWriter out) {
        out.println();
        if (!outcome.anyPassed()) {
            out.printf(Locale.ROOT, "no rate met %s ≤ %s µs; the lowest tried, %,.0f commands/s, failed%n",
                    slo.percentileLabel(), fmt(slo.thresholdMicros()), outcome.lowestFail());
        } else if (Double.isNaN(outcome.lowestFail())) {
            out.printf(Locale.ROOT, "highest rate meeting %s ≤ %s µs: %,.0f commands/s — the harness's limit; no rate failed%n",
                    slo.percentileLabel(), fmt(slo.thresholdMicros()), outcome.highestPass());
        } else {
            out.printf(Locale.ROOT, "highest rate meeting %s ≤ %s µs: %,.0f commands/s (resolution %,.0f commands/s:"
                            + " %,.0f failed)%n", slo.percentileLabel(), fmt(slo.thresholdMicros()),
                    outcome.highestPass(), outcome.resolution(), outcome.lowestFail());
        }
        out.flush();
    }

    private static ObjectNode toJson(ChildRun base, Slo slo, RateSearch.Outcome outcome, ArrayNode trials) {
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("experiment", "find-max");
        root.put("header", Machine.header());
        root.put("rung", base.rung());
        root.put("slo", slo.text());
        putRate(root, "highest_pass_per_s", outcome.highestPass());
        putRate(root, "lowest_fail_per_s", outcome.lowestFail());
        root.set("trials", trials);
        return root;
    }

    private static void putRate(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static String fmt(double micros) {
        return String.format(Locale.ROOT, "%,.1f", micros);
    }
}
