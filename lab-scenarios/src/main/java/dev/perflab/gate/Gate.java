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
 */
public sealed interface Gate permits Gate.Ratio, Gate.Bound {
    String name();

    record Ratio(String name, RowSelector numerator, RowSelector denominator, double min) implements Gate {
    }

    record Bound(String name, RowSelector row, String metric, Double min, Double max) implements Gate {
    }
}
