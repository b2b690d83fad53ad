package dev.perflab.report;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How many times better one result is than another, whichever way its unit points: for throughput
 * ({@code ops/s}, {@code ops/ms}, …) higher is better, for time per operation ({@code ns/op}, {@code us/op}, …)
 * lower is better. Results in different time units (ops/ms against ops/s, us/op against ns/op) are converted;
 * a throughput can even be compared with a time per operation. A unit the lab does not know is compared
 * only with the same unit, its direction taken from the JMH mode.
 */
public final class Speedup {
    /** Seconds per time unit: {@link Units}, which also converts and rescales. */
    private static final Map<String, Double> SECONDS = Units.SECONDS;

    private Speedup() {
    }

    /**
     * How many times better {@code candidate} is than {@code base}: above 1 faster, below 1 slower.
     * Empty when the two cannot be compared (unknown or mismatched units, non-positive or NaN scores).
     */
    public static OptionalDouble of(Row base, Row candidate) {
        OptionalDouble b = goodness(base);
        OptionalDouble c = goodness(candidate);
        if (b.isPresent() && c.isPresent()) {
            return ratio(c.getAsDouble(), b.getAsDouble());
        }
        if (base.unit().equals(candidate.unit()) && base.mode().equals(candidate.mode())) {
            return "thrpt".equals(base.mode())
                    ? ratio(candidate.score(), base.score())
                    : ratio(base.score(), candidate.score());
        }
        return OptionalDouble.empty();
    }

    /**
     * The range the speedup can take within both rows' JMH errors: {@code [low, high]}, from the candidate
     * at its worst against the base at its best, to the reverse. {@code low} is 0 and {@code high} infinite
     * where an error reaches the score itself. A row without an error counts as exact.
     */
    public static double[] interval(Row base, Row candidate) {
        double low = of(shifted(base, false), shifted(candidate, true)).orElse(0);
        double high = of(shifted(base, true), shifted(candidate, false)).orElse(Double.POSITIVE_INFINITY);
        return new double[] {low, high};
    }

    /** The row with its score moved to the edge of its error interval, towards worse or towards better. */
    private static Row shifted(Row row, boolean worse) {
        double error = Double.isFinite(row.scoreError()) ? row.scoreError() : 0;
        boolean higherIsBetter = !isTimePerOp(row.unit());
        double score = row.score() + (worse == higherIsBetter ? -error : error);
        return row.withScore(score);
    }

    /** True for units of operations per time ({@code ops/s}), false for anything else. */
    public static boolean isThroughput(String unit) {
        String[] parts = split(unit);
        return parts != null && isOps(parts[0]) && SECONDS.containsKey(parts[1]);
    }

    /** True for units of time per operation ({@code ns/op}), false for anything else. */
    public static boolean isTimePerOp(String unit) {
        String[] parts = split(unit);
        return parts != null && SECONDS.containsKey(parts[0]) && isOps(parts[1]);
    }

    /** Operations per second: a value where higher is better, comparable across time units. */
    private static OptionalDouble goodness(Row row) {
        String[] parts = split(row.unit());
        if (isThroughput(row.unit())) {
            return OptionalDouble.of(row.score() / SECONDS.get(parts[1]));
        }
        if (isTimePerOp(row.unit())) {
            return OptionalDouble.of(1.0 / (row.score() * SECONDS.get(parts[0])));
        }
        return OptionalDouble.empty();
    }

    private static OptionalDouble ratio(double numerator, double denominator) {
        double r = numerator / denominator;
        boolean usable = numerator > 0 && denominator > 0 && Double.isFinite(r) && r > 0;
        return usable ? OptionalDouble.of(r) : OptionalDouble.empty();
    }

    private static String[] split(String unit) {
        String[] parts = unit.strip().toLowerCase(Locale.ROOT).split("/");
        return parts.length == 2 ? parts : null;
    }

    private static boolean isOps(String s) {
        return s.equals("op") || s.equals("ops");
    }
}
