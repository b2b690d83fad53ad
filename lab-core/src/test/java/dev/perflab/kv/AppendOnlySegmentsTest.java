package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * What r4's and r5's segments promise beyond the contract: records are written once (a later put, an
 * overwrite included, leaves every byte written before unchanged), and the rebuild at reopen reads them back
 * across map-chunk boundaries, the rest of a chunk skipped whatever its size, the last record of a key
 * winning; r5's table doubles without losing a key and keeps its lookups short.
 */
class AppendOnlySegmentsTest {
    /** Small map chunks, so a few thousand records cross hundreds of boundaries. */
    static final int CHUNK_BYTES = 4096;
    static final int KEYS = 3_000;
    static final int PUTS = 9_000;
    /** Bytes at the start of kv.dat that close rewrites (magic, dataEnd, count); records follow. */
    static final int HEADER_BYTES = 24;

    @TempDir
    Path dir;

    @FunctionalInterface
    interface Opener {
        HashSegment open(Path dir) throws java.io.IOException;
    }

    static Stream<Arguments> segments() {
        return Stream.of(
                Arguments.of("r4 AppendOnlyHashFile", (Opener) d -> new AppendOnlyHashFile(d, 16, CHUNK_BYTES)),
                Arguments.of("r5 ProbedIndexFile", (Opener) d -> new ProbedIndexFile(d, 0, CHUNK_BYTES)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("segments")
    void reopenRebuildsAcrossChunkBoundariesLastRecordWins(String name, Opener opener) throws Exception {
        Map<Integer, byte[]> model = new HashMap<>();
        Random random = new Random(16);
        try (HashSegment s = opener.open(dir)) {
            for (int i = 0; i < PUTS; i++) {
                int key = random.nextInt(KEYS);
                byte[] value = new byte[random.nextInt(120)]; // record ends land on every remainder of a chunk
                Arrays.fill(value, (byte) i);
                s.put(KvRecords.key(key), value);
                model.put(key, value);
            }
            assertTrue(s.counters().maps() > 100, "the records crossed many chunks: " + s.counters());
        }
        try (HashSegment s = opener.open(dir)) {
            assertEquals(model.size(), s.count(), "keys after reopen");
            for (Map.Entry<Integer, byte[]> m : model.entrySet()) {
                assertArrayEquals(m.getValue(), s.get(KvRecords.key(m.getKey())), "key " + m.getKey() + " after reopen");
            }
            assertTrue(s.longestChain() <= s.longestChainAllowed(), "the rebuilt table holds the keys: " + s.counters());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("segments")
    void laterPutsAndOverwritesNeverChangeWrittenBytes(String name, Opener opener) throws Exception {
        try (HashSegment s = opener.open(dir)) {
            for (int i = 0; i < KEYS; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
            }
        }
        byte[] before = Files.readAllBytes(dir.resolve("kv.dat"));
        try (HashSegment s = opener.open(dir)) {
            for (int i = 0; i < KEYS; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i + 1)); // same length or longer: r3 would write some in place
                s.put(KvRecords.key(KEYS + i), KvRecords.value(i));
            }
            assertEquals(2L * KEYS, s.count());
        }
        byte[] after = Files.readAllBytes(dir.resolve("kv.dat"));
        long dataEnd = java.nio.ByteBuffer.wrap(before, 8, 8).getLong();
        assertTrue(dataEnd > HEADER_BYTES && after.length >= before.length, "dataEnd " + dataEnd);
        assertTrue(Arrays.equals(before, HEADER_BYTES, (int) dataEnd, after, HEADER_BYTES, (int) dataEnd),
                "every byte of the first " + dataEnd + " written before is unchanged");
    }

    /**
     * r5's table doubles at half full: 200,000 keys from 4,096 slots take seven doublings, every key stays
     * reachable, and no lookup walks far from its home slot (linear probing at most half full).
     */
    @Test
    void probedTableDoublesWithoutLosingAKey() throws Exception {
        int keys = 200_000;
        try (ProbedIndexFile s = new ProbedIndexFile(dir)) {
            for (int i = 0; i < keys; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
                if (i == 2_047) {
                    assertEquals(0, s.counters().splits(), "2,048 keys fill 4,096 slots half: no doubling yet");
                }
                if (i == 2_048) {
                    assertEquals(1, s.counters().splits(), "the 2,049th key doubles the table");
                }
            }
            HashCounters.Counters c = s.counters();
            assertEquals(keys, c.records());
            assertEquals(1 << 19, c.buckets(), "4,096 doubled until ≥ 2 × keys: " + c);
            assertEquals(7, c.splits(), "4,096 → 524,288 slots: " + c);
            for (int i = 0; i < keys; i++) {
                assertArrayEquals(KvRecords.value(i), s.get(KvRecords.key(i)), "key " + i);
            }
            assertEquals(null, s.get(KvRecords.key(keys)), "a key never put");
            assertTrue(s.longestChain() <= ProbedIndexFile.LONGEST_WALK_SLOTS, "longest walk " + s.longestChain() + " slots: " + c);
        }
    }

    /** Told how many keys to expect, r5's table starts with 2 slots per key and doubles only past them. */
    @Test
    void probedTableSizedForTheExpectedKeysDoublesOnlyPastThem() throws Exception {
        int expected = 50_000;
        try (ProbedIndexFile s = new ProbedIndexFile(dir, expected)) {
            assertEquals(2L * expected, s.counters().buckets(), "2 slots per expected key");
            for (int i = 0; i < expected; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
            }
            assertEquals(0, s.counters().splits(), "no doubling up to the expected keys: " + s.counters());
            s.put(KvRecords.key(expected), KvRecords.value(expected));
            assertEquals(1, s.counters().splits(), "one key more doubles the table: " + s.counters());
            assertEquals(4L * expected, s.counters().buckets());
            for (int i = 0; i <= expected; i++) {
                assertArrayEquals(KvRecords.value(i), s.get(KvRecords.key(i)), "key " + i);
            }
        }
    }
}
