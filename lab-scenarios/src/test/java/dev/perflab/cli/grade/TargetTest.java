package dev.perflab.cli.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ab.ForkResult;
import dev.perflab.report.Row;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The grade's verdicts from given forks (no JMH run): PASS only when the whole interval clears the target's bound,
 * NOT YET when the whole interval misses it, UNDECIDED when it straddles it, and the figure and the smallest
 * difference the pairs tell apart in every line.
 */
class TargetTest {
    private static final String CANCEL = "dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast";
    private static final Target.Within WITHIN = new Target.Within("r2-intrusive-list", 1.2, CANCEL, Map.of("depth", "1000"), "look at B/op");
    private static final Target.Flat FLAT = new Target.Flat("depth", "1", "1000", 1.5, CANCEL, Map.of(), "something walks the level");

    /** Forks of each of the target's two rows, round by round, with these throughputs (ops/s). */
    private static Map<GradeRow, List<Optional<ForkResult>>> forks(Target target, double[] base, double[] head) {
        List<GradeRow> rows = target.rows("student");
        Map<GradeRow, List<Optional<ForkResult>>> forks = new LinkedHashMap<>();
        forks.put(rows.get(0), scores(rows.get(0), base, 0.0));
        forks.put(rows.get(1), scores(rows.get(1), head, 0.0));
        return forks;
    }

    private static List<Optional<ForkResult>> scores(GradeRow row, double[] scores, double bytes) {
        List<Optional<ForkResult>> forks = new ArrayList<>();
        for (double s : scores) {
            Row r = new Row(row.benchmark(), "cancelLast", row.params(), "thrpt", s, 0, "ops/s", bytes, "17", "vm", Map.of());
            forks.add(Optional.of(new ForkResult(r, 1, List.of(s), Path.of("fork.json"))));
        }
        return forks;
    }

    @Test
    void aRungAsFastAsTheReferencePassesWithItsFigureAndResolution() {
        Target.Judgement j = WITHIN.judge("student", forks(WITHIN, new double[] {10e6, 11e6, 10.5e6, 9.8e6},
                new double[] {10.1e6, 10.8e6, 10.6e6, 9.9e6}), 0.95);
        assertEquals(Target.Verdict.PASS, j.verdict(), j.line());
        assertTrue(j.line().startsWith("PASS      within ×1.2 of r2-intrusive-list (cancelLast depth=1000): student at ×1"), j.line());
        assertTrue(j.line().contains("over 4 pairs of forks; they tell apart a difference of "), j.line());
    }

    @Test
    void aRungWellBelowTheBoundIsNotYetWithTheHint() {
        Target.Judgement j = FLAT.judge("student", forks(FLAT, new double[] {10e6, 11e6, 10.5e6}, new double[] {0.1e6, 0.12e6, 0.1e6}), 0.95);
        assertEquals(Target.Verdict.NOT_YET, j.verdict(), j.line());
        assertTrue(j.line().contains("student at depth 1000 runs at ×0.01 its speed at depth 1"), j.line());
        assertTrue(j.line().endsWith("\n          something walks the level"), j.line());
    }

    /** An interval across the bound: the pairs cannot tell, and the grade says so rather than PASS. */
    @Test
    void anIntervalAcrossTheBoundIsUndecided() {
        Target.Judgement j = WITHIN.judge("student", forks(WITHIN, new double[] {10e6, 10e6, 10e6},
                new double[] {6e6, 11e6, 8e6}), 0.95);
        assertEquals(Target.Verdict.UNDECIDED, j.verdict(), j.line());
    }

    @Test
    void fewerThanTwoCompleteRoundsAreUndecided() {
        Map<GradeRow, List<Optional<ForkResult>>> forks = forks(WITHIN, new double[] {10e6, 10e6}, new double[] {10e6, 10e6});
        forks.get(WITHIN.rows("student").get(1)).set(1, Optional.empty());
        assertEquals(Target.Verdict.UNDECIDED, WITHIN.judge("student", forks, 0.95).verdict());
    }

    @Test
    void allocationIsJudgedOnTheForkThatAllocatedMost() {
        Target.NoAllocation none = new Target.NoAllocation(1.0, CANCEL, Map.of("depth", "1000"), "a boxed key");
        GradeRow row = none.rows("student").get(0);
        List<Optional<ForkResult>> clean = scores(row, new double[] {1, 1}, 0.02);
        assertEquals(Target.Verdict.PASS, none.judge("student", Map.of(row, clean), 0.95).verdict());
        List<Optional<ForkResult>> mixed = new ArrayList<>(clean);
        mixed.addAll(scores(row, new double[] {1}, 24.0));
        Target.Judgement j = none.judge("student", Map.of(row, mixed), 0.95);
        assertEquals(Target.Verdict.NOT_YET, j.verdict());
        assertTrue(j.figure().equals("student allocates 24 B/op (the most of 3 forks)"), j.figure());
    }

    @Test
    void theExercisesVerdictIsItsWorstTarget() {
        assertEquals(Target.Verdict.NOT_YET, Target.Verdict.of(List.of(Target.Verdict.PASS, Target.Verdict.UNDECIDED, Target.Verdict.NOT_YET)));
        assertEquals(Target.Verdict.UNDECIDED, Target.Verdict.of(List.of(Target.Verdict.PASS, Target.Verdict.UNDECIDED)));
        assertEquals(Target.Verdict.PASS, Target.Verdict.of(List.of(Target.Verdict.PASS, Target.Verdict.PASS)));
    }

    /** Any two rows alternate which runs first, round by round. */
    @Test
    void everyOtherRoundRunsTheRowsInReverse() {
        assertEquals(List.of("a", "b", "c"), GradeRounds.order(List.of("a", "b", "c"), 0));
        assertEquals(List.of("c", "b", "a"), GradeRounds.order(List.of("a", "b", "c"), 1));
        assertEquals(List.of("a", "b", "c"), GradeRounds.order(List.of("a", "b", "c"), 2));
    }

    @Test
    void theOrderBooksExerciseMeasuresThreeRows() {
        assertEquals(List.of("cancelLast depth=1000 rung=r2-intrusive-list", "cancelLast depth=1000 rung=student",
                "cancelLast rung=student depth=1"), Exercises.ORDERBOOK.rows().stream().map(GradeRow::label).toList());
    }

    /**
     * A source of rounds from given throughputs: the reference row at 10M ops/s, the learner's at {@code learner}
     * times that with an alternating spread of {@code spread}, its depth-1 row ×1.2 its depth-1000 speed.
     */
    private static RoundSource rounds(double learner, double spread, List<Integer> asked) {
        return (forks, rounds) -> {
            asked.add(rounds);
            List<GradeRow> rows = Exercises.ORDERBOOK.rows();
            for (int round = forks.get(rows.get(0)).size(); round < rounds; round++) {
                double wobble = 1 + (round % 2 == 0 ? spread : -spread) * (1 + round % 3) / 2;
                forks.get(rows.get(0)).addAll(scores(rows.get(0), new double[] {10e6}, 0));
                forks.get(rows.get(1)).addAll(scores(rows.get(1), new double[] {10e6 * learner * wobble}, 0));
                forks.get(rows.get(2)).addAll(scores(rows.get(2), new double[] {1.2 * 10e6 * learner}, 0));
            }
            return forks;
        };
    }

    /** A grade that cannot tell at 6 rounds gets rounds to the next look, and stops at the look that decides. */
    @Test
    void anUndecidedGradeGetsMoreRoundsUntilALookDecides() throws Exception {
        dev.perflab.ab.Looks looks = GradeCommand.looks(null, false);
        assertEquals(List.of(6, 12, 24), looks.pairs());
        java.io.StringWriter said = new java.io.StringWriter();
        List<Integer> asked = new ArrayList<>();
        // at ×0.92 of r2 with a 6% spread, 6 pairs straddle the ×0.833 bound; more pairs clear it
        GradeCommand.Graded graded = GradeCommand.speed(Exercises.ORDERBOOK, rounds(0.92, 0.06, asked), looks, new java.io.PrintWriter(said));
        assertEquals(Target.Verdict.PASS, graded.verdict(), graded.judgements().toString());
        assertTrue(graded.rounds() > 6, "decided at " + graded.rounds());
        assertEquals(looks.pairs().subList(0, asked.size()), asked);
        assertTrue(said.toString().startsWith("after 6 rounds: within ×1.2 of r2-intrusive-list"), said.toString());
        assertTrue(graded.judgements().get(0).figure().contains("a 98.33% interval"), graded.judgements().get(0).figure());
    }

    /** A grade that is NOT YET at the first look stops there: more rounds cannot make a missed target PASS. */
    @Test
    void aGradeThatIsNotYetStopsAtTheFirstLook() throws Exception {
        List<Integer> asked = new ArrayList<>();
        GradeCommand.Graded graded = GradeCommand.speed(Exercises.ORDERBOOK, rounds(0.5, 0.01, asked), GradeCommand.looks(null, false),
                new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(Target.Verdict.NOT_YET, graded.verdict());
        assertEquals(List.of(6), asked);
    }

    /** A grade on the bound itself stays UNDECIDED through the last look; --rounds N is one look at the plain 95%. */
    @Test
    void aGradeOnTheBoundStaysUndecidedAtTheLastLook() throws Exception {
        List<Integer> asked = new ArrayList<>();
        GradeCommand.Graded graded = GradeCommand.speed(Exercises.ORDERBOOK, rounds(1 / 1.2, 0.05, asked), GradeCommand.looks(null, false),
                new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(Target.Verdict.UNDECIDED, graded.verdict());
        assertEquals(List.of(6, 12, 24), asked);
        assertEquals(24, graded.rounds());
        assertEquals(List.of(5), GradeCommand.looks(5, false).pairs());
        assertEquals(0.95, GradeCommand.looks(5, false).intervalConfidence(), 1e-12);
        assertEquals(List.of(3), GradeCommand.looks(null, true).pairs());
    }

    /**
     * A time budget brings the next look forward to the rounds the time left holds (at what a round took so far), and
     * that look is the last; a budget the first look used up stops the grade there; a grade decided in time is not cut.
     */
    @Test
    void aBudgetBringsTheNextLookForwardAndEndsTheLooks() throws Exception {
        long[] now = {0};
        List<Integer> asked = new ArrayList<>();
        java.io.StringWriter said = new java.io.StringWriter();
        // rounds of 20 s each, on the bound, so every look is UNDECIDED: 6 rounds take 120 s, and 200 s leave 80 s, 4 rounds
        GradeCommand.Graded graded = GradeCommand.speed(Exercises.ORDERBOOK, timed(rounds(1 / 1.2, 0.05, asked), now), GradeCommand.looks(null, false),
                200, () -> now[0], new java.io.PrintWriter(said));
        assertEquals(List.of(6, 10), asked);
        assertEquals(10, graded.rounds());
        assertTrue(graded.cut());
        assertEquals(Target.Verdict.UNDECIDED, graded.verdict());
        assertTrue(said.toString().contains("4 more rounds, to 10 (the budget left, 1 min 20 s, holds 4 of the 6 rounds to the next look;"
                + " this look is the last)"), said.toString());
        assertTrue(graded.judgements().get(0).figure().contains("a 98.33% interval"), graded.judgements().get(0).figure());

        now[0] = 0;
        asked.clear();
        said.getBuffer().setLength(0);
        graded = GradeCommand.speed(Exercises.ORDERBOOK, timed(rounds(1 / 1.2, 0.05, asked), now), GradeCommand.looks(null, false),
                130, () -> now[0], new java.io.PrintWriter(said));
        assertEquals(List.of(6), asked);
        assertTrue(graded.cut());
        assertTrue(said.toString().contains("the budget left, 10 s of 2 min 10 s, holds no more round (one takes about 20 s)"), said.toString());

        now[0] = 0;
        asked.clear();
        graded = GradeCommand.speed(Exercises.ORDERBOOK, timed(rounds(0.92, 0.06, asked), now), GradeCommand.looks(null, false),
                3600, () -> now[0], new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(Target.Verdict.PASS, graded.verdict());
        assertTrue(!graded.cut() && graded.rounds() > 6, "decided at " + graded.rounds());
    }

    /** {@code source}, with {@code now} moved on 20 s (in nanoseconds) for every round it adds. */
    private static RoundSource timed(RoundSource source, long[] now) {
        return (forks, rounds) -> {
            int before = forks.get(Exercises.ORDERBOOK.rows().get(0)).size();
            Map<GradeRow, List<Optional<ForkResult>>> more = source.more(forks, rounds);
            now[0] += (rounds - before) * 20_000_000_000L;
            return more;
        };
    }

    /**
     * A fork of the learner's rung stopped for its time (the shipped kv mystery: minutes a shot where r2 takes a fraction
     * of a second) makes every target of its row NOT YET at once, with what the forks took; no look comes after it.
     */
    @Test
    void aForkStoppedForItsTimeIsNotYetAtOnce() throws Exception {
        List<Integer> asked = new ArrayList<>();
        RoundSource inner = rounds(0.92, 0.06, asked);
        GradeRow learner = Exercises.ORDERBOOK.rows().get(1);
        RoundSource stopped = new RoundSource() {
            @Override
            public Map<GradeRow, List<Optional<ForkResult>>> more(Map<GradeRow, List<Optional<ForkResult>>> forks, int rounds)
                    throws java.io.IOException, InterruptedException {
                return inner.more(forks, rounds);
            }

            @Override
            public Optional<RoundSource.OverTime> overTime() {
                return Optional.of(new RoundSource.OverTime(learner, 70, 7));
            }
        };
        GradeCommand.Graded graded = GradeCommand.speed(Exercises.ORDERBOOK, stopped, GradeCommand.looks(null, false),
                new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(Target.Verdict.NOT_YET, graded.verdict());
        assertEquals(List.of(6), asked);
        assertEquals(List.of(Target.Verdict.NOT_YET, Target.Verdict.NOT_YET),
                graded.judgements().stream().map(Target.Judgement::verdict).toList(), "both targets measure the stopped row");
        assertEquals("a fork of cancelLast depth=1000 rung=student was still running after 1 min 10 s, where r2-intrusive-list's"
                + " longest took 7.0 s for the same iterations: it runs at under ×0.1 of r2-intrusive-list's speed, or an operation"
                + " never ends", graded.judgements().get(0).figure());
    }
}
