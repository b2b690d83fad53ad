package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The interval between forks, and what a table says when there is one fork only. */
class BetweenForksTest {
    private static Row row(String rung, List<List<Double>> forks) {
        double mean = forks.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(0);
        return new Row("b.Ring.deliver", "deliver", Map.of("rung", rung), "thrpt", mean, mean * 0.02, "ops/s", null, "17", "vm",
                Map.of(), forks);
    }

    @Test
    void forksInTwoModesGiveAWideIntervalThatJmhsPooledErrorHides() {
        // each fork flat within itself (JMH's error stays small), two of five forks ×4 slower
        Row modes = row("r4-batched-zero-copy", List.of(List.of(9e6, 9.1e6, 8.9e6), List.of(2.3e6, 2.3e6, 2.2e6),
                List.of(9.2e6, 9e6, 9.1e6), List.of(2.4e6, 2.5e6, 2.4e6), List.of(9e6, 9e6, 9.1e6)));
        BetweenForks between = BetweenForks.of(modes);
        assertEquals(5, between.forks());
        assertTrue(between.relative() > 0.5, "the modes make the interval wide: " + between.cell());
        assertTrue(between.cell().endsWith("(5 forks)"), between.cell());
    }

    @Test
    void forksThatAgreeGiveANarrowInterval() {
        BetweenForks between = BetweenForks.of(row("r4", List.of(List.of(9e6, 9.1e6), List.of(9.05e6, 9e6), List.of(9e6, 9.02e6))));
        assertTrue(between.relative() < 0.05, between.cell());
    }

    @Test
    void aTableWithSeveralForksShowsTheColumnAndOneForkRowsSayUnknown() {
        Row five = row("r4-batched-zero-copy", List.of(List.of(9e6, 9e6), List.of(2.3e6, 2.3e6), List.of(9e6, 9.1e6),
                List.of(2.4e6, 2.4e6), List.of(9e6, 9e6)));
        Row one = row("peer-disruptor", List.of(List.of(6e6, 6e6, 6.1e6)));
        String text = LadderReport.of(List.of(five, one)).text("h");
        assertTrue(text.contains("between forks"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("peer-disruptor") && l.contains("1 fork: unknown")), text);
        assertFalse(text.contains(BetweenForks.ONE_FORK_FOOTNOTE), text);
    }

    @Test
    void aLadderOfOneForkRowsSaysUnderItsTableThatTheSpreadIsUnknown() {
        String text = LadderReport.of(List.of(row("r0-synchronized-window-db", List.of(List.of(2e6, 2e6, 2.1e6))),
                row("r4-batched-zero-copy", List.of(List.of(9e6, 9e6, 9.1e6))))).text("h");
        assertTrue(text.lines().noneMatch(l -> l.strip().startsWith("rung") && l.contains("between forks")), "no column: " + text);
        assertTrue(text.contains(BetweenForks.ONE_FORK_FOOTNOTE), text);
    }
}
