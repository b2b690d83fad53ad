package dev.perflab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The trend check on a host whose iterations' noise carries over (AR(1)): the estimate of that correlation from a
 * run's rows, its bias correction, and the check's false marks and planted falls with and without it, by
 * simulation (seed 44; 200 runs of 20 flat rows each per case, noise 5% of the score; a 20% fall at 2% noise
 * planted in each run); the rates it gives are quoted in docs/measurements/gate-evidence.md#order-book.
 */
class SerialCorrelationTest {
    private static final long SEED = 44;

    /** Expectations computed independently with numpy's matrices (trace of A·M·Σ·M over trace of M·Σ). */
    @Test
    void theExpectedResidualCorrelationMatchesTheMatrixFormula() {
        assertEquals(-1.0 / 3, SerialCorrelation.expectedResidualCorrelation(0, 6), 1e-12);
        assertEquals(-0.17570754716981132, SerialCorrelation.expectedResidualCorrelation(0.5, 6), 1e-12);
        assertEquals(0.3403843590469135, SerialCorrelation.expectedResidualCorrelation(0.5, 24), 1e-12);
        assertEquals(1.0, SerialCorrelation.slopeInflation(new int[] {6}, 0), 0);
        assertEquals(2.4386792452830197, SerialCorrelation.slopeInflation(new int[] {6}, 0.5), 1e-12);
        assertEquals(1.772138006148283, SerialCorrelation.slopeInflation(new int[] {10}, 0.3), 1e-12);
    }

    @Test
    void theEstimateFindsTheHostsCorrelationThroughTheFittedLinesBias() {
        for (double rho : new double[] {0, 0.3, 0.6}) {
            SplittableRandom random = new SplittableRandom(SEED);
            List<List<List<Double>>> run = new ArrayList<>();
            for (int r = 0; r < 200; r++) {
                run.add(List.of(ar1(1e6, 0, 10, rho, 0.05, random)));
            }
            double estimate = Trend.serialCorrelation(run);
            assertEquals(rho, estimate, 0.08, "a run of 200 rows of 10 iterations at ρ = " + rho);
        }
        assertEquals(0, Trend.serialCorrelation(List.of(List.of(List.of(1.0, 2.0, 3.0)))), "too short a fork says nothing");
        assertEquals(0, Trend.serialCorrelation(List.of()));
    }

    @Test
    void allowingForTheHostsCorrelationKeepsFalseMarksNearOnePercentAndStillFindsAFall() {
        for (int n : new int[] {6, 10, 24}) {
            SplittableRandom random = new SplittableRandom(SEED);
            int runs = 200;
            int flat = 0;
            int markedPlain = 0;
            int markedCorrected = 0;
            int found = 0;
            for (int run = 0; run < runs; run++) {
                List<Row> rows = new ArrayList<>();
                for (int r = 0; r < 20; r++) {
                    rows.add(row(ar1(1e6, 0, n, 0.6, 0.05, random)));
                }
                Row planted = row(ar1(1e6, -0.20, n, 0.6, 0.02, random));
                rows.add(planted);
                double rho = Trend.serialCorrelation(rows.stream().map(Row::forks).toList());
                for (Row r : rows.subList(0, 20)) {
                    flat++;
                    markedPlain += Trend.of(r.forks()).notSteady() ? 1 : 0;
                    markedCorrected += Trend.of(r.withSerialCorrelation(rho)).notSteady() ? 1 : 0;
                }
                found += Trend.of(planted.withSerialCorrelation(rho)).notSteady() ? 1 : 0;
            }
            String shape = n + " iterations at ρ = 0.6: ";
            assertTrue(markedPlain > 0.03 * flat, shape + "without the correction " + markedPlain + " of " + flat + " flat rows marked");
            assertTrue(markedCorrected <= 0.02 * flat, shape + "with it " + markedCorrected + " of " + flat + " flat rows marked");
            assertTrue(found >= 0.9 * runs, shape + "the planted 20% fall found in " + found + " of " + runs);
        }
    }

    /** A file's rows share their host: reading it gives every row the run's estimate. */
    @Test
    void aFilesRowsCarryItsEstimate() {
        List<Row> rows = Fixtures.rows(Fixtures.FOREIGN_TREND);
        double rho = rows.get(0).serialCorrelation();
        assertTrue(rows.stream().allMatch(r -> r.serialCorrelation() == rho), "one estimate per file");
        assertTrue(rho >= 0 && rho <= SerialCorrelation.MAX, "between 0 and the most allowed for: " + rho);
    }

    private static Row row(List<Double> iterations) {
        return new Row("b.B.m", "m", java.util.Map.of(), "thrpt", iterations.get(0), Double.NaN, "ops/s", null, "17", "vm",
                java.util.Map.of(), List.of(iterations));
    }

    /** {@code n} iterations from {@code level}, changing by {@code change} in all, with AR(1) noise of lag-1 correlation {@code rho}. */
    private static List<Double> ar1(double level, double change, int n, double rho, double noise, SplittableRandom random) {
        List<Double> scores = new ArrayList<>();
        double e = gaussian(random);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                e = rho * e + Math.sqrt(1 - rho * rho) * gaussian(random);
            }
            scores.add(level * (1 + change * i / (n - 1)) * (1 + noise * e));
        }
        return scores;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
