package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reader without a lock reads a record's length before it can know whether the writer has overwritten
 * the record. The bytes it finds may then be the middle of a newer message: a length that is in range
 * (32–512) but, at that place, runs past the arena's end. The random days of {@link MdfDifferentialTest}
 * hit this as a race (r3 threw {@code IndexOutOfBoundsException} from its copy); here the torn length is
 * planted, so the case is tested every run: the reader must treat the record as lost, never throw.
 */
class TornLengthTest {
    private static final byte[][] MESSAGES = MdfRingContract.messages();
    /** In range for a message, and long enough to run past the end from the arena's last record. */
    private static final int TORN_LENGTH = MdfMessage.MAX_BYTES - 12;

    @Test
    void plausibleLengthIsInRangeAndFitsBeforeTheArenasEnd() {
        RecordArena arena = new RecordArena(1024, false);
        int last = 1024 - 64;
        arena.bytes().putInt(last, 60);
        assertEquals(60, arena.plausibleLengthAt(last), "4 + 60 bytes fit in the last 64");
        arena.bytes().putInt(last, 61);
        assertEquals(-1, arena.plausibleLengthAt(last), "4 + 61 bytes run past the end");
        arena.bytes().putInt(0, MdfMessage.MIN_BYTES - 1);
        assertEquals(-1, arena.plausibleLengthAt(1024), "below the shortest message (position 1024 is index 0)");
        arena.bytes().putInt(0, MdfMessage.MAX_BYTES + 1);
        assertEquals(-1, arena.plausibleLengthAt(0), "above the longest message");
        arena.bytes().putInt(0, MdfMessage.MAX_BYTES);
        assertEquals(MdfMessage.MAX_BYTES, arena.plausibleLengthAt(0));
    }

    @Test
    void copyingReaderTakesATornRecordFromHistory() {
        try (HistoryStore history = JdbcHistory.inMemory();
             SingleWriterRing ring = new SingleWriterRing(MdfRingContract.TINY, history)) {
            history.recordAll(MESSAGES);
            long seq = appendUntilARecordNearTheEnd(ring);
            tearLength(ring, seq);
            List<byte[]> got = new ArrayList<>();
            int delivered = ring.reader(seq).poll(m -> got.add(bytesOf(m)));
            assertEquals(1, delivered, "the torn message, from history");
            assertArrayEquals(MESSAGES[(int) seq - 1], got.get(0));
        }
    }

    @Test
    void zeroCopyReaderStopsItsBatchAtATornRecord() {
        try (BatchedZeroCopyRing ring = new BatchedZeroCopyRing(MdfRingContract.TINY, HistoryStore.NONE)) {
            long seq = appendUntilARecordNearTheEnd(ring);
            tearLength(ring, seq);
            int delivered = ring.reader(seq - 1).pollBatch((slices, count) -> {
                assertEquals(1, count, "the batch ends before the torn record");
                assertArrayEquals(MESSAGES[(int) seq - 2], bytesOf(slices[0]));
            }, m -> {
                throw new AssertionError("nothing was lapped");
            });
            assertEquals(1, delivered);
        }
    }

    /** Appends the day's messages until one starts too near the arena's end for {@link #TORN_LENGTH}. */
    private static long appendUntilARecordNearTheEnd(SingleWriterRing ring) {
        int capacity = ring.arena.capacity();
        for (int i = 0; i < MESSAGES.length; i++) {
            ring.append(ByteBuffer.wrap(MESSAGES[i]));
            long seq = i + MdfRing.FIRST_SEQUENCE;
            int index = (int) (ring.positions[(int) (seq & ring.indexMask)] & (capacity - 1));
            if (seq > MdfRing.FIRST_SEQUENCE && index + RecordArena.LENGTH_BYTES + TORN_LENGTH > capacity) {
                return seq;
            }
        }
        throw new AssertionError("no record started within " + TORN_LENGTH + " bytes of the arena's end");
    }

    /** What a racing reader may find: the record's length replaced by bytes of a newer message. */
    private static void tearLength(SingleWriterRing ring, long seq) {
        long start = ring.positions[(int) (seq & ring.indexMask)];
        ring.arena.bytes().putInt((int) (start & (ring.arena.capacity() - 1)), TORN_LENGTH);
        assertEquals(-1, ring.arena.plausibleLengthAt(start));
        assertTrue(ring.arena.lengthAt(start) <= MdfMessage.MAX_BYTES, "the torn length is in range");
    }

    private static byte[] bytesOf(ByteBuffer message) {
        byte[] copy = new byte[message.remaining()];
        message.duplicate().get(copy);
        return copy;
    }

    /**
     * A peer that reads in place (peer-agrona-broadcast) validates the sequence it read, then hands the message
     * on; by then the writer may have put a newer message's bytes there. Delivery must go by the validated
     * sequence, not a second read: here the bytes say a sequence far behind, and the validated one must still be
     * delivered (after the gap from history), so the reader's rewind after the overwrite finds it in what it got.
     */
    @Test
    void inPlaceDeliveryGoesByTheValidatedSequenceNotASecondRead() {
        try (HistoryStore history = JdbcHistory.inMemory()) {
            history.recordAll(MESSAGES);
            SequencedDelivery position = new SequencedDelivery(history, 3);
            ByteBuffer overwritten = ByteBuffer.wrap(MESSAGES[0].clone());
            List<byte[]> got = new ArrayList<>();
            int delivered = position.deliver(5, overwritten, m -> got.add(bytesOf(m)));
            assertEquals(3, delivered, "sequences 3 and 4 from history, then the validated 5");
            assertEquals(6, position.next());
            assertArrayEquals(MESSAGES[2], got.get(0));
            assertArrayEquals(MESSAGES[3], got.get(1));
            assertEquals(0, position.deliver(5, overwritten, m -> got.add(bytesOf(m))), "5 again is a repeat");
        }
    }
}
