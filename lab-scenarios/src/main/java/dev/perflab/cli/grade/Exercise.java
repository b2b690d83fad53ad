package dev.perflab.cli.grade;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code ./lab grade} needs to know of one exercise: whose rung the learner writes, in which file, against which
 * rung it is measured, and what it must reach.
 *
 * @param component the component, as {@code ./lab list} names it
 * @param rung      the learner's rung id ({@code student}, or a mystery rung's)
 * @param file      the file the learner edits, from the repository's root
 * @param reference the rung the learner's is measured against, in words for the header ({@code r2-intrusive-list})
 * @param suite     the benchmark class whose JMH options (per run length) each fork takes
 * @param targets   every target; all must PASS
 */
record Exercise(String component, String rung, String file, String reference, String suite, List<Target> targets) {
    Exercise {
        targets = List.copyOf(targets);
    }

    /** Every row the targets need, each once, in the order the targets name them. */
    List<GradeRow> rows() {
        Set<GradeRow> rows = new LinkedHashSet<>();
        targets.forEach(t -> rows.addAll(t.rows(rung)));
        return List.copyOf(rows);
    }

    /** {@code orderbook/student}. */
    String id() {
        return component + "/" + rung;
    }
}
