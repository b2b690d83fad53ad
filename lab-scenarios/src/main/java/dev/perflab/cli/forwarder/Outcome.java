package dev.perflab.cli.forwarder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.JsonNumbers;
import dev.perflab.base.Machine;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.scenario.CeilingInterval;
import dev.perflab.scenario.ClockOffsets;
import dev.perflab.scenario.Conservation;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.RungResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One configuration's run as its roles reported it (their {@code summary} lines, in role order; a missing
 * summary is null: the role crashed), and how {@code ./lab run forwarder} prints and records it.
 *
 * <pre>
 *   r7-zero-copy-gathering  (ring r4-batched-zero-copy)
 *     stage                        MB/s     messages/s  % iperf3  % fan-out
 *     simulator send / forwarder receive / forwarder send (all) / each client's receive
 *     forwarder send ÷ receive ×2.9 (K = 3 clients)
 *     client table: received, gaps, duplicates, reorderings, complete
 *     late joiner: joined at N of M published (day live), caught up in T ms (H from history)
 *     latency per on-time client, and the platform hiccups in its JVM meanwhile (--rate) · cpu · goals: met / not met, one line
 * </pre>
 *
 * @param summaries  each role's summary by process name (forwarder, simulator, client-1, client-2, late)
 * @param clients    the client processes' names, the late joiner last
 * @param day        messages in the day
 * @param cpuPercent CPU of every role over the configuration, as a share of all cores
 * @param errors     every role's error lines, each prefixed by its process's name
 */
record Outcome(Map<String, ObjectNode> summaries, List<String> clients, long day, double cpuPercent, List<String> errors) {
    /** A client summary's publish → client latencies, µs. */
    static final String LATENCY = "latency_us";
    /** A client summary's platform hiccups over the same day, µs. */
    static final String HICCUPS = "hiccups_us";

    double number(String role, String field) {
        ObjectNode s = summaries.get(role);
        return s == null || !s.hasNonNull(field) ? Double.NaN : s.get(field).asDouble();
    }

    long count(String role, String field) {
        ObjectNode s = summaries.get(role);
        return s == null || !s.hasNonNull(field) ? Conservation.MISSING : s.get(field).asLong();
    }

    long sum(String field) {
        long total = 0;
        for (String c : clients) {
            long n = count(c, field);
            if (n < 0) {
                return Conservation.MISSING;
            }
            total += n;
        }
        return total;
    }

    boolean complete(String client) {
        return summaries.get(client) != null && summaries.get(client).path("complete").asBoolean();
    }

    /** The late joiner's session as the forwarder reported it, or a missing node. */
    private JsonNode lateSession() {
        ObjectNode f = summaries.get("forwarder");
        if (f != null) {
            for (JsonNode c : f.path("clients")) {
                if (c.path("name").asText().equals(ForwarderScenario.LATE)) {
                    return c;
                }
            }
        }
        return MissingNode.getInstance();
    }

    /** The late joiner's catch-up as the forwarder measured it, in ms, or NaN. */
    double lateCatchUpMillis() {
        return lateSession().path("catch_up_ms").isNumber() ? lateSession().path("catch_up_ms").asDouble() : Double.NaN;
    }

    long latePublishedAtJoin() {
        return lateSession().path("published_at_join").asLong(-1);
    }

    long lateHistoryReads() {
        return lateSession().path("history_reads").asLong(-1);
    }

    /** The forwarder joined the late client while the Simulator was still sending. */
    boolean lateLive() {
        return lateSession().path("joined_live").asBoolean(false);
    }

    double receiveMb() {
        return number("forwarder", "mb_per_s");
    }

    double sendMb() {
        return number("forwarder", "send_mb_per_s");
    }

    double sendReceiveRatio() {
        return sendMb() / receiveMb();
    }

    /** The on-time clients' worst latency percentile in µs (paced runs), or NaN; the late joiner's backlog is by design. */
    double worstLatency(String percentile) {
        return worstOnTime(LATENCY, percentile);
    }

    /** Of the on-time clients' summaries, the worst {@code percentile} of the µs figures under {@code field}, or NaN. */
    private double worstOnTime(String field, String percentile) {
        double worst = Double.NaN;
        for (String c : clients) {
            ObjectNode s = summaries.get(c);
            if (!c.equals(ForwarderScenario.LATE) && s != null && s.path(field).path(percentile).isNumber()) {
                double v = s.path(field).path(percentile).asDouble();
                worst = Double.isNaN(worst) ? v : Math.max(worst, v);
            }
        }
        return worst;
    }

    boolean allComplete() {
        return clients.stream().allMatch(this::complete) && sum("gaps") == 0 && sum("duplicates") == 0 && sum("reorderings") == 0;
    }

    private static String percentOf(double mb, double ceiling, boolean measured) {
        return measured && !Double.isNaN(mb) ? String.format("%.1f", 100 * mb / ceiling) : "-";
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }

    /** One line: each goal of the ladder, its figure and whether this configuration met it. */
    String goals(ForwarderScenario.Ceilings ceilings, long rate) {
        return goals(ceilings, rate, receiveMb());
    }

    /** The goals' verdicts with {@code receive} as the forwarder's receive MB/s (over several days, their mean). */
    String goals(ForwarderScenario.Ceilings ceilings, long rate, double receive) {
        List<String> parts = new ArrayList<>();
        if (rate > 0) {
            parts.add(String.format("receive %.1f MB/s, the paced Simulator's rate (the ceiling's goal is for unpaced runs)", receive));
        } else if (ceilings.measured()) {
            CeilingInterval ceiling = ceilings.receiveInterval();
            double goal = ceilings.link() != null ? ForwarderScenario.GOAL_LINK_PERCENT : ForwarderScenario.GOAL_FAN_OUT_PERCENT;
            parts.add(String.format("receive %s of the %s (goal ≥ %.0f%%: %s)", ceiling.describePercent(receive),
                    ceilings.link() != null ? "link" : "fan-out ceiling", goal, ceiling.verdict(receive, goal)));
        } else {
            parts.add("receive: no ceiling measured");
        }
        double ratio = sendReceiveRatio();
        parts.add(String.format("send ÷ receive ×%.2f (goal ≥ ×%.1f: %s)", ratio, ForwarderScenario.GOAL_SEND_RECEIVE_RATIO,
                verdict(ratio >= ForwarderScenario.GOAL_SEND_RECEIVE_RATIO)));
        parts.add(String.format("%d clients complete, late joiner live (%s)", clients.size(), verdict(allComplete() && lateLive())));
        if (rate > 0) {
            double p99 = worstLatency("p99");
            double p999 = worstLatency("p99_9");
            parts.add(String.format("at %,d messages/s p99 %.0f µs (goal ≤ %.0f µs: %s), p99.9 %.0f µs (goal ≤ %.0f µs: %s)", rate, p99,
                    ForwarderScenario.GOAL_P99_MICROS, verdict(p99 <= ForwarderScenario.GOAL_P99_MICROS), p999,
                    ForwarderScenario.GOAL_P999_MICROS, verdict(p999 <= ForwarderScenario.GOAL_P999_MICROS)));
        }
        return String.join(" · ", parts);
    }

    /**
     * Prints the configuration's tables and returns its result.
     *
     * @param clocks per client, the clock offset its latencies carry ({@code --place}); empty on one host
     */
    RungResult print(Entry<ForwarderConfig> config, ForwarderScenario.Ceilings ceilings, long rate, Map<String, ClockOffsets.Pair> clocks,
                     PrintWriter console) {
        List<Object> stages = new ArrayList<>(List.of("sent", count("simulator", "sent"), "stored", count("forwarder", "received")));
        clients.forEach(c -> stages.addAll(List.of(c, count(c, "received"))));
        Conservation counts = Conservation.of(stages.toArray());
        List<String> problems = new ArrayList<>(errors);
        if (!counts.holds()) {
            problems.add(counts.problem());
        }
        console.println();
        console.printf("%s  (ring %s)%n", config.id(), config.factory().ringRung());
        boolean link = ceilings.link() != null;
        String socketColumn = link ? "% link" : ceilings.measured() ? "% iperf3" : "% ceiling";
        console.println(String.format("  %-22s %10s %14s %9s %10s", "stage", "MB/s", "messages/s", socketColumn, ceilings.receiveColumn()));
        stage(console, "simulator send", number("simulator", "mb_per_s"), number("simulator", "messages_per_s"), ceilings, false, true);
        stage(console, "forwarder receive", receiveMb(), number("forwarder", "messages_per_s"), ceilings, !link, true);
        stage(console, "forwarder send (all)", sendMb(), Double.NaN, ceilings, false, !link);
        for (String c : clients) {
            stage(console, c + " receive", number(c, "mb_per_s"), number(c, "messages_per_s"), ceilings, false, !link);
        }
        console.printf("  forwarder send ÷ receive: ×%.2f (K = %d clients)%n", sendReceiveRatio(), clients.size());
        console.println(String.format("  %-22s %12s %8s %11s %12s %9s", "client", "received", "gaps", "duplicates", "reorderings", "complete"));
        for (String c : clients) {
            console.println(String.format("  %-22s %,12d %,8d %,11d %,12d %9s", c, count(c, "received"), count(c, "gaps"),
                    count(c, "duplicates"), count(c, "reorderings"), complete(c)));
        }
        double catchUp = lateCatchUpMillis();
        console.printf("  late joiner: joined when %,d of %,d messages were published%s; caught up with them in %s (%,d read from history)%n",
                latePublishedAtJoin(), day, lateLive() ? ", the day live" : ", after the day ended", ForwarderScenario.millis(catchUp),
                lateHistoryReads());
        for (String c : clients) {
            ObjectNode s = summaries.get(c);
            JsonNode l = s == null ? MissingNode.getInstance() : s.path("latency_us");
            if (l.isObject()) {
                console.printf("  latency %-13s p50 %.1f µs · p99 %.1f µs · p99.9 %.1f µs · max %.1f µs (publish → client, from intended send time%s)%n",
                        c, l.path("p50").asDouble(), l.path("p99").asDouble(), l.path("p99_9").asDouble(), l.path("max").asDouble(),
                        clocks.containsKey(c) ? "; clock " + clocks.get(c).describe() : "");
            }
            JsonNode h = s == null ? MissingNode.getInstance() : s.path("hiccups_us");
            if (h.isObject()) {
                console.printf("  hiccups %-13s p50 %.1f µs · p99 %.1f µs · p99.9 %.1f µs · max %.1f µs (a thread sleeping 1 ms in the client's JVM, meanwhile)%n",
                        c, h.path("p50").asDouble(), h.path("p99").asDouble(), h.path("p99_9").asDouble(), h.path("max").asDouble());
            }
        }
        console.printf("  cpu %.1f%% of %d cores%n", cpuPercent, Machine.cores());
        console.printf("  goals: %s%n", goals(ceilings, rate));
        problems.forEach(e -> console.println("    " + e));
        console.flush();
        return new RungResult(config.id(), config.kind() == Kind.EXHIBIT, receiveMb(), counts, cpuPercent, problems, allComplete(),
                extra(ceilings, clocks));
    }

    /**
     * Of the clients' clock offsets, the one that can be farthest off (|offset| + its bound): what the row's
     * {@code clockOffset} reports beside the worst client's latency (score the offset, error its bound, µs).
     */
    private static Optional<ClockOffsets.Pair> farthestClock(Map<String, ClockOffsets.Pair> clocks) {
        return clocks.values().stream().max(Comparator.comparingLong(p -> Math.abs(p.nanos()) + p.uncertaintyNanos()));
    }

    private Map<String, JmhRows.Metric> extra(ForwarderScenario.Ceilings ceilings, Map<String, ClockOffsets.Pair> clocks) {
        Map<String, JmhRows.Metric> extra = new LinkedHashMap<>();
        extra.put("gaps", JmhRows.Metric.single(sum("gaps"), "ops"));
        extra.put("duplicates", JmhRows.Metric.single(sum("duplicates"), "ops"));
        extra.put("reorderings", JmhRows.Metric.single(sum("reorderings"), "ops"));
        extra.put("lateComplete", JmhRows.Metric.single(complete(ForwarderScenario.LATE) ? 1 : 0, "bool"));
        extra.put("lateLive", JmhRows.Metric.single(lateLive() ? 1 : 0, "bool"));
        extra.put("lateCatchUp", JmhRows.Metric.single(lateCatchUpMillis(), "ms"));
        extra.put("simulatorSend", JmhRows.Metric.single(number("simulator", "mb_per_s"), "MB/s"));
        extra.put("forwarderSend", JmhRows.Metric.single(sendMb(), "MB/s"));
        extra.put("sendReceiveRatio", JmhRows.Metric.single(sendReceiveRatio(), "x"));
        extra.put("messagesPerSecond", JmhRows.Metric.single(number("forwarder", "messages_per_s"), "ops/s"));
        extra.put("ceiling", JmhRows.Metric.single(ceilings.measured() ? 100 * receiveMb() / ceilings.socket() : Double.NaN, "%"));
        extra.put("fanOutCeiling", JmhRows.Metric.single(ceilings.measured() ? 100 * receiveMb() / ceilings.receive() : Double.NaN, "%"));
        if (!Double.isNaN(worstLatency("p50"))) {
            extra.put("latencyP50", JmhRows.Metric.single(worstLatency("p50"), "us"));
            extra.put("latencyP99", JmhRows.Metric.single(worstLatency("p99"), "us"));
            extra.put("latencyP999", JmhRows.Metric.single(worstLatency("p99_9"), "us"));
            extra.put("latencyMax", JmhRows.Metric.single(worstLatency("max"), "us"));
            if (!Double.isNaN(worstOnTime(HICCUPS, "p99"))) {
                extra.put("hiccupP99", JmhRows.Metric.single(worstOnTime(HICCUPS, "p99"), "us"));
                extra.put("hiccupP999", JmhRows.Metric.single(worstOnTime(HICCUPS, "p99_9"), "us"));
                extra.put("hiccupMax", JmhRows.Metric.single(worstOnTime(HICCUPS, "max"), "us"));
            }
            farthestClock(clocks).ifPresent(p -> extra.put("clockOffset",
                    JmhRows.Metric.oneFork(p.nanos() / 1e3, p.uncertaintyNanos() / 1e3, "us", List.of(p.nanos() / 1e3))));
        }
        return extra;
    }

    /**
     * One stage's row: its share of the socket's ceiling where it crosses what the ceiling measures (across a link only
     * the Simulator's send and the forwarder's receive do), and, for the forwarder's receive on loopback, of the
     * fan-out ceiling.
     */
    private static void stage(PrintWriter console, String name, double mb, double messages, ForwarderScenario.Ceilings ceilings,
                              boolean fanOut, boolean crossesCeiling) {
        console.println(String.format("  %-22s %10s %14s %9s %10s", name, Double.isNaN(mb) ? "-" : String.format("%,.1f", mb),
                Double.isNaN(messages) ? "-" : String.format("%,.0f", messages),
                crossesCeiling ? percentOf(mb, ceilings.socket(), ceilings.measured()) : "-",
                fanOut ? percentOf(mb, ceilings.receive(), ceilings.measured()) : ""));
    }

    ObjectNode json(Entry<ForwarderConfig> config, RungResult result, ForwarderScenario.Ceilings ceilings) {
        ObjectNode n = new ObjectMapper().createObjectNode();
        n.put("rung", config.id());
        n.put("ring", config.factory().ringRung());
        n.put("exhibit", result.exhibit());
        n.put("correct", result.correct());
        JsonNumbers.put(n, "cpu_percent", cpuPercent);
        ObjectNode stages = n.putObject("stages_mb_per_s");
        JsonNumbers.put(stages, "simulator_send", number("simulator", "mb_per_s"));
        JsonNumbers.put(stages, "forwarder_receive", receiveMb());
        JsonNumbers.put(stages, "forwarder_send", sendMb());
        JsonNumbers.put(n, "forwarder_messages_per_s", number("forwarder", "messages_per_s"));
        JsonNumbers.put(n, "ceiling_percent", ceilings.measured() ? 100 * receiveMb() / ceilings.socket() : Double.NaN);
        JsonNumbers.put(n, "fan_out_percent", ceilings.measured() ? 100 * receiveMb() / ceilings.receive() : Double.NaN);
        JsonNumbers.put(n, "send_receive_ratio", sendReceiveRatio());
        JsonNumbers.put(n, "late_catch_up_ms", lateCatchUpMillis());
        n.put("late_published_at_join", latePublishedAtJoin());
        n.put("late_history_reads", lateHistoryReads());
        n.put("late_live", lateLive());
        ArrayNode out = n.putArray("clients");
        for (String c : clients) {
            ObjectNode s = summaries.get(c);
            out.add(s == null ? new ObjectMapper().createObjectNode().put("name", c).put("error", "no summary") : s);
        }
        n.set("forwarder", summaries.get("forwarder"));
        n.set("simulator", summaries.get("simulator"));
        ArrayNode errs = n.putArray("errors");
        result.errors().forEach(errs::add);
        return n;
    }
}
