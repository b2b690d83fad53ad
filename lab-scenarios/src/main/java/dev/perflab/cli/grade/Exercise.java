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
 * @param cores     the fewest cores on which the cause shows in the targets' rows: with fewer, the shipped rung itself
 *                  meets them, and the grade measures nothing it could tell apart
 */
record Exercise(String component, String rung, String file, String reference, String suite, List<Target> targets, int cores) {
    Exercise {
        targets = List.copyOf(targets);
    }

    /** An exercise whose cause shows on any machine. */
    Exercise(String component, String rung, String file, String reference, String suite, List<Target> targets) {
        this(component, rung, file, reference, suite, targets, 1);
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
