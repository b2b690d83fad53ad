package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The looks' schedule and level, and the exact interval of a calibration's rates. */
class LooksTest {
    @Test
    void looksDoubleUpToTheMostAndShareTheConfidence() {
        Looks looks = Looks.doubling(4, 32, 0.95);
        assertEquals(List.of(4, 8, 16, 32), looks.pairs());
        assertEquals(0.9875, looks.intervalConfidence(), 1e-12, "α = 5% in four equal shares");
        assertEquals(OptionalInt.of(8), looks.after(4));
        assertEquals(OptionalInt.of(16), looks.after(12), "a look cut short by the budget goes on to the next scheduled one");
        assertTrue(looks.after(32).isEmpty());
        assertEquals(List.of(8, 16, 20), Looks.doubling(8, 20, 0.95).pairs(), "the last look at the most, not past it");
        assertEquals(0.95, Looks.single(16, 0.95).intervalConfidence(), 1e-12, "one look: the plain confidence");
        assertEquals("4, 8, 16, 32 pairs, each interval at 98.75%", looks.describe());
        assertThrows(IllegalArgumentException.class, () -> new Looks(List.of(4, 4), 0.95));
        assertThrows(IllegalArgumentException.class, () -> Looks.single(1, 0.95));
    }

    @Test
    void aRateCarriesItsExactInterval() {
        Rate none = new Rate(0, 10);
        assertEquals(1 - Math.pow(0.05, 0.1), none.high(), 1e-9, "0 of 10: the one-sided 95% bound 1 − 0.05^(1/10)");
        assertEquals("0/10 (0%, ≤ 26%)", none.toString());
        assertEquals("10/10 (100%, ≥ 74%)", new Rate(10, 10).toString());
        Rate some = new Rate(3, 10);
        assertTrue(some.low() < 0.3 && some.high() > 0.3 && some.low() > 0.08 && some.high() < 0.62, some.toString());
        assertEquals("–", new Rate(0, 0).toString());
        assertThrows(IllegalArgumentException.class, () -> new Rate(3, 2));
    }
}
