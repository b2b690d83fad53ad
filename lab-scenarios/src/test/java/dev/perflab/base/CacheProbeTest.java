package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The probe's chase and its chunks; what the times mean is the caller's (no timing is judged here). */
class CacheProbeTest {
    /** Sattolo's shuffle makes one cycle: the chase visits every slot before it comes back, so no part of the array is skipped. */
    @Test
    void theChaseIsOneCycleThroughTheWholeArray() {
        for (int kib : new int[] {1, 4, CacheProbe.DEFAULT_KIB}) {
            CacheProbe probe = new CacheProbe(kib);
            assertEquals(kib * 1024 / Integer.BYTES, probe.cycleLength(0), kib + " KiB");
            assertEquals(kib * 1024 / Integer.BYTES, probe.cycleLength(7), kib + " KiB, from another slot");
        }
    }

    @Test
    void itTimesAsManyChunksAsAskedEachOfThemTakingTime() {
        long[] chunks = new CacheProbe(16).chunks(5, 1);
        assertEquals(5, chunks.length);
        assertTrue(Arrays.stream(chunks).allMatch(n -> n > 0), Arrays.toString(chunks));
    }

    @Test
    void aSizeOutsideItsRangeIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CacheProbe(0));
        assertTrue(e.getMessage().contains("0 KiB"), e.getMessage());
    }
}
