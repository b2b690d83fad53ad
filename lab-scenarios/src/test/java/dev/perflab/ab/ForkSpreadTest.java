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

    /**
     * The slower mode by index, whichever side is smaller: the slow forks of ops/s, the long ones of ns/op, even when
     * they are most of the forks; nothing when the groups are nearer than the least gap or there is one group.
     */
    @Test
    void theSlowerModesForksAreNamedByIndex() {
        List<Double> forks = List.of(9.6, 10.1, 2.4, 9.9, 10.4, 2.6, 9.7, 10.0, 2.5, 10.2, 9.8, 10.3);
        assertEquals(java.util.Set.of(2, 5, 8), ForkSpread.slowerMode(forks, true, 1.5));
        assertEquals(java.util.Set.of(0, 1, 3, 4, 6, 7, 9, 10, 11), ForkSpread.slowerMode(forks, false, 1.5), "ns/op: the high scores are slow");
        assertEquals(java.util.Set.of(), ForkSpread.slowerMode(forks, true, 5.0), "×3.7 apart is not a ×5 gap");
        List<Double> mostlySlow = List.of(2.4, 2.6, 9.9, 2.5, 2.45, 10.1, 2.55, 2.35, 2.6, 10.0);
        assertEquals(java.util.Set.of(0, 1, 3, 4, 6, 7, 8), ForkSpread.slowerMode(mostlySlow, true, 1.5));
        assertEquals(java.util.Set.of(), ForkSpread.slowerMode(List.of(9.6, 10.1, 9.9, 10.4, 9.7, 10.0, 10.2, 9.8, 10.3, 9.95), true, 1.5));
        List<Double> withAGap = new java.util.ArrayList<>(forks);
        withAGap.set(4, Double.NaN);
        assertEquals(java.util.Set.of(2, 5, 8), ForkSpread.slowerMode(withAGap, true, 1.5), "a failed fork is skipped, the indices kept");
    }

    @Test
    void spreadsAreCoefficientsOfVariation() {
        assertEquals(0.1, ForkSpread.cv(List.of(90.0, 110.0)) / Math.sqrt(2), 1e-12);
        assertEquals(Double.NaN, ForkSpread.cv(List.of(1.0)));
        assertEquals(2.0, ForkSpread.median(List.of(3.0, 1.0, 2.0, Double.NaN)));
    }
}
