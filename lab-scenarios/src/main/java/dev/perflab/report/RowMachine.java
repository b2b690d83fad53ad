package dev.perflab.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which machine measured a row, and the rule that goes with it: a ratio of two rows is a same-run ratio only when
 * one machine measured both. A merged result set ({@code ./lab merge}) holds rows of several shards, each row
 * carrying its shard's machine in two fields JMH does not write:
 *
 * <pre>
 *   { "benchmark": "…", "params": {…}, "primaryMetric": {…}, …,   JMH's own fields, untouched
 *     "machine": "JDK 17.0.15 (…) · CPU … · 4 cores · host node-a",  the shard's header
 *     "shard": "2/4" }
 * </pre>
 *
 * A row without them was measured on the machine its file's {@code .machine.txt} names ({@link JmhResults#read}),
 * or on an unknown one: rows of unknown machines are never refused, since nothing says they differ.
 */
public final class RowMachine {
    /** A merged row's machine: the header of the shard that measured it. */
    public static final String MACHINE_FIELD = "machine";
    /** A merged row's shard, {@code I/N}. */
    public static final String SHARD_FIELD = "shard";

    private RowMachine() {
    }

    /** True when both rows' machines are known and differ. */
    public static boolean differ(Row a, Row b) {
        return a.machine() != null && b.machine() != null && !a.machine().equals(b.machine());
    }

    /** The distinct known machines of {@code rows}, in order. */
    public static Set<String> of(List<Row> rows) {
        return rows.stream().map(Row::machine).filter(Objects::nonNull).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** {@code 2 machines (A | B)}: how a refusal names them. */
    public static String describe(Set<String> machines) {
        return machines.size() + " machines (" + String.join(" | ", machines) + ")";
    }

    /**
     * The one line for a ratio across machines: what divides what, the machines, and the flag that allows it.
     *
     * @param what   the ratio, e.g. {@code gate 'tuned beats naive'}
     * @param flag   the option that allows it, e.g. {@code --across-machines}
     */
    public static String refusal(String what, Set<String> machines, String flag) {
        return what + " divides rows measured on " + describe(machines) + ": not a same-run ratio; run those rows in one"
                + " shard (./lab run --shard keeps a gate's rows together), or pass " + flag + " to divide them anyway";
    }

    /** The first ladder group whose rows come from more than one machine, as a refusal; empty when there is none. */
    public static Optional<String> acrossMachines(LadderReport report, String flag) {
        for (LadderGroup group : report.groups()) {
            Set<String> machines = of(group.steps().stream().map(Step::row).collect(Collectors.toList()));
            if (group.ladder() && machines.size() > 1) {
                return Optional.of(refusal("the ladder " + group.title() + " (× previous, × r0)", machines, flag));
            }
        }
        return Optional.empty();
    }
}
