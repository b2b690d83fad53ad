package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The trend check on synthetic rows (flat, rising, falling, noisy-flat, forks in two modes, a step), its false
 * positives on flat rows by simulation, and a planted fall in a JMH file another project's benchmark wrote.
 *
 * <p>False positives, simulated (seed 44, 20,000 flat rows per case, normal noise of 1%, 5%, 10% and 20% of the
 * score; what {@link #flatRowsAreMarkedAtMostOnceInAHundred} asserts): 1 fork × 5 iterations 0.00%, 0.96%, 0.99%,
 * 0.99%; 1 fork × 24 iterations 0.00%, 1.05%, 1.05%, 1.05%; 3 forks × 8 iterations 0.00%, 0.82%, 0.83%, 0.83%. So
 * about one flat row in a hundred is marked, as the 99% interval promises, and none whose noise is small next to
 * the 5% tolerance; a table of 40 rows marks a flat one about once in three runs, so a mark is a reason to look at
 * the row's iterations, and a gate that requires {@code steady} belongs on a row known to be flat.
 */
class TrendTest {
    private static final long SEED = 44;

    @Test
    void aFlatRowIsSteady() {
        Trend trend = Trend.of(List.of(List.of(100.0, 100.0, 100.0, 100.0, 100.0, 100.0)));
        assertEquals(Trend.Verdict.STEADY, trend.verdict());
        assertEquals("", trend.note());
    }

    @Test
    void theReportedFallIsNotSteadyAndSaysByHowMuch() {
        // KvPutBenchmark's r0 with prefill 0: 443k to 216k ops/s over 6 one-second iterations
        Trend trend = Trend.of(List.of(List.of(443e3, 398e3, 352e3, 307e3, 261e3, 216e3)));
        assertEquals(Trend.Verdict.NOT_STEADY, trend.verdict());
        assertEquals("not steady (−51% over 6 iterations)", trend.note());
    }

    @Test
    void aCollapseSteeperThanItsLineSaysItFallsToNothingNotMoreThanAHundredPercent() {
        // r0 end to end (kv.sustainedPuts): a fast start, then a long tail; a straight line through it ends below 0
        List<Double> rates = new ArrayList<>();
        for (int second = 0; second < 61; second++) {
            rates.add(1.1e6 / (1 + second / 2.0));
        }
        Trend trend = Trend.of(List.of(rates));
        assertEquals(Trend.Verdict.NOT_STEADY, trend.verdict(), trend.describe());
        assertTrue(trend.change() < -1, "the fitted line ends below zero: " + trend.change());
        assertEquals("not steady (falls to 0 on its fitted line within 61 iterations)", trend.note());
        assertTrue(trend.describe().startsWith("not steady (falls to 0 on its fitted line within 61 iterations, 99% interval −100% … "),
                trend.describe());
    }

    @Test
    void aRisingRowIsNotSteady() {
        SplittableRandom random = new SplittableRandom(SEED);
        Trend trend = Trend.of(List.of(line(1e6, 0.20, 10, 0.02, random)));
        assertEquals(Trend.Verdict.NOT_STEADY, trend.verdict(), trend.describe());
        assertTrue(trend.changeLow() < 0.20 && 0.20 < trend.changeHigh(), "the planted +20% is in the interval: " + trend.describe());
        assertTrue(trend.note().startsWith("not steady (+"), trend.note());
    }

    @Test
    void aFallingRowIsNotSteady() {
        SplittableRandom random = new SplittableRandom(SEED);
        Trend trend = Trend.of(List.of(line(1e6, -0.20, 10, 0.02, random)));
        assertEquals(Trend.Verdict.NOT_STEADY, trend.verdict(), trend.describe());
        assertTrue(trend.changeLow() < trend.change() && trend.change() < trend.changeHigh(), trend.describe());
    }

    @Test
    void aNoisyFlatRowIsSteady() {
        SplittableRandom random = new SplittableRandom(SEED);
        Trend trend = Trend.of(List.of(line(1e6, 0, 10, 0.15, random)));
        assertEquals(Trend.Verdict.STEADY, trend.verdict(), trend.describe());
    }

    @Test
    void aSmallRealSlopeUnderTheToleranceIsSteady() {
        Trend trend = Trend.of(List.of(List.of(100.0, 100.5, 101.0, 101.5, 102.0, 102.5)));
        assertEquals(Trend.Verdict.STEADY, trend.verdict(), trend.describe());
        assertTrue(trend.changeLow() > 0, "the slope is real, only too small to matter: " + trend.describe());
    }

    @Test
    void forksInTwoModesAreNotATrend() {
        // the ring's forks: one settles near 2.5M, the other near 9M, each flat within itself
        SplittableRandom random = new SplittableRandom(SEED);
        Trend trend = Trend.of(List.of(line(2.5e6, 0, 10, 0.01, random), line(9e6, 0, 10, 0.01, random)));
        assertEquals(Trend.Verdict.STEADY, trend.verdict(), trend.describe());
        assertEquals(2, trend.forks());
    }

    @Test
    void aStepHalfWayThroughIsNotSteady() {
        // C2 finishing a compile mid-measurement: half the iterations slow, half fast
        Trend trend = Trend.of(List.of(List.of(1.0e6, 1.01e6, 0.99e6, 1.0e6, 1.5e6, 1.49e6, 1.51e6, 1.5e6)));
        assertEquals(Trend.Verdict.NOT_STEADY, trend.verdict(), trend.describe());
    }

    @Test
    void tooFewIterationsAreUndecidedNeverSteady() {
        assertEquals(Trend.Verdict.UNDECIDED, Trend.of(List.of(List.of(1.0, 2.0, 3.0))).verdict());
        assertEquals(Trend.Verdict.UNDECIDED, Trend.of(List.of()).verdict());
        assertEquals(Trend.Verdict.UNDECIDED, Trend.of(List.of(List.of(5.0), List.of(6.0))).verdict());
        assertTrue(Trend.of(List.of(List.of(1.0, 2.0, 3.0))).describe().startsWith("undecided (3 iterations in 1 fork"));
    }

    @Test
    void flatRowsAreMarkedAtMostOnceInAHundred() {
        for (int[] shape : new int[][] {{1, 5}, {1, 24}, {3, 8}}) {
            for (double noise : new double[] {0.01, 0.05, 0.10, 0.20}) {
                double rate = falsePositives(shape[0], shape[1], noise, 20_000);
                assertTrue(rate <= 0.0125, String.format("%d forks × %d iterations, noise %.0f%%: %.2f%% of flat rows marked",
                        shape[0], shape[1], noise * 100, rate * 100));
            }
        }
    }

    /** A planted 20% fall, in the JSON JMH 1.37 wrote for a benchmark of another project (see the fixture's note). */
    @Test
    void findsThePlantedFallInAForeignJmhFileAndNothingElse() {
        List<Row> rows = Fixtures.rows(Fixtures.FOREIGN_TREND);
        Row leaky = rows.stream().filter(r -> r.method().equals("leaky")).findFirst().orElseThrow();
        Row get = rows.stream().filter(r -> r.method().equals("get")).findFirst().orElseThrow();
        Trend planted = Trend.of(leaky);
        assertEquals(Trend.Verdict.NOT_STEADY, planted.verdict(), planted.describe());
        assertTrue(planted.change() < -0.12 && planted.change() > -0.28, planted.describe());
        assertEquals(Trend.Verdict.STEADY, Trend.of(get).verdict(), Trend.of(get).describe());
        String text = LadderReport.read(List.of(Fixtures.path(Fixtures.FOREIGN_TREND))).text("h");
        assertTrue(text.contains(planted.note()) && text.contains(Trend.FOOTNOTE), text);
    }

    @Test
    void aTableMarksTheRowInItsNoteColumn() {
        Row falling = new Row("b.Kv.put", "put", Map.of("rung", "r0-fixed-buckets"), "thrpt", 3.3e5, 1e4, "ops/s", null,
                "17", "vm", Map.of(), List.of(List.of(443e3, 398e3, 352e3, 307e3, 261e3, 216e3)));
        Row flat = new Row("b.Kv.put", "put", Map.of("rung", "r7-write-behind"), "thrpt", 1.5e6, 1e4, "ops/s", null,
                "17", "vm", Map.of(), List.of(List.of(1.5e6, 1.51e6, 1.49e6, 1.5e6, 1.5e6, 1.5e6)));
        String text = LadderReport.of(List.of(falling, flat)).text("h");
        assertTrue(text.contains("note"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("r0-fixed-buckets") && l.endsWith("not steady (−51% over 6 iterations)")), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("r7-write-behind") && !l.contains("steady")), text);
    }

    private static double falsePositives(int forks, int iterations, double noise, int rows) {
        SplittableRandom random = new SplittableRandom(SEED);
        int marked = 0;
        for (int r = 0; r < rows; r++) {
            List<List<Double>> row = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                row.add(line(1e6 * (1 + f), 0, iterations, noise, random));
            }
            marked += Trend.of(row).notSteady() ? 1 : 0;
        }
        return (double) marked / rows;
    }

    /** {@code n} iterations from {@code level}, changing linearly by {@code change} in all, with normal noise. */
    private static List<Double> line(double level, double change, int n, double noise, SplittableRandom random) {
        List<Double> scores = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double mean = level * (1 + change * i / (n - 1));
            scores.add(mean * (1 + noise * gaussian(random)));
        }
        return scores;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
