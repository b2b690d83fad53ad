package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The calibration table from runs whose verdicts are known. */
class CalibrationTest {
    private static final Map<String, String> TUNED = AbReportTest.params("r4-tick-array", "1000");
    private static final Map<String, String> NAIVE = AbReportTest.params("r0-persistent-scan", "1000");

    private static AbReport run(double tunedScale, double naiveScale, double rulerScale, String planted) {
        return AbReportTest.report(List.of(
                AbReportTest.row(AbReportTest.CANCEL, TUNED, "ops/s", tunedScale, false, planted),
                AbReportTest.row(AbReportTest.CANCEL, NAIVE, "ops/s", naiveScale, false, ""),
                AbReportTest.row(AbReportTest.RULER, Map.of(), "ops/s", rulerScale, true, "")));
    }

    private static Calibration calibration() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        c.add(new Calibration.Run(0, run(1.0, 0.85, 1.0, "")));       // a false positive of the naive row
        c.add(new Calibration.Run(0, run(1.0, 0.85, 0.80, "")));      // noisy: not counted as a false positive
        for (double f : Calibration.PLANTED) {
            String planted = AbRow.percent(f) + " (…)";
            c.add(new Calibration.Run(f, run(f == 0.05 ? 1 / 1.04 : 1 / (1 + f), 1.0, 1.0, planted)));
            c.add(new Calibration.Run(f, run(1 / (1 + f), 1.0, 1.0, planted)));
        }
        return c;
    }

    @Test
    void ratesAreCountedPerRowOverTheRunsNotMarkedNoisy() {
        List<Calibration.RowStats> rows = calibration().rows();
        assertEquals(3, rows.size());
        Calibration.RowStats tuned = rows.get(0);
        assertEquals(2, tuned.aaRuns(), "the noisy A/A run is left out");
        assertEquals(0, tuned.falsePositives());
        assertEquals(1, rows.get(1).falsePositives(), "naive moved 15% in one judged A/A run");
        assertArrayEquals(new int[] {1, 2, 0}, tuned.detected().get(0.05), "5% planted: one run realized 4%, below the threshold");
        assertArrayEquals(new int[] {2, 2, 0}, tuned.detected().get(0.10), "10% planted: both runs");
        assertEquals(Optional.empty(), tuned.smallestDetected(), "2 runs of each kind: too few to say");
        assertEquals(0.10, tuned.realized().get(0.10), 0.01);
        assertTrue(!rows.get(1).planted() && rows.get(2).first().ruler());
        assertEquals(1, rows.get(2).falsePositives(), "the ruler moved in one A/A run");
    }

    private static void assertArrayEquals(int[] expected, int[] actual, String message) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual, message);
    }

    @Test
    void theTableHasARowPerBenchmarkRowAndTheGoalsUnderIt() {
        String md = calibration().markdown();
        assertTrue(md.startsWith("#### orderbook: 3 A/A runs and 2 × 5%, 2 × 10%, 2 × 20% planted\n"), md);
        assertTrue(md.contains("| row | A/A false positives | A/A undecided | 5% detected | 10% detected | 20% detected | smallest change detected"), md);
        assertTrue(md.contains("| OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 | " + new Rate(0, 2) + " | " + new Rate(0, 2) + " | " + new Rate(1, 2) + " (realized "), md);
        assertTrue(md.contains("| not judged: fewer than 20 runs |"), "2 runs of each kind: no smallest change yet: " + md);
        assertTrue(md.contains("| OrderBookCancelBenchmark.cancelLast rung=r0-persistent-scan depth=1000 | " + new Rate(1, 2) + " | " + new Rate(0, 2) + " | – | – | – | – |"), md);
        assertTrue(md.contains("- A/A false positives: 1 of 4 row verdicts (" + new Rate(1, 4).share() + ") over 3 A/A runs; goal ≤ 1%: not judged: 2 judged A/A runs (1 noisy), the goal needs ≥ 20"), md);
        assertTrue(md.contains("\n  - why: OrderBookCancelBenchmark.cancelLast rung=r0-persistent-scan depth=1000 " + new Rate(1, 2) + " false positives"), md);
        assertTrue(md.contains("- planted 10% slowdown detected: 2 of 2 (" + new Rate(2, 2).share() + "); goal ≥ 95%: not judged: 2 runs, the goal needs ≥ 20"), md);
        assertTrue(md.contains("- planted 5% slowdown detected (stretch): 1 of 2 (" + new Rate(1, 2).share() + "); goal ≥ 95%: not judged: 2 runs"), md);
        assertTrue(md.contains("| forks in two modes (inside a fork · between forks) |"), md);
        assertTrue(md.contains("- one ab run of this selection: 2 min 05 s on average"), md);
        assertTrue(md.contains("goal ≤ 15 min: met"), md);
        assertTrue(md.contains("- runs marked noisy (a ruler moved): A/A 1 of 3, 5% 0 of 2, 10% 0 of 2, 20% 0 of 2"), md);
        assertEquals(3, calibration().json().get("rows").size());
    }

    /**
     * Per judged row, the pairs' model ({@link PairsNeeded}) at the spread its A/A runs measured, pooled over them
     * (the root of their mean variance); rulers get no line.
     */
    @Test
    void thePairsTheGoalsNeedComeFromTheSpreadOfTheAaRuns() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        double[][] heads = {{90.0, 110.0, 100.0, 104.0}, {96.0, 108.0, 92.0, 101.0}};
        double variance = 0;
        for (double[] h : heads) {
            List<Double> head = java.util.Arrays.stream(h).boxed().toList();
            PairedRatio ratio = PairedRatio.of(base, head, 0.95);
            variance += ratio.logSd() * ratio.logSd() / heads.length;
            AbRow noisy = new AbRow(AbReportTest.CANCEL, TUNED, "thrpt", "ops/s", ratio, AbVerdict.of(ratio, 0.05, true), false,
                    base, head, 0.02, 0, "");
            c.add(new Calibration.Run(0, AbReportTest.report(List.of(noisy, AbReportTest.RULER_STILL))));
        }
        double sd = Math.sqrt(variance);
        PairsNeeded.Rates four = PairsNeeded.at(4, sd, 0.05, 0.95, 0.10);
        int needed = PairsNeeded.needed(sd, 0.05, 0.95, 0.10, 0.01, 0.95).orElseThrow();
        assertTrue(needed > 4 && four.detected() < 0.95, "a spread the 4 pairs cannot meet the goals at: " + four);
        String md = c.markdown();
        assertTrue(md.contains("\n- pairs the goals need, if each pair's ln(head/base) were an independent normal draw of the spread the A/A"
                + " runs measured (sd pooled over them; threshold 5%, 95% confidence, 10% slowdown;"), md);
        assertTrue(md.contains("\n  - OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 (sd " + AbRow.percent(sd) + "): 4 pairs"
                + " (as its A/A runs took) give A/A " + AbRow.percent(four.falsePositives()) + " false positives and find 10% in " + AbRow.percent(four.detected())
                + " of runs; both goals need " + needed + " pairs; A/A \"no change\" in 90% of runs (the interval inside ±5% at 95%) needs "
                + PairsNeeded.toDecideNoChange(sd, 0.05, 0.95, 0.90).orElseThrow() + " pairs\n"), md);
        assertTrue(md.lines().noneMatch(l -> l.startsWith("  - RulerBenchmark")), md);

        // the quiet rows of the table above: four pairs meet both goals
        assertTrue(calibration().markdown().contains("\n  - OrderBookCancelBenchmark.cancelLast rung=r0-persistent-scan depth=1000 (sd "),
                calibration().markdown());
        assertTrue(calibration().markdown().contains("find 10% in 100% of runs; both goals need 2 pairs; A/A \"no change\" in 90% of runs"),
                calibration().markdown());
    }

    /**
     * Met only over 20 runs of a kind; NOT met as soon as more runs missed than 20 runs may (one), whatever the
     * number of runs so far.
     */
    @Test
    void aDetectionGoalIsMetOnlyOverTwentyRunsAndMissedAsSoonAsTwoRunsMiss() {
        Calibration few = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
        few.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        for (double realized : new double[] {1.1, 1.01, 1.1, 1.01, 1.1}) {
            few.add(new Calibration.Run(0.10, run(1 / realized, 1.0, 1.0, "10% (…)")));
        }
        assertTrue(few.markdown().contains("- planted 10% slowdown detected: 3 of 5 (" + new Rate(3, 5).share() + "); goal ≥ 95%: NOT met"), few.markdown());

        Calibration many = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
        for (int i = 0; i < Calibration.MIN_RUNS; i++) {
            many.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
            many.add(new Calibration.Run(0.10, run(i == 0 ? 1 / 1.01 : 1 / 1.1, 1.0, 1.0, "10% (…)")));
        }
        String md = many.markdown();
        assertTrue(md.contains("- planted 10% slowdown detected: 19 of 20 (" + new Rate(19, 20).share() + "); goal ≥ 95%: met"), md);
        assertTrue(md.contains("- A/A false positives: 0 of 40 row verdicts (" + new Rate(0, 40).share() + ") over 20 A/A runs; goal ≤ 1%: met"), md);
        // met by the convention of 20 runs, but neither interval shows its goal: the line says so, and what would
        assertTrue(md.contains("goal ≤ 1%: met by its rate; its bound, ≤ " + AbRow.percent(new Rate(0, 40).high())
                + ", cannot show ≤ 1% (0 of 299 runs would)"), md);
        assertTrue(md.contains("goal ≥ 95%: met by its rate; its bound, ≥ " + AbRow.percent(new Rate(19, 20).low())
                + ", cannot show ≥ 95%\n"), "19 of 20: no count of all-found runs would say it: " + md);
        assertEquals(Optional.of(0.10), many.rows().get(0).smallestDetected());
        assertTrue(md.contains("| " + new Rate(19, 20) + " (realized 10%) | – | 10% |"), md);
        assertTrue(few.markdown().contains("| not judged: fewer than 20 runs |"), few.markdown());

        many.add(new Calibration.Run(0, run(1.0, 1.0, 0.8, "")));       // a 21st A/A run, noisy: 20 judged still
        assertTrue(many.markdown().contains("over 21 A/A runs; goal ≤ 1%: met"), many.markdown());
        Calibration oneNoisy = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
        for (int i = 0; i < Calibration.MIN_RUNS; i++) {
            oneNoisy.add(new Calibration.Run(0, run(1.0, 1.0, i == 0 ? 0.8 : 1.0, "")));
        }
        assertTrue(oneNoisy.markdown().contains("- A/A false positives: 0 of 38 row verdicts (" + new Rate(0, 38).share() + ") over 20 A/A runs; goal ≤ 1%: not judged:"
                + " 19 judged A/A runs (1 noisy), the goal needs ≥ 20"), oneNoisy.markdown());
    }

    /**
     * A plant that realized another size than its name judges that size only where the answer carries over: a larger
     * one found, or a smaller one missed, is not judged, with the sizes; a smaller one found still meets the goal.
     */
    @Test
    void aPlantOfAnotherSizeJudgesItsNamedSizeOnlyWhereTheAnswerCarriesOver() {
        java.util.function.BiFunction<Double, Double, Calibration> twenty = (hitSlowdown, missSlowdown) -> {
            Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
            for (int i = 0; i < Calibration.MIN_RUNS; i++) {
                c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
                c.add(new Calibration.Run(0.10, run(1 / (1 + (i < 3 ? missSlowdown : hitSlowdown)), 1.0, 1.0, "10% (…)")));
            }
            return c;
        };
        String larger = twenty.apply(0.14, 0.14).markdown();
        assertTrue(larger.contains("- planted 10% slowdown detected: 20 of 20 (" + new Rate(20, 20).share() + "); goal ≥ 95%: not judged: the plant in "
                + "OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 realized 14%, larger than 10% (8.5–11.5% counts as 10%)"), larger);
        assertTrue(larger.contains("| " + new Rate(20, 20) + " (realized 14%) | – | 10% (realized 14%) |"), "the smallest change found says what it was: " + larger);
        String close = twenty.apply(0.11, 0.11).markdown();
        assertTrue(close.contains("- planted 10% slowdown detected: 20 of 20 (" + new Rate(20, 20).share() + "); goal ≥ 95%: met"), close);
        assertTrue(close.contains("| – | 10% |"), close);
        String smallerFound = twenty.apply(0.08, 0.08).markdown();
        assertTrue(smallerFound.contains("goal ≥ 95%: met"), "8% found in every run: 10% would be too: " + smallerFound);
        // three runs of 1% among seventeen of 8%: missed more than 20 runs may, but the plants were 8%, not 10%
        String smallerMissed = twenty.apply(0.08, 0.01).markdown();
        assertTrue(smallerMissed.contains("- planted 10% slowdown detected: 17 of 20 (" + new Rate(17, 20).share() + "); goal ≥ 95%: not judged: the plant in "
                + "OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 realized 8%, smaller than 10% (8.5–11.5% counts as 10%)"), smallerMissed);
        // two rows: the tuned one planted small and missed, the naive one planted at size and missed twice: NOT met
        Calibration two = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
        for (int i = 0; i < Calibration.MIN_RUNS; i++) {
            two.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
            two.add(new Calibration.Run(0.10, AbReportTest.report(List.of(
                    AbReportTest.row(AbReportTest.CANCEL, TUNED, "ops/s", 1 / (i < 3 ? 1.01 : 1.08), false, "10% (…)"),
                    AbReportTest.row(AbReportTest.CANCEL, NAIVE, "ops/s", 1 / (i < 2 ? 1.01 : 1.10), false, "10% (…)"),
                    AbReportTest.row(AbReportTest.RULER, Map.of(), "ops/s", 1.0, true, "")))));
        }
        assertTrue(two.markdown().contains("- planted 10% slowdown detected: 35 of 40 (" + new Rate(35, 40).share() + "); goal ≥ 95%: NOT met"),
                "a row planted at its size missed twice: " + two.markdown());
        String largerMissed = twenty.apply(0.14, 0.01).markdown();
        assertTrue(largerMissed.contains("- planted 10% slowdown detected: 17 of 20 (" + new Rate(17, 20).share() + "); goal ≥ 95%: NOT met"),
                "14% missed in three runs: 10% would be missed as often or more: " + largerMissed);
    }

    /**
     * An undecided row is neither a false positive nor a detection: the table counts it apart, for A/A and planted runs,
     * and the goal line says what share of A/A row verdicts the runs decided, judged over ten judged A/A runs.
     */
    @Test
    void undecidedRowsAreCountedApartWithTheShareDecided() {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> scattered = List.of(90.0, 104.0, 97.0, 99.0);
        PairedRatio wide = PairedRatio.of(base, scattered, 0.95);
        AbRow open = new AbRow(AbReportTest.CANCEL, TUNED, "thrpt", "ops/s", wide, AbVerdict.of(wide, 0.05, true), false, base, scattered,
                0.02, 0, "");
        AbRow openPlanted = new AbRow(AbReportTest.CANCEL, TUNED, "thrpt", "ops/s", wide, AbVerdict.of(wide, 0.05, true), false, base, scattered,
                0.02, 0, "10% (…)");
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        for (int i = 0; i < Calibration.MIN_DECIDED_RUNS; i++) {
            c.add(new Calibration.Run(0, i < 2 ? AbReportTest.report(List.of(open, AbReportTest.RULER_STILL)) : run(1.0, 1.0, 1.0, "")));
        }
        c.add(new Calibration.Run(0.10, AbReportTest.report(List.of(openPlanted, AbReportTest.RULER_STILL))));
        Calibration.RowStats tuned = c.rows().get(0);
        assertEquals(2, tuned.aaUndecided());
        assertEquals(0, tuned.falsePositives(), "undecided is not a false positive");
        assertArrayEquals(new int[] {0, 1, 1}, tuned.detected().get(0.10), "nor a detection");
        String md = c.markdown();
        assertTrue(md.contains("| OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 | " + new Rate(0, 10) + " | " + new Rate(2, 10)
                + " | – | " + new Rate(0, 1) + " (realized "), md);
        assertTrue(md.contains("; undecided " + new Rate(1, 1) + " | – |"), md);
        assertTrue(md.contains("- A/A row verdicts decided (no change, or a change): 16 of 18 (" + new Rate(16, 18).share() + "); goal ≥ 90%"
                + " within the run's budget: NOT met"), md);
        assertTrue(md.contains(Rate.LEGEND.substring(1)), md);
        assertEquals(2, c.json().at("/rows/0/aaUndecided").asInt());
        assertEquals(1, c.json().at("/rows/0/detected/10%/undecided").asInt());
    }

    /**
     * A real change ({@code --calibrate --head}): the runs of base against head are tabled per row (called a regression,
     * undecided, the slowdown head showed) and run by run as a gate reads them; no planted column fills with runs.
     */
    @Test
    void theRunsOfARealChangeAreTabledBesideTheAaRuns() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs; head abc against base");
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> scattered = List.of(70.0, 90.0, 80.0, 95.0);
        PairedRatio wide = PairedRatio.of(base, scattered, 0.95);
        AbRow open = new AbRow(AbReportTest.CANCEL, TUNED, "thrpt", "ops/s", wide, AbVerdict.of(wide, 0.05, true), false, base, scattered,
                0.02, 0, "");
        for (int i = 0; i < 3; i++) {
            c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, ""), i + 1));
            c.add(new Calibration.Run(Calibration.HEAD, i < 2 ? run(1 / 1.21, 1.0, 1.0, "")
                    : AbReportTest.report(List.of(open, AbReportTest.RULER_STILL)), i + 1));
        }
        assertEquals(AbVerdict.UNDECIDED, open.verdict(), wide.toString());
        Calibration.HeadRuns tuned = c.rows().get(0).head();
        assertEquals(2, tuned.regressions());
        assertEquals(3, tuned.judged());
        assertEquals(1, tuned.undecided());
        assertEquals(0.21, tuned.slowdown(), 0.01);
        String md = c.markdown();
        assertTrue(md.startsWith("#### orderbook: 3 A/A runs and 3 runs of head against base\n"), md);
        assertTrue(md.contains("| head against base: regression (its change) |"), md);
        assertTrue(md.contains(" | " + new Rate(2, 3) + " (21% slower); undecided " + new Rate(1, 3) + " | "), md);
        assertTrue(md.contains("- runs of head against base (a real change), over 3 runs not marked noisy: a regression (exit 1) in 2 ("
                + new Rate(2, 3).share() + "), undecided (exit 4) in 1 (" + new Rate(1, 3).share() + "), passed (exit 0) in 0 ("
                + new Rate(0, 3).share() + ")"), md);
        assertTrue(md.contains("- runs marked noisy (a ruler moved): A/A 0 of 3, head 0 of 3\n"), md);
        assertTrue(!md.contains("planted 10% slowdown detected"), "nothing was planted: " + md);
        assertEquals(2, c.json().at("/rows/0/head/regressions").asInt());
        assertEquals("head", c.json().at("/runs/1/kind").asText());
    }

    /** A calibration of one size ({@code --plants 10%}) names only that size; the table keeps every column. */
    @Test
    void aCalibrationOfOneSizeNamesOnlyThatSize() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 8 pairs");
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        c.add(new Calibration.Run(0.10, run(1 / 1.1, 1.0, 1.0, "10% (…)")));
        String md = c.markdown();
        assertTrue(md.startsWith("#### orderbook: 1 A/A run and 1 × 10% planted\n"), md);
        assertTrue(md.contains("| row | A/A false positives | A/A undecided | 5% detected | 10% detected | 20% detected |"), md);
        assertTrue(md.contains("- runs marked noisy (a ruler moved): A/A 0 of 1, 10% 0 of 1\n"), md);
        assertTrue(md.contains("- planted 5% slowdown detected (stretch): 0 of 0 (–); goal ≥ 95%: not judged: no run"), md);

        Calibration unplanted = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --smoke, 2 pairs");
        unplanted.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        unplanted.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        assertTrue(unplanted.markdown().startsWith("#### orderbook: 2 A/A runs\n\n"), "no plant could be sized: " + unplanted.markdown());
    }

    /**
     * Every run is an A/A run of the ruler (nothing is planted there): over ≥ 10 runs its spread gives the threshold
     * that calls 1% of runs noisy by chance, z(99.5%) = 2.5758 sd of ln(head/base); fewer runs are not judged.
     */
    @Test
    void aRulerGetsAThresholdFromItsOwnSpreadOverTenRuns() {
        double[] ruler = {1.0, 1.02, 0.98, 1.01, 0.99, 1.0, 1.03, 0.97, 1.0, 1.01, 0.99, 1.0};
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        double sum = 0;
        double[] logs = new double[ruler.length];
        for (int i = 0; i < ruler.length; i++) {
            AbReport report = run(1.0, 1.0, ruler[i], "");
            c.add(new Calibration.Run(i % 2 == 0 ? 0 : 0.10, report));
            logs[i] = Math.log(report.rows().get(2).ratio().ratio());
            sum += logs[i];
        }
        double mean = sum / logs.length;
        double squares = 0;
        for (double l : logs) {
            squares += (l - mean) * (l - mean);
        }
        double sd = Math.sqrt(squares / (logs.length - 1));
        String expected = "ruler RulerBenchmark.sortCopy: ln(head/base) sd " + AbRow.percent(sd) + " over 12 runs (no run plants in a ruler);"
                + " a ruler threshold of " + AbRow.percent(Math.expm1(2.5758293 * sd)) + " would call ≤ 1% of runs noisy by chance (these runs': 5%)";
        assertTrue(c.goals().contains(expected), expected + " in " + c.goals());
        assertTrue(calibration().goals().contains("ruler RulerBenchmark.sortCopy: its own threshold not judged: 9 runs, ≥ 10 needed"),
                calibration().goals().toString());
    }

    /** The host's steal over the runs that recorded it; no line when none did. */
    @Test
    void stealIsSummedUpOverTheRunsThatRecordedIt() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        c.add(new Calibration.Run(0, AbReportTest.report(run(1.0, 1.0, 1.0, "").rows(), new Steal(0.001, 0.004))));
        c.add(new Calibration.Run(0.10, AbReportTest.report(run(1 / 1.1, 1.0, 1.0, "10% (…)").rows(), new Steal(0.03, 0.09))));
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        assertTrue(c.goals().contains("CPU steal (time the host ran others on this machine's CPUs), over 2 runs: median 1.6% of a run's"
                + " CPU time, highest 3.0%; the worst fork lost 9.0%"), c.goals().toString());
        assertTrue(calibration().goals().stream().noneMatch(l -> l.startsWith("CPU steal")), calibration().goals().toString());
    }

    /**
     * The cache probe over the runs that recorded it, and the A/A rows' movement in the runs whose probe spread
     * was above its median against the rest; no line when no run recorded it.
     */
    @Test
    void theCacheProbeIsSummedUpAndSetBesideTheAaRowsMovement() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        double[][] runs = {{0.01, 1.0}, {0.02, 1.0}, {0.08, 0.9}, {0.06, 1.1}}; // probe CV, the naive row's scale
        for (double[] r : runs) {
            AbReport plain = run(1.0, r[1], 1.0, "");
            c.add(new Calibration.Run(0, new AbReport(plain.component(), plain.base(), plain.head(), plain.machine(), plain.threshold(),
                    plain.rulerThreshold(), plain.looks(), plain.rows(), plain.seconds(), plain.steal(),
                    new CacheSpread(r[0], 1 + r[0] * 5, 40, 256), plain.budgetSeconds())));
        }
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        double wide = (Math.abs(Math.log(0.9)) + Math.abs(Math.log(1.1))) / 4; // two tuned rows at 0, two naive rows moved
        String expected = "cache probe (a 256 KiB pointer chase before each pair's forks; steal cannot show a neighbour in this core's"
                + " caches), over 4 runs: chunk times spread median 4.0% (CV), highest 8.0%; the slowest chunk ×1.40 the median;"
                + " A/A rows moved " + AbRow.percent(wide) + " (mean absolute ln(head/base)) in the runs whose probe spread was above its median"
                + " (4 rows), 0% in the rest (4 rows)";
        assertTrue(c.goals().contains(expected), expected + " in " + c.goals());
        assertEquals(0.08, c.json().get("runs").get(2).get("cacheProbeCv").asDouble(), 1e-12);
        assertTrue(calibration().goals().stream().noneMatch(l -> l.startsWith("cache probe")), calibration().goals().toString());
    }

    /** The saved intervals judged again at other thresholds: what a gate there would have said on the same runs. */
    @Test
    void theSavedRunsAreJudgedAgainAtOtherThresholds() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        c.add(new Calibration.Run(0, run(1.04, 1.0, 1.0, "")));        // 4% faster: a false positive at 2% and 3% only
        c.add(new Calibration.Run(0.10, run(1 / 1.06, 1.0, 1.0, "10% (…)")));
        c.add(new Calibration.Run(0.10, run(1 / 1.12, 1.0, 1.0, "10% (…)")));
        String expected = "the same runs judged at other thresholds, OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000: "
                + "2%: A/A 1/2 · 10% 2/2; 3%: A/A 1/2 · 10% 2/2; 5%: A/A 0/2 · 10% 2/2; 7.5%: A/A 0/2 · 10% 1/2; 10%: A/A 0/2 · 10% 1/2"
                + " (a threshold picked on these runs fits them better than new ones)";
        assertTrue(c.goals().contains(expected), expected + " in " + c.goals());
        assertEquals(1, c.goals().stream().filter(l -> l.startsWith("the same runs judged at other")).count(), "only the planted row: " + c.goals());
    }

    /**
     * A row whose pairs spread by 3% in ln(head/base), four to a run, around {@code logRatio}: a 95% interval is then
     * ±4.8% wide and a 99% interval ±8.8%, so a 6% change is significant at the one and not at the other.
     */
    private static AbReport spread(double logRatio, String planted) {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        double a = 0.03 / Math.sqrt(4.0 / 3);
        List<Double> head = new java.util.ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            head.add(base.get(i) * Math.exp(logRatio + (i % 2 == 0 ? a : -a)));
        }
        PairedRatio ratio = PairedRatio.of(base, head, 0.95);
        AbRow row = new AbRow(AbReportTest.CANCEL, TUNED, "thrpt", "ops/s", ratio, AbVerdict.of(ratio, 0.05, true), false,
                base, head, 0.02, 0, planted);
        return AbReportTest.report(List.of(row, AbReportTest.row(AbReportTest.RULER, Map.of(), "ops/s", 1.0, true, "")));
    }

    /**
     * A 95% interval alone calls 5% of A/A rows changed; only the threshold keeps a gate's false positives under 1%.
     * The saved runs judged at 99% confidence, the interval made again from their fork scores: the 6% A/A change
     * and the 6% planted one are within the wider interval, a 15% one is not.
     */
    @Test
    void theSavedRunsAreJudgedAgainAtTheStricterConfidence() {
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        c.add(new Calibration.Run(0, spread(0, "")));
        c.add(new Calibration.Run(0, spread(0.06, "")));
        c.add(new Calibration.Run(0.10, spread(-0.06, "10% (…)")));
        c.add(new Calibration.Run(0.10, spread(-0.15, "10% (…)")));
        String label = "OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000: ";
        String saved = "the same runs judged at other thresholds, " + label
                + "2%: A/A 1/2 · 10% 2/2; 3%: A/A 1/2 · 10% 2/2; 5%: A/A 1/2 · 10% 2/2; 7.5%: A/A 0/2 · 10% 1/2; 10%: A/A 0/2 · 10% 1/2"
                + " (a threshold picked on these runs fits them better than new ones)";
        String strict = "the same runs judged at 99% confidence (intervals made again from the saved forks), " + label
                + "2%: A/A 0/2 · 10% 1/2; 3%: A/A 0/2 · 10% 1/2; 5%: A/A 0/2 · 10% 1/2; 7.5%: A/A 0/2 · 10% 1/2; 10%: A/A 0/2 · 10% 1/2";
        assertTrue(c.goals().contains(saved), saved + " in " + c.goals());
        assertTrue(c.goals().contains(strict), strict + " in " + c.goals());
        assertEquals(1, c.rows().get(0).falsePositives(), "the run's own verdict stays as saved (95%)");
    }

    /**
     * A/A runs whose ratios differ by more than their pairs' own spread predicts keep a level for a whole run; runs
     * that differ by less are what independent pairs give. The pairs of {@link AbReportTest#row} spread by a fixed
     * 0.4% in ln(head/base), four to a run; fewer than ten A/A runs give no line.
     */
    @Test
    void aaRunsAreHeldAgainstWhatTheirPairsPredict() {
        Calibration apart = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        Calibration close = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        List<AbRow> apartRows = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            AbReport a = run(i % 2 == 0 ? 1.02 : 0.98, 1.0, 1.0, "");
            apart.add(new Calibration.Run(0, a));
            apartRows.add(a.rows().get(0));
            close.add(new Calibration.Run(0, run(i % 2 == 0 ? 1.0005 : 0.9995, 1.0, 1.0, "")));
        }
        double pairSd = apartRows.get(0).ratio().logSd();
        double[] logs = apartRows.stream().mapToDouble(r -> Math.log(r.ratio().ratio())).toArray();
        double mean = java.util.Arrays.stream(logs).average().orElseThrow();
        double between = Math.sqrt(java.util.Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum() / (logs.length - 1));
        Calibration.RunLevels levels = Calibration.RunLevels.of(apartRows).orElseThrow();
        assertEquals(between, levels.betweenSd(), 1e-12);
        assertEquals(pairSd / 2, levels.predictedSd(), 1e-12, "four pairs: the pair sd over √4");
        assertEquals(between * between / (pairSd * pairSd / 4), levels.f(), 1e-9);
        assertTrue(levels.p() < 1e-6, "runs 4% apart against pairs 0.4% apart: " + levels);
        String tuned = "A/A runs of OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000: ";
        assertTrue(apart.goals().stream().anyMatch(l -> l.startsWith(tuned + "their ln(head/base) sd " + AbRow.percent(between)
                + " over 10 runs, where independent pairs predict " + AbRow.percent(pairSd / 2)) && l.endsWith("less than √pairs")),
                apart.goals().toString());
        assertTrue(close.goals().stream().anyMatch(l -> l.startsWith(tuned) && l.endsWith("as independent pairs predict, so more pairs"
                + " narrow a run's interval by √pairs")), close.goals().toString());
        assertTrue(calibration().goals().stream().noneMatch(l -> l.startsWith("A/A runs of")), "3 A/A runs: " + calibration().goals());
    }
    @Test
    void whatEachPlantedRunRealizedIsReadBackWithItsPlantLeavingNoisyRunsOut() {
        Plant p = new Plant(0.10, 400_000, 1);
        Calibration c = new Calibration("orderbook", "JDK 17 · CPU x · 2 cores", "ab --quick, 4 pairs");
        c.add(new Calibration.Run(0, run(1.0, 1.0, 1.0, "")));
        c.add(new Calibration.Run(0.10, run(1 / 1.14, 1.0, 1.0, p.describe())));
        c.add(new Calibration.Run(0.10, run(1 / 1.14, 1.0, 0.80, p.describe())));    // noisy: the ruler moved
        c.add(new Calibration.Run(0.20, run(1 / 1.25, 1.0, 1.0, new Plant(0.20, 800_000, 1).describe())));
        c.add(new Calibration.Run(0.10, run(1 / 1.08, 1.0, 1.0, new Plant(0.10, 300_000, 1).describe())));
        List<Calibration.Realized> tuned = c.realized(0.10, AbReportTest.CANCEL, TUNED);
        assertEquals(List.of(400_000L, 300_000L), tuned.stream().map(r -> r.plant().tokens()).toList());
        assertEquals(0.14, tuned.get(0).slowdown(), 1e-4);
        assertEquals(0.08, tuned.get(1).slowdown(), 1e-4);
        assertTrue(c.realized(0.10, AbReportTest.CANCEL, NAIVE).isEmpty(), "nothing was planted in the naive row");
        assertEquals(1, c.realized(0.20, AbReportTest.CANCEL, TUNED).size());
        String label = "OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000";
        assertTrue(c.goals().contains("the 10% plant in " + label + ", by run: 400000 consumeCPU tokens per invocation in runs 1–2 (realized 14%); "
                + "300000 consumeCPU tokens per invocation in run 3 (realized 8%)"), "the noisy run ran a plant too: " + c.goals());
        assertTrue(c.goals().contains("the 20% plant in " + label + ", by run: 800000 consumeCPU tokens per invocation in every run (realized 25%)"),
                c.goals().toString());
    }

    /** The runs, none against the goal, that show it at the one-sided 95% level: 299 for ≤ 1%, 59 for ≥ 95%. */
    @Test
    void aGoalMetByItsRateSaysWhatItsBoundShows() {
        assertEquals(299, Calibration.runsToShow(0.01));
        assertEquals(59, Calibration.runsToShow(0.05));
        assertTrue(new Rate(0, 299).high() <= 0.01 && new Rate(0, 298).high() > 0.01, "299 is the fewest");
        assertTrue(new Rate(59, 59).low() >= 0.95 && new Rate(58, 58).low() < 0.95, "59 is the fewest");
        assertEquals("", Calibration.atMostBound(new Rate(0, 299), 0.01), "a bound that shows the goal needs no words");
        assertEquals("", Calibration.atLeastBound(new Rate(59, 59), 0.95));
        assertEquals(" by its rate; its bound, ≥ " + AbRow.percent(new Rate(20, 20).low()) + ", cannot show ≥ 95% (59 of 59 runs would)",
                Calibration.atLeastBound(new Rate(20, 20), 0.95));
    }
}
