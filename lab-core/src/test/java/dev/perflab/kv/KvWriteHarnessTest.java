package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness counts right, stops where told, and its count check catches both of the report's harness bugs. */
class KvWriteHarnessTest {
    @TempDir
    Path dir;

    @Test
    void tunedRungPassesTheCountCheck() throws Exception {
        List<Long> seen = new ArrayList<>();
        KvRunResult r = KvWriteHarness.run("r3-striped", KvLadder.LADDER.resolve("r3").factory(), dir,
                new KvRunSettings(20_000, 3, 60), (s, w, total) -> seen.add(total));
        assertNull(r.failure());
        assertTrue(r.countMatches());
        assertEquals(20_000, r.puts());
        assertEquals(20_000, r.finalCount());
        assertEquals(20_000, java.util.Arrays.stream(r.timeline().writes()).sum(), "timeline adds up to the puts");
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), "progress totals never go back");
        }
    }

    @Test
    void storePerThreadExhibitIsCaught() throws Exception {
        KvRunResult r = KvWriteHarness.run("x-store-per-thread", KvLadder.LADDER.resolve("x-store-per-thread").factory(), dir,
                new KvRunSettings(3_000, 3, 60), null);
        assertFalse(r.countMatches());
        assertEquals(3_000, r.puts(), "the exhibit believes every put landed");
        assertEquals(0, r.finalCount(), "the shared store never saw them");
        assertTrue(r.failure().contains("holds 0 records but 3000 puts succeeded"), r.failure());
    }

    @Test
    void sameKeysPerThreadExhibitIsCaught() throws Exception {
        KvRunResult r = KvWriteHarness.run("x-same-keys-per-thread", KvLadder.LADDER.resolve("x-same-keys-per-thread").factory(), dir,
                new KvRunSettings(3_000, 3, 60), null);
        assertFalse(r.countMatches());
        assertEquals(3_000, r.puts());
        assertEquals(1_000, r.finalCount(), "three threads wrote keys 0..999 each");
    }

    @Test
    void stopsAtTheTimeLimitAndStillChecks() throws Exception {
        KvRunResult r = KvWriteHarness.run("r2-growing", KvLadder.LADDER.resolve("r2").factory(), dir,
                new KvRunSettings(Long.MAX_VALUE / 2, 2, 1.5), null);
        assertTrue(r.seconds() < 10, "stopped near 1.5 s, took " + r.seconds());
        assertTrue(r.puts() < Long.MAX_VALUE / 2);
        assertNull(r.failure());
    }

    /**
     * A writer that the store serves slowly takes fewer keys, so no writer is left alone at the end of the run:
     * here writer 0's puts each wait 1 ms, and with a fixed share (a quarter, 2,048 keys) it would write for 2 s
     * after the other three were done. Claimed in blocks, it writes the one block it took while the others take
     * the rest.
     */
    @Test
    void writersClaimKeysInBlocksSoASlowWriterTakesFewer() throws Exception {
        Map<String, LongAdder> byWriter = new ConcurrentHashMap<>();
        Set<String> keys = ConcurrentHashMap.newKeySet();
        KvStoreFactory slowForWriter0 = StubStore.factory((key, value) -> {
            String writer = Thread.currentThread().getName();
            byWriter.computeIfAbsent(writer, w -> new LongAdder()).increment();
            assertTrue(keys.add(new String(key, StandardCharsets.US_ASCII)), "a key written twice");
            if (writer.equals("kv-writer-0")) {
                LockSupport.parkNanos(1_000_000);
            }
            return true;
        });
        int records = 8 * KvWriteHarness.BLOCK;
        KvRunResult r = KvWriteHarness.run("slow-writer-0", slowForWriter0, dir, new KvRunSettings(records, 4, 60), null);
        assertEquals(records, r.puts());
        assertEquals(records, keys.size(), "every index written once");
        long writer0 = byWriter.get("kv-writer-0").sum();
        assertTrue(writer0 <= KvWriteHarness.BLOCK, "the slow writer wrote " + writer0 + " keys, more than its one block");
        assertEquals(records - writer0, byWriter.entrySet().stream().filter(e -> !e.getKey().equals("kv-writer-0"))
                .mapToLong(e -> e.getValue().sum()).sum());
    }

    @Test
    void refusedPutsFailTheRun() throws Exception {
        KvStoreFactory refusing = StubStore.factory((key, value) -> false);
        KvRunResult r = KvWriteHarness.run("refusing", refusing, dir, new KvRunSettings(100, 2, 60), null);
        assertFalse(r.countMatches());
        assertEquals(100, r.failedPuts());
        assertTrue(r.failure().contains("100 puts refused"), r.failure());
    }

    @Test
    void badSettingsAreOneLineErrors() {
        assertEquals("--records must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new KvRunSettings(0, 1, 1)).getMessage());
        assertEquals("--threads must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new KvRunSettings(1, 0, 1)).getMessage());
    }

    @Test
    void sustainRatioUsesFiveSecondsAtEachEnd() {
        KvTimeline t = new KvTimeline(new long[]{100, 100, 100, 100, 100, 80, 60, 10, 10, 10, 10, 10, 3}, 0.2);
        assertEquals(12, t.fullSeconds());
        assertEquals(100.0, t.firstRate());
        assertEquals(10.0, t.lastRate());
        assertEquals(0.1, t.sustainRatio(), 1e-12);
        assertEquals(15.0, t.rate(12), 1e-9, "the short last interval is divided by its own length");
        KvTimeline shortRun = new KvTimeline(new long[]{50, 30, 20}, 1.0);
        assertEquals(1, shortRun.window());
        assertEquals(0.4, shortRun.sustainRatio(), 1e-12);
        assertTrue(Double.isNaN(new KvTimeline(new long[]{5}, 0.5).sustainRatio()));
    }
}
