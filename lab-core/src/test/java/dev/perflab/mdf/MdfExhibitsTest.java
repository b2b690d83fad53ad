package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.mdf.RingRun.ReaderPlan;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exhibits are correct but slow; these tests prove what makes them exhibits (the counters share a
 * cache line; one log line per message) and that they still deliver the day.
 */
class MdfExhibitsTest {
    static final int CACHE_LINE_BYTES = 64;

    @Test
    void unpaddedCountersShareACacheLinePaddedOnesDoNot() throws Exception {
        try (SingleWriterRing unpadded = new SingleWriterRing(MdfRingContractTest.ROOMY, HistoryStore.NONE, false);
             SingleWriterRing padded = new SingleWriterRing(MdfRingContractTest.ROOMY, HistoryStore.NONE, true)) {
            assertTrue(unpadded.counterSpacingBytes() < CACHE_LINE_BYTES, "x-unpadded: " + unpadded.counterSpacingBytes());
            assertTrue(padded.counterSpacingBytes() >= 2 * CACHE_LINE_BYTES, "r3: " + padded.counterSpacingBytes());
        }
        List<List<byte[]>> got = RingRun.run(MdfRingLadder.LADDER.resolve("x-unpadded").factory(), MdfRingContractTest.TINY,
                MdfRingContractTest.MESSAGES, List.of(ReaderPlan.eager(), new ReaderPlan(0, 1, true)));
        got.forEach(r -> MdfRingContractTest.assertDay(r, 1, "x-unpadded"));
    }

    @Test
    void loggingRingWritesOneLinePerMessage() throws Exception {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        try (HistoryStore history = JdbcHistory.inMemory()) {
            history.recordAll(MdfRingContractTest.MESSAGES);
            LoggingHotPathRing ring = new LoggingHotPathRing(MdfRingContractTest.ROOMY, history, new PrintStream(lines, true));
            List<List<byte[]>> got = RingRun.run(ring, MdfRingContractTest.MESSAGES, List.of(ReaderPlan.eager()));
            MdfRingContractTest.assertDay(got.get(0), 1, "x-logging-hot-path");
        }
        String[] logged = lines.toString().split("\n");
        assertEquals(MdfRingContractTest.DAY, logged.length);
        assertTrue(logged[41].startsWith("received seq=42 "), logged[41]);
    }

    @Test
    void zeroCopyBatchIsSlicesOfTheRingsOwnMemory() {
        try (BatchedZeroCopyRing ring = new BatchedZeroCopyRing(MdfRingContractTest.ROOMY, HistoryStore.NONE)) {
            for (int i = 0; i < 10; i++) {
                ring.append(java.nio.ByteBuffer.wrap(MdfRingContractTest.MESSAGES[i]));
            }
            int[] seen = new int[1];
            int n = ring.reader(1).pollBatch((slices, count) -> {
                seen[0] = count;
                for (int i = 0; i < count; i++) {
                    assertTrue(slices[i].isDirect(), "a slice of the direct arena");
                    byte[] copy = new byte[slices[i].remaining()];
                    slices[i].get(copy);
                    assertArrayEquals(MdfRingContractTest.MESSAGES[i], copy);
                }
            }, m -> {
                throw new AssertionError("no history needed");
            });
            assertEquals(10, n);
            assertEquals(10, seen[0], "one call for every available message");
        }
    }
}
