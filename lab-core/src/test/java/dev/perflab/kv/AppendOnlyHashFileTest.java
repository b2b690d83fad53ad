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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What r4's one change promises beyond the contract: records are written once (a later put, an overwrite
 * included, leaves every byte written before unchanged), and the rebuild at reopen reads them back across
 * map-chunk boundaries, the rest of a chunk skipped whatever its size, the last record of a key winning.
 */
class AppendOnlyHashFileTest {
    /** Small map chunks, so a few thousand records cross hundreds of boundaries. */
    static final int CHUNK_BYTES = 4096;
    static final int KEYS = 3_000;
    static final int PUTS = 9_000;
    /** Bytes at the start of kv.dat that close rewrites (magic, dataEnd, count); records follow. */
    static final int HEADER_BYTES = 24;

    @TempDir
    Path dir;

    @Test
    void reopenRebuildsAcrossChunkBoundariesLastRecordWins() throws Exception {
        Map<Integer, byte[]> model = new HashMap<>();
        Random random = new Random(16);
        try (AppendOnlyHashFile s = new AppendOnlyHashFile(dir, 16, CHUNK_BYTES)) {
            for (int i = 0; i < PUTS; i++) {
                int key = random.nextInt(KEYS);
                byte[] value = new byte[random.nextInt(120)]; // record ends land on every remainder of a chunk
                Arrays.fill(value, (byte) i);
                s.put(KvRecords.key(key), value);
                model.put(key, value);
            }
            assertTrue(s.counters().maps() > 100, "the records crossed many chunks: " + s.counters());
        }
        try (AppendOnlyHashFile s = new AppendOnlyHashFile(dir, 16, CHUNK_BYTES)) {
            assertEquals(model.size(), s.count(), "keys after reopen");
            for (Map.Entry<Integer, byte[]> m : model.entrySet()) {
                assertArrayEquals(m.getValue(), s.get(KvRecords.key(m.getKey())), "key " + m.getKey() + " after reopen");
            }
            assertTrue(s.longestChain() <= KvContract.LONGEST_CHAIN, "the rebuilt table holds the keys: " + s.counters());
        }
    }

    @Test
    void laterPutsAndOverwritesNeverChangeWrittenBytes() throws Exception {
        try (AppendOnlyHashFile s = new AppendOnlyHashFile(dir, 16, CHUNK_BYTES)) {
            for (int i = 0; i < KEYS; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
            }
        }
        byte[] before = Files.readAllBytes(dir.resolve("kv.dat"));
        try (AppendOnlyHashFile s = new AppendOnlyHashFile(dir, 16, CHUNK_BYTES)) {
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
}
