package dev.perflab.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * JMH's units of time: operations per time ({@code ops/s}, {@code ops/ms}, …) and time per operation
 * ({@code s/op}, {@code ns/op}, …), converted within their kind exactly as JMH's {@code -tu} would have written
 * them, and rescaled for people ({@code 0.0000599 s/op} reads {@code 59.9 us/op}). Any other unit ({@code B/op},
 * {@code MB/sec} of a secondary metric, a scenario's own) is its own kind and is never converted.
 */
public final class Units {
    /** Seconds per JMH time unit, with the spellings JMH and the lab's scenarios write. */
    static final Map<String, Double> SECONDS = Map.ofEntries(
            Map.entry("ns", 1e-9), Map.entry("us", 1e-6), Map.entry("µs", 1e-6), Map.entry("μs", 1e-6),
            Map.entry("ms", 1e-3), Map.entry("s", 1.0), Map.entry("sec", 1.0), Map.entry("min", 60.0),
            Map.entry("hr", 3600.0), Map.entry("h", 3600.0), Map.entry("day", 86400.0));
    /** The time units a rescaled value may take, smallest first: JMH's own spellings. */
    private static final List<String> READABLE_TIMES = List.of("ns", "us", "ms", "s");

    private Units() {
    }

    /** The kind of a unit: {@code ops/time}, {@code time/op}, or the unit itself when it is neither. */
    public static String kind(String unit) {
        return Speedup.isThroughput(unit) ? "ops/time" : Speedup.isTimePerOp(unit) ? "time/op" : unit;
    }

    /**
     * {@code value} in {@code from} written in {@code to}: {@code 2 ops/ms} is {@code 2000 ops/s}; {@code 3e-9 s/op}
     * is {@code 3 ns/op}. Empty when the two are of different kinds or either is not a unit of time.
     */
    public static OptionalDouble convert(double value, String from, String to) {
        if (from.equals(to)) {
            return OptionalDouble.of(value);
        }
        String[] f = split(from);
        String[] t = split(to);
        if (f == null || t == null || !kind(from).equals(kind(to))) {
            return OptionalDouble.empty();
        }
        if (Speedup.isThroughput(from)) {
            return OptionalDouble.of(value * SECONDS.get(t[1]) / SECONDS.get(f[1]));
        }
        if (Speedup.isTimePerOp(from)) {
            return OptionalDouble.of(value * SECONDS.get(f[0]) / SECONDS.get(t[0]));
        }
        return OptionalDouble.empty();
    }

    /**
     * The time per operation unit in which {@code largest} (in {@code unit}) reads as a number from 1 to 1,000
     * where it can: {@code 5.99e-5 s/op} gives {@code us/op}. A throughput, or any other unit, is kept: ops/s are
     * what people compare, and a secondary metric's unit is its own.
     */
    public static String readable(double largest, String unit) {
        if (!Speedup.isTimePerOp(unit) || !(largest > 0) || !Double.isFinite(largest)) {
            return unit;
        }
        double seconds = largest * SECONDS.get(split(unit)[0]);
        String best = READABLE_TIMES.get(0);
        for (String t : READABLE_TIMES) {
            if (seconds / SECONDS.get(t) >= 1) {
                best = t;
            }
        }
        return best + "/op";
    }

    private static String[] split(String unit) {
        String[] parts = unit.strip().toLowerCase(Locale.ROOT).split("/");
        return parts.length == 2 ? parts : null;
    }
}
