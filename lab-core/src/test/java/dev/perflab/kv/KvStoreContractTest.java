package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Entry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One contract for every rung and peer: put, get, overwrite, count, and a reopen that keeps it all. */
class KvStoreContractTest {
    /** More than r2's first 1024 buckets hold at two per record, so the growing rungs split many times. */
    static final int RECORDS = 5_000;

    @TempDir
    Path dir;

    static Stream<Entry<KvStoreFactory>> stores() {
        return KvLadder.LADDER.correct().stream();
    }

    static KvStore open(Entry<KvStoreFactory> e, Path dir) throws Exception {
        if (e.id().startsWith("peer-tokyo")) {
            Assumptions.assumeTrue(TokyoHashStore.available(), e.id() + " skipped: " + TokyoHashStore.installCommand());
        }
        return e.factory().open(dir, RECORDS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void emptyStoreHasNothing(Entry<KvStoreFactory> e) throws Exception {
        try (KvStore s = open(e, dir)) {
            assertEquals(0, s.count());
            assertNull(s.get(KvRecords.key(1)));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void putThenGetEveryRecord(Entry<KvStoreFactory> e) throws Exception {
        try (KvStore s = open(e, dir)) {
            for (int i = 0; i < RECORDS; i++) {
                assertTrue(s.put(KvRecords.key(i), KvRecords.value(i)), "put " + i);
            }
            assertEquals(RECORDS, s.count());
            for (int i = 0; i < RECORDS; i++) {
                assertArrayEquals(KvRecords.value(i), s.get(KvRecords.key(i)), "get " + i);
            }
            assertNull(s.get(KvRecords.key(RECORDS)));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void overwriteKeepsCountAndReplacesValue(Entry<KvStoreFactory> e) throws Exception {
        byte[] key = KvRecords.key(7);
        byte[] longer = "a value longer than the first one, so it cannot be written in place".getBytes(StandardCharsets.US_ASCII);
        byte[] same = "a value longer than the first one, so it CANNOT be written in place".getBytes(StandardCharsets.US_ASCII);
        try (KvStore s = open(e, dir)) {
            assertTrue(s.put(key, KvRecords.value(7)));
            assertTrue(s.put(key, longer));
            assertArrayEquals(longer, s.get(key));
            assertTrue(s.put(key, same));
            assertArrayEquals(same, s.get(key));
            assertTrue(s.put(key, new byte[0]));
            assertArrayEquals(new byte[0], s.get(key));
            assertEquals(1, s.count());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void reopenKeepsEveryRecord(Entry<KvStoreFactory> e) throws Exception {
        try (KvStore s = open(e, dir)) {
            for (int i = 0; i < RECORDS; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
            }
        }
        try (KvStore s = open(e, dir)) {
            assertEquals(RECORDS, s.count());
            for (int i = 0; i < RECORDS; i += 97) {
                assertArrayEquals(KvRecords.value(i), s.get(KvRecords.key(i)), "get " + i + " after reopen");
            }
            assertTrue(s.put(KvRecords.key(RECORDS), KvRecords.value(RECORDS)));
            assertEquals(RECORDS + 1, s.count());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void concurrentWritersLoseNothing(Entry<KvStoreFactory> e) throws Exception {
        Assumptions.assumeTrue(!e.id().startsWith("peer-tokyo") || TokyoHashStore.available(), TokyoHashStore.installCommand());
        KvRunResult r = KvWriteHarness.run(e.id(), e.factory(), dir, new KvRunSettings(RECORDS, 4, 60), null);
        assertEquals(null, r.failure());
        assertEquals(RECORDS, r.finalCount());
    }
}
