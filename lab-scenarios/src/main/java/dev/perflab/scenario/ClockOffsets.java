package dev.perflab.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every host's clock against one reference host's, measured before a placed scenario's rungs run, so that a
 * latency between two hosts (a stamp read on one clock, subtracted on another) is printed with the offset it
 * carries. The reference is the host of the scenario's listening role, which every host reaches.
 *
 * <pre>
 *   reference host:  ./lab clock serve --bind ADDR:0 --probes K     prints 'listening on ADDR:PORT'
 *   each other host: ./lab clock probe --connect ADDR:PORT          summary {offset_ns, uncertainty_ns, …}
 *   a latency from host S (the stamp) to host C (the reading) carries (C − ref) − (S − ref), within the sum of both bounds
 * </pre>
 *
 * Immutable.
 *
 * @param reference the reference host
 * @param offsets   each other host's clock minus the reference's ({@link ClockProbe.Offset} signs: the probe
 *                  measures server − prober, stored here negated)
 */
public record ClockOffsets(String reference, Map<String, ClockProbe.Offset> offsets) {
    public ClockOffsets {
        offsets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(offsets));
    }

    /**
     * A host's clock minus another's.
     *
     * @param nanos            the offset, in ns
     * @param uncertaintyNanos the true offset is within {@code nanos ± uncertaintyNanos}
     */
    public record Pair(String from, String to, long nanos, long uncertaintyNanos) {
        /** {@code hostB − hostA = +1.2 µs ± 20.5 µs}, or {@code one host, one clock} when both are the same. */
        public String describe() {
            if (from.equals(to)) {
                return "same host (" + to + "), one clock: offset 0";
            }
            return String.format(Locale.ROOT, "%s − %s = %+.1f µs ± %.1f µs", to, from, nanos / 1e3, uncertaintyNanos / 1e3);
        }
    }

    /** No other host: every role on the reference's clock. */
    public static ClockOffsets oneHost(String host) {
        return new ClockOffsets(host, Map.of());
    }

    /** {@code to}'s clock minus {@code from}'s: what a latency stamped on {@code from} and read on {@code to} carries. */
    public Pair between(String from, String to) {
        if (from.equals(to)) {
            return new Pair(from, to, 0, 0);
        }
        return new Pair(from, to, minusReference(to) - minusReference(from), bound(to) + bound(from));
    }

    private long minusReference(String host) {
        ClockProbe.Offset o = offsets.get(host);
        return o == null ? 0 : -o.offsetNanos();
    }

    private long bound(String host) {
        ClockProbe.Offset o = offsets.get(host);
        return o == null ? 0 : o.uncertaintyNanos();
    }

    /** One line per measured host, for the run's header. */
    public List<String> describe() {
        if (offsets.isEmpty()) {
            return List.of("clock: one host (" + reference + "), one clock: no offset in any latency");
        }
        List<String> lines = new ArrayList<>();
        offsets.forEach((host, o) -> lines.add(String.format(Locale.ROOT,
                "clock: %s (shortest of %d round trips: %.1f µs, so the offset is known to ± half of it)",
                between(reference, host).describe(), o.samples(), o.roundTripNanos() / 1e3)));
        return lines;
    }

    /**
     * Measures every host of {@code hosts} against the listening host, each probe a {@code ./lab clock probe} on its
     * host and the server a {@code ./lab clock serve} on the reference.
     *
     * @param jvmFlags flags for the probes' JVMs (a crash-log location)
     */
    public static ClockOffsets measure(PlacedHosts hosts, List<String> jvmFlags, Duration timeout) throws IOException, InterruptedException {
        String reference = hosts.listeningHost();
        List<String> others = hosts.placed().distinctHosts().stream().filter(h -> !h.equals(reference)).toList();
        if (others.isEmpty()) {
            return oneHost(reference);
        }
        Map<String, ClockProbe.Offset> offsets = new LinkedHashMap<>();
        try (RoleProcess server = RoleProcess.start("clock server on " + reference, LabCommand.of(hosts.prefixOfHost(reference), jvmFlags,
                List.of("clock", "serve", "--bind", hosts.addressOfHost(reference) + ":0", "--probes", Integer.toString(others.size()))))) {
            String connect = hosts.addressOfHost(reference) + ":" + server.awaitPort(timeout);
            for (String host : others) {
                try (RoleProcess probe = RoleProcess.start("clock probe on " + host, LabCommand.of(hosts.prefixOfHost(host), jvmFlags,
                        List.of("clock", "probe", "--connect", connect, "--samples", Integer.toString(ClockProbe.DEFAULT_SAMPLES))))) {
                    ObjectNode summary = probe.awaitSummary(timeout);
                    if (summary == null || !summary.path("offset_ns").isNumber()) {
                        throw new ScenarioException("the clock probe on " + host + " measured nothing"
                                + (probe.errors().isEmpty() ? "" : ": " + probe.errors().get(probe.errors().size() - 1)));
                    }
                    offsets.put(host, new ClockProbe.Offset(summary.get("offset_ns").asLong(), summary.get("uncertainty_ns").asLong(),
                            summary.get("round_trip_ns").asLong(), summary.get("samples").asInt()));
                }
            }
            server.awaitSummary(timeout);
        }
        return new ClockOffsets(reference, offsets);
    }
}
