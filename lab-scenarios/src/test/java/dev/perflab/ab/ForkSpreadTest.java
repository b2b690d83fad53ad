package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The evidence under a calibration table: spreads, and forks whose iterations fall in two modes. */
class ForkSpreadTest {
    @Test
    void twoClustersOfIterationsAreTwoModes() {
        assertTrue(ForkSpread.bimodal(List.of(10.0, 10.1, 9.9, 10.0, 20.0, 20.1, 19.9, 20.0, 10.05, 20.05)));
        assertFalse(ForkSpread.bimodal(List.of(10.0, 10.2, 9.8, 10.1, 9.9, 10.0, 10.3, 9.7, 10.05, 9.95)));
        assertFalse(ForkSpread.bimodal(List.of(10.0, 20.0, 10.0, 20.0)), "too few iterations to say");
    }

    /** Forks that each keep a slow or a fast state: steady inside, two groups between them. */
    @Test
    void forksInTwoGroupsAreCountedByTheSmallerGroup() {
        List<Double> forks = List.of(9.6, 10.1, 2.4, 9.9, 10.4, 2.6, 9.7, 10.0, 2.5, 10.2, 9.8, 10.3);
        assertEquals(3, ForkSpread.minorMode(forks), "three slow forks of twelve");
        assertEquals(0, ForkSpread.minorMode(List.of(9.6, 10.1, 9.9, 10.4, 9.7, 10.0, 10.2, 9.8, 10.3, 9.95)),
                "one group: no second mode");
        assertEquals(0, ForkSpread.minorMode(List.of(2.5, 10.0, 10.1)), "too few forks to say");
    }

    @Test
    void spreadsAreCoefficientsOfVariation() {
        assertEquals(0.1, ForkSpread.cv(List.of(90.0, 110.0)) / Math.sqrt(2), 1e-12);
        assertEquals(Double.NaN, ForkSpread.cv(List.of(1.0)));
        assertEquals(2.0, ForkSpread.median(List.of(3.0, 1.0, 2.0, Double.NaN)));
    }
}
