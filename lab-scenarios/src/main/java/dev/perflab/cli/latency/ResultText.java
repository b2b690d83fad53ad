package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.latency.LatencyHarness;
import dev.perflab.latency.TimingMode;
import java.io.PrintWriter;
import java.util.Locale;

/** Prints a child's result JSON for people: a percentile table per mode, then rate and lateness facts. */
final class ResultText {
    private ResultText() {
    }

    static void print(JsonNode result, PrintWriter out) {
        out.printf(Locale.ROOT, "%-10s %11s %11s %11s %11s %11s %11s %11s%n", "latency µs", "p50", "p90", "p99",
                "p99.9", "p99.99", "max", "count");
        JsonNode modes = result.path("modes");
        for (TimingMode mode : TimingMode.values()) {
            JsonNode m = modes.path(mode.id());
            if (!m.isMissingNode()) {
                out.printf(Locale.ROOT, "%-10s %11s %11s %11s %11s %11s %11s %,11d%n", mode.id(),
                        micros(m.path("p50_us")), micros(m.path("p90_us")), micros(m.path("p99_us")),
                        micros(m.path("p99_9_us")), micros(m.path("p99_99_us")), micros(m.path("max_us")),
                        m.path("count").asLong());
            }
        }
        printFacts(result, out);
        out.flush();
    }

    private static void printFacts(JsonNode r, PrintWriter out) {
        long recorded = r.path("recorded").asLong();
        out.printf(Locale.ROOT, "rate: target %,.0f commands/s · achieved %s commands/s%n",
                r.path("target_rate_per_s").asDouble(), rate(r.path("achieved_rate_per_s")));
        out.printf(Locale.ROOT, "late starts: %,d of %,d recorded commands started more than one period late"
                + " · max lateness %s µs%n", r.path("late_starts").asLong(), recorded, micros(r.path("max_lateness_us")));
        out.printf(Locale.ROOT, "sender: %s · platform hiccups (a thread sleeping 1 ms, how late it woke): p99 %s µs"
                        + " · p99.9 %s µs · max %s µs%n", r.path("sender").asText("n/a"),
                micros(r.path("hiccups").path("p99_us")), micros(r.path("hiccups").path("p99_9_us")),
                micros(r.path("hiccups").path("max_us")));
        long notRun = r.path("not_run").asLong();
        out.printf(Locale.ROOT, "not run: %,d%n", notRun);
        if (r.path("threads").asInt() == 2) {
            out.printf(Locale.ROOT, "sender late: %,d commands released more than one period late by the sender"
                    + " (the harness itself fell behind)%n", r.path("sender_late").asLong());
        }
        out.printf(Locale.ROOT, "gc during the run: %,d collections, %,d ms · %s%n",
                r.path("gc_pauses").asLong(), r.path("gc_time_ms").asLong(), endState(r));
        if (notRun > 0) {
            out.println(notRunWarning(notRun));
        }
    }

    /**
     * What the rung held at the end: the book's resting orders, as its workload recorded them; the null rung
     * has no book (it measures the harness alone), and a result without the count says so rather than 0.
     */
    static String endState(JsonNode r) {
        JsonNode book = r.path("book_orders_at_end");
        if (book.isNumber()) {
            return String.format(Locale.ROOT, "book at end: %,d orders", book.asLong());
        }
        return LatencyChild.NULL_RUNG.equals(r.path("rung").asText()) ? "no book (null rung: the harness alone)"
                : "book at end: not recorded";
    }

    static String notRunWarning(long notRun) {
        return String.format(Locale.ROOT, "WARNING: %,d commands NEVER RAN: the book fell so far behind that the run"
                + " hit its deadline (%.0f× the planned time + %.0f s). Every figure above understates the latency;"
                + " lower --rate.", notRun, LatencyHarness.DEADLINE_FACTOR, LatencyHarness.DEADLINE_GRACE_SECONDS);
    }

    static String micros(JsonNode value) {
        return value.isNumber() ? String.format(Locale.ROOT, "%,.1f", value.asDouble()) : "n/a";
    }

    static String rate(JsonNode value) {
        return value.isNumber() ? String.format(Locale.ROOT, "%,.0f", value.asDouble()) : "n/a";
    }
}
