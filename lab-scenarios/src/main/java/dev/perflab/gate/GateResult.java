package dev.perflab.gate;

/**
 * The outcome of one gate.
 *
 * @param gate      the gate
 * @param passed    whether the measured value meets the threshold
 * @param value     the measured ratio (×) or metric value; NaN when rows were missing
 * @param low       lower end of the value's interval from the JMH errors of the rows involved
 * @param high      upper end (may be infinite)
 * @param unit      "×" for a ratio, else the metric's unit
 * @param threshold the threshold as written, e.g. {@code ≥ 100} or {@code ≤ 1}
 * @param detail    why it failed, or a note (e.g. that the interval straddles the threshold); may be empty
 * @param checked   false when the gate was not checked: it is about a component whose results were not given
 *                  (then {@code passed} is false and {@code detail} says why); such a gate neither passes nor fails
 */
public record GateResult(Gate gate, boolean passed, double value, double low, double high, String unit,
                         String threshold, String detail, boolean checked) {

    /** A checked gate's result. */
    public GateResult(Gate gate, boolean passed, double value, double low, double high, String unit, String threshold, String detail) {
        this(gate, passed, value, low, high, unit, threshold, detail, true);
    }

    static GateResult failure(Gate gate, String threshold, String detail) {
        return new GateResult(gate, false, Double.NaN, Double.NaN, Double.NaN, "", threshold, detail);
    }

    static GateResult notChecked(Gate gate, String threshold, String why) {
        return new GateResult(gate, false, Double.NaN, Double.NaN, Double.NaN, "", threshold, why, false);
    }

    /** Checked and not passed. */
    public boolean failed() {
        return checked && !passed;
    }
}
