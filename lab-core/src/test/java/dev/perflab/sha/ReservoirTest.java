package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The collector's reservoir: bounded, complete when the stream is short, and uniform. */
class ReservoirTest {
    private static byte[] record(long id) {
        byte[] r = new byte[Frames.RECORD_BYTES];
        Frames.putLong(r, 0, id);
        r[Frames.ID_BYTES] = (byte) id;
        return r;
    }

    @Test
    void holdsEverythingUntilFullThenStaysAtCapacity() {
        Reservoir r = new Reservoir(100, 1);
        for (long id = 0; id < 60; id++) {
            r.offer(record(id), 0);
        }
        assertEquals(60, r.size());
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            ids.add(r.id(i));
            assertEquals((byte) r.id(i), r.digest(i)[0], "digest stored with its id");
        }
        assertEquals(60, ids.size());
        for (long id = 60; id < 100_000; id++) {
            r.offer(record(id), 0);
        }
        assertEquals(100, r.size());
        assertEquals(100_000, r.seen());
    }

    /**
     * 200 reservoirs of 1,000 from a stream of 100,000: each tenth of the stream should hold 10% of the
     * sample. A reservoir that kept the first results, or favoured the last, fails by far.
     */
    @Test
    void everyPartOfTheStreamIsEquallyLikely() {
        int capacity = 1_000;
        int stream = 100_000;
        long[] perDecile = new long[10];
        for (int seed = 0; seed < 200; seed++) {
            Reservoir r = new Reservoir(capacity, seed);
            byte[] rec = new byte[Frames.RECORD_BYTES];
            for (long id = 0; id < stream; id++) {
                Frames.putLong(rec, 0, id);
                r.offer(rec, 0);
            }
            Set<Long> distinct = new HashSet<>();
            for (int i = 0; i < r.size(); i++) {
                perDecile[(int) (r.id(i) * 10 / stream)]++;
                distinct.add(r.id(i));
            }
            assertEquals(capacity, distinct.size(), "no result sampled twice");
        }
        long total = 200L * capacity;
        double chiSquare = 0;
        for (long observed : perDecile) {
            double expected = total / 10.0;
            chiSquare += (observed - expected) * (observed - expected) / expected;
        }
        // 9 degrees of freedom: P(chi² > 27.9) = 0.001
        assertTrue(chiSquare < 27.9, "deciles " + java.util.Arrays.toString(perDecile) + ", chi² " + chiSquare);
    }
}
