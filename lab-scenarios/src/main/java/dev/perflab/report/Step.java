package dev.perflab.report;

import java.util.OptionalDouble;

/**
 * One row of a ladder table with its speedups.
 *
 * @param row    the JMH result
 * @param vsPrev speedup over the previous rung; empty for the first rung, for peers and for rows without a rung
 * @param vsR0   speedup over the ladder's base ({@code r0-…}, else its first rung); empty without a base
 */
public record Step(Row row, OptionalDouble vsPrev, OptionalDouble vsR0) {

    /** What the table's first column shows: the rung or peer id, else the JMH mode. */
    public String label() {
        return row.rung() != null ? row.rung() : row.mode();
    }
}
