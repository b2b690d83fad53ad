package dev.perflab.cli.grade;

import dev.perflab.base.LabException;
import dev.perflab.orderbook.OrderBookLadder;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every graded exercise and its targets, in one place. Each target is checked to be reachable: the exercise's
 * reference solution (exercises/teacher/reference) passes it and a planted one (exercises/teacher/slow) does not;
 * {@code ./lab grade COMPONENT --rung ID --file FILE} grades a file in the learner's place, and
 * exercises/teacher/README.md lists the commands and what each decides.
 */
final class Exercises {
    private static final String CANCEL = "dev.perflab.bench.orderbook.OrderBookCancelBenchmark";

    /**
     * The order book's cancel: as fast as r2 at the report's depth, and as fast at depth 1,000 as at depth 1. Each
     * cancelLast call is a cancel and the re-add that restores the level, the same work for every rung.
     */
    static final Exercise ORDERBOOK = new Exercise("orderbook", "student",
            "lab-core/src/main/java/dev/perflab/orderbook/StudentBook.java", OrderBookLadder.LADDER.resolve("r2").id(), CANCEL,
            List.of(new Target.Within(OrderBookLadder.LADDER.resolve("r2").id(), 1.2, CANCEL + ".cancelLast", Map.of("depth", "1000"),
                            "a cancel that costs more than r2's at the same depth: look at B/op first (a new object per command:"
                                    + " a snapshot, a boxed key, an iterator), then ./lab profile orderbook --rung r2,student"
                                    + " --benchmark cancelLast --param depth=1000"),
                    new Target.Flat("depth", "1", "1000", 1.5, CANCEL + ".cancelLast", Map.of(),
                            "your cancel still grows with the depth of the level: something walks the level (a scan, a"
                                    + " remove(Object), a rebuilt queue); find the order's node from its id instead")));

    static final List<Exercise> ALL = List.of(ORDERBOOK);

    private Exercises() {
    }

    /**
     * The exercise of a component's rung.
     *
     * @throws LabException (exit 2) naming the graded exercises when there is none
     */
    static Exercise find(String component, String rung) {
        return ALL.stream().filter(e -> e.component().equals(component) && e.rung().equals(rung)).findFirst()
                .orElseThrow(() -> new LabException("no graded exercise " + component + "/" + rung + "; graded: "
                        + ALL.stream().map(Exercise::id).collect(Collectors.joining(", "))));
    }
}
