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

    /** Chunks of one size in every call, so that a run's chunk times compare across its calls. */
    @Test
    void theFirstCallSizesTheChunkAndLaterCallsKeepIt() {
        CacheProbe probe = new CacheProbe(16);
        assertEquals(0, probe.blocksPerChunk());
        probe.chunks(2, 2);
        long sized = probe.blocksPerChunk();
        assertTrue(sized > 0, "sized " + sized);
        probe.chunks(2, 20); // a later call asking for chunks ten times as long still times the first call's size
        assertEquals(sized, probe.blocksPerChunk());
    }

    @Test
    void aSizeOutsideItsRangeIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CacheProbe(0));
        assertTrue(e.getMessage().contains("0 KiB"), e.getMessage());
    }
}
