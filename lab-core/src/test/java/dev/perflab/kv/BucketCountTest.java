package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each rung's one change is: r0 never grows, r1 is sized once, r2 keeps buckets ≥ 2 × records, also after a reopen. */
class BucketCountTest {
    static final int RECORDS = 20_000;

    @TempDir
    Path dir;

    @Test
    void fixedStaysAtTokyoCabinetsDefault() throws Exception {
        try (FixedBucketStore s = new FixedBucketStore(dir)) {
            fill(s);
            assertEquals(FixedBucketStore.DEFAULT_BUCKETS, s.buckets());
        }
    }

    @Test
    void sizedIsTwiceTheExpectedCount() throws Exception {
        try (SizedBucketStore s = new SizedBucketStore(dir, 1_000)) {
            fill(s);
            assertEquals(2_000, s.buckets(), "sized once, at creation: more records than expected do not grow it");
        }
    }

    @Test
    void growingKeepsTwoBucketsPerRecord() throws Exception {
        try (LinearHashStore s = new LinearHashStore(dir)) {
            for (int i = 0; i < RECORDS; i++) {
                s.put(KvRecords.key(i), KvRecords.value(i));
                long buckets = s.buckets();
                assertTrue(buckets >= 2L * (i + 1), "after " + (i + 1) + " records: " + buckets + " buckets");
                assertTrue(buckets <= Math.max(LinearHashStore.INITIAL_BUCKETS, 2L * (i + 1) + 1), "no more than needed: " + buckets);
            }
        }
        try (LinearHashStore s = new LinearHashStore(dir)) {
            assertTrue(s.buckets() >= 2L * RECORDS, "reopened with its split state");
            assertEquals(RECORDS, s.count());
        }
    }

    private static void fill(KvStore s) throws Exception {
        for (int i = 0; i < RECORDS; i++) {
            s.put(KvRecords.key(i), KvRecords.value(i));
        }
    }
}
