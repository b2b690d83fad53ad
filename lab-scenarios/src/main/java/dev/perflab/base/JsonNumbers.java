package dev.perflab.base;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Numbers in the lab's own JSON files: a figure that was not measured (NaN) or has no finite value is
 * {@code null}, never the string {@code "NaN"} Jackson writes by default, so a reader (pandas, a notebook's
 * format string) sees "no value" rather than text where it expects a number. JMH-shaped rows keep JMH's own
 * spelling ({@code "scoreError": "NaN"}), which JMH's readers expect.
 */
public final class JsonNumbers {
    private JsonNumbers() {
    }

    /** {@code node.field = value}, or {@code null} when the value is NaN or infinite. */
    public static ObjectNode put(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
        return node;
    }
}
