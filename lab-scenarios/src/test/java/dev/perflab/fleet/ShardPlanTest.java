package dev.perflab.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.gate.Gate;
import dev.perflab.gate.GateFile;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The split on hand-made rows: every row once, gate ties kept, balance by cost, the same split every time. */
class ShardPlanTest {
    private static final String CANCEL = "dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast";

    /** Two ratio gates of ci/gates.yaml's shape: tuned/naive at depth 1000, tuned 1000/tuned 1. */
    private static final List<Gate> GATES = GateFile.parse(new StringReader(String.join("\n",
            "gates:",
            "  - name: tuned beats naive",
            "    ratio:",
            "      numerator:   {benchmark: OrderBookCancelBenchmark.cancelLast, params: {rung: tuned, depth: 1000}}",
            "      denominator: {benchmark: OrderBookCancelBenchmark.cancelLast, params: {rung: naive, depth: 1000}}",
            "    min: 400",
            "  - name: flat",
            "    ratio:",
            "      numerator:   {benchmark: cancelLast, params: {rung: r4, depth: 1000}}",
            "      denominator: {benchmark: cancelLast, params: {rung: tuned, depth: 1}}",
            "    min: 0.5",
            "  - name: a bound ties nothing",
            "    bound: {row: {benchmark: cancelLast, params: {rung: r2, depth: 1}}, max: 1}",
            "")), "gates.yaml").gates();

    private static List<PlannedRow> rows() {
        List<PlannedRow> rows = new ArrayList<>();
        for (String depth : List.of("1", "1000")) {
            for (String rung : List.of("r0-naive", "r1-hash", "r2-level", "r3-list", "r4-pooled", "peer-x")) {
                rows.add(new PlannedRow(CANCEL, Map.of("depth", depth, "rung", rung), 10 + rung.length() + depth.length()));
            }
        }
        return rows;
    }

    @Test
    void everyRowIsInExactlyOneShardForOneToSixShards() {
        List<PlannedRow> rows = rows();
        for (int n = 1; n <= 6; n++) {
            ShardPlan plan = ShardPlan.of(rows, GATES, n, "s");
            List<String> all = new ArrayList<>();
            for (int s = 1; s <= n; s++) {
                plan.rows(s).forEach(r -> all.add(r.key()));
            }
            assertEquals(rows.size(), all.size(), "no row twice, N=" + n);
            assertEquals(rows.stream().map(PlannedRow::key).collect(Collectors.toSet()), new HashSet<>(all), "every row, N=" + n);
        }
    }

    @Test
    void rowsAGateDividesShareAShard() {
        List<PlannedRow> rows = rows();
        for (int n = 2; n <= 6; n++) {
            ShardPlan plan = ShardPlan.of(rows, GATES, n, "s");
            int naive1000 = shardOf(plan, "r0-naive", "1000");
            assertEquals(naive1000, shardOf(plan, "r4-pooled", "1000"), "tuned/naive at depth 1000, N=" + n);
            assertEquals(naive1000, shardOf(plan, "r4-pooled", "1"), "tuned 1000 / tuned 1 joins the same group, N=" + n);
            assertEquals(1, plan.tiedGroups());
            assertEquals(3, plan.tiedRows());
        }
        assertEquals(0, ShardPlan.of(rows, List.of(), 3, "s").tiedRows(), "no gates, no ties");
    }

    private static int shardOf(ShardPlan plan, String rung, String depth) {
        for (int i = 0; i < plan.rows().size(); i++) {
            if (plan.rows().get(i).params().equals(Map.of("rung", rung, "depth", depth))) {
                return plan.shardOf(i);
            }
        }
        throw new AssertionError("no row " + rung + " " + depth);
    }

    @Test
    void theSplitIsTheSameEveryTimeAndDiffersForAnotherCount() {
        ShardPlan a = ShardPlan.of(rows(), GATES, 4, "s");
        ShardPlan b = ShardPlan.of(new ArrayList<>(rows()), GATES, 4, "s");
        assertEquals(a.fingerprint(), b.fingerprint());
        for (int s = 1; s <= 4; s++) {
            assertEquals(a.rows(s), b.rows(s));
        }
        assertNotEquals(a.fingerprint(), ShardPlan.of(rows(), GATES, 3, "s").fingerprint());
    }

    @Test
    void costsAreBalancedLongestFirst() {
        List<PlannedRow> rows = new ArrayList<>();
        for (int cost : new int[] {7, 5, 4, 3, 3, 2}) {
            rows.add(new PlannedRow("b.B.m", Map.of("i", Integer.toString(rows.size())), cost));
        }
        ShardPlan plan = ShardPlan.of(rows, List.of(), 2, "s");
        assertEquals(12, plan.cost(1), "7 + 3 + 2");
        assertEquals(12, plan.cost(2), "5 + 4 + 3");
        assertEquals(1.0, plan.longestOverMean(), 1e-9);
        assertEquals(List.of(rows.get(0), rows.get(3), rows.get(5)), plan.rows(1), "each shard's rows in run order");
    }

    @Test
    void moreShardsThanRowsLeavesSomeEmpty() {
        List<PlannedRow> rows = List.of(PlannedRow.ofScenario("toy", "r0-a"), PlannedRow.ofScenario("toy", "r1-b"));
        ShardPlan plan = ShardPlan.of(rows, List.of(), 4, "rungs");
        Set<Integer> used = new HashSet<>(List.of(plan.shardOf(0), plan.shardOf(1)));
        assertEquals(Set.of(1, 2), used);
        assertTrue(plan.rows(3).isEmpty() && plan.rows(4).isEmpty());
    }

    @Test
    void anEndToEndRunsRowsAreNamedByItsComponent() {
        List<Gate> gates = GateFile.parse(new StringReader(String.join("\n", "gates:", "  - name: tuned beats naive",
                "    ratio:", "      numerator:   {benchmark: toy.endToEnd, params: {rung: tuned}}",
                "      denominator: {benchmark: toy.endToEnd, params: {rung: naive}}", "    min: 2", "")), "g").gates();
        List<PlannedRow> rows = List.of(PlannedRow.ofScenario("toy", "r0-a"), PlannedRow.ofScenario("toy", "r1-b"),
                PlannedRow.ofScenario("toy", "r2-c"), PlannedRow.ofScenario("other", "r0-a"));
        ShardPlan plan = ShardPlan.of(rows, gates, 2, "rungs");
        assertEquals(plan.shardOf(0), plan.shardOf(2), "naive r0 and tuned r2 of toy");
        assertNotEquals(plan.shardOf(0), plan.shardOf(1), "r1 is free to go elsewhere");
        assertTrue(rows.get(0).matches("toy.endToEnd", Map.of("rung", "r0-a")));
        assertTrue(!rows.get(3).matches("toy.endToEnd", Map.of("rung", "r0-a")));
    }
}
