package dev.perflab.gate;

/**
 * One assertion on rows of the same run.
 *
 * <ul>
 *   <li>{@link Ratio}: how many times better {@code numerator} is than {@code denominator} — direction from
 *       the unit (ops/time: higher is better; time/op: lower is better) — must reach {@code min}.</li>
 *   <li>{@link Bound}: one row's metric ({@code primary}, or a secondary such as {@code gc.alloc.rate.norm})
 *       must stay within {@code min} and/or {@code max}, in the metric's own unit.</li>
 * </ul>
 * Either kind may also require {@code steady}: every row it reads must hold still over its measured iterations
 * ({@link dev.perflab.report.Trend}); a row that trends, or has too few iterations to tell, fails the gate.
 */
public sealed interface Gate permits Gate.Ratio, Gate.Bound {
    String name();

    /** Whether every row the gate reads must be steady. */
    boolean steady();

    record Ratio(String name, RowSelector numerator, RowSelector denominator, double min, boolean steady) implements Gate {
        /** A ratio that does not require steady rows. */
        public Ratio(String name, RowSelector numerator, RowSelector denominator, double min) {
            this(name, numerator, denominator, min, false);
        }
    }

    record Bound(String name, RowSelector row, String metric, Double min, Double max, boolean steady) implements Gate {
        /** A bound that does not require a steady row. */
        public Bound(String name, RowSelector row, String metric, Double min, Double max) {
            this(name, row, metric, min, max, false);
        }
    }
}
