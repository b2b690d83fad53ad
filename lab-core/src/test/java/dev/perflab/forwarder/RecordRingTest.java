package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MessageHandler;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The record ring on one thread, in small sizes: spans are the records byte for byte as they were appended, across
 * the arena's wrap (a gathering write of two views); a reader beyond the window gets history first and then spans
 * again; a reader the writer laps while it sends is told ({@link RecordRing.Reader.Lapped}). The publication
 * protocol across threads runs in every forwarder test ({@code ForwarderContractTest}, {@code ForwarderFaultsTest}).
 */
class RecordRingTest {
    private static final int ARENA_BYTES = 2 * Forwarder.FEED_READ_BYTES;

    /** The day's records, and the blocks a feed with reads of {@code blockBytes} would hand over. */
    private record Day(byte[] records, List<byte[]> messages) {
    }

    private static Day day(int count) throws Exception {
        byte[][] messages = MdfGenerator.day(count, 3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer file = ByteBuffer.allocate(DayFile.HEADER_BYTES + count * (512 + 8));
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        for (byte[] m : messages) {
            crc.reset();
            crc.update(m);
            file.putInt(m.length).put(m).putInt((int) crc.getValue());
        }
        out.write(file.array(), 0, file.position());
        return new Day(out.toByteArray(), List.of(messages));
    }

    /** Appends the day's records in blocks of at most {@code blockBytes}, whole records each. */
    private static void appendBlocks(RecordRing ring, Day day, int blockBytes, int fromRecord, int toRecord) {
        ByteBuffer all = ByteBuffer.wrap(day.records());
        FeedBlock block = new FeedBlock(Forwarder.FEED_READ_BYTES);
        int at = offsetOf(day, fromRecord);
        int record = fromRecord;
        while (record < toRecord) {
            block.clear(all);
            int start = at;
            while (record < toRecord && at + 8 + all.getInt(at) - start <= blockBytes) {
                int length = all.getInt(at);
                block.add(at + 4, length);
                at += length + 8;
                record++;
            }
            ring.append(block);
        }
    }

    private static int offsetOf(Day day, int record) {
        ByteBuffer all = ByteBuffer.wrap(day.records());
        int at = 0;
        for (int i = 0; i < record; i++) {
            at += all.getInt(at) + 8;
        }
        return at;
    }

    /**
     * One poll as a sender makes it: prepare, "write" at most {@code writeLimit} bytes of the span into {@code sent}
     * (a socket that takes only some), commit, then the rest of a cut record. History arrives as records with their CRC.
     */
    private static int poll(RecordRing.Reader reader, ByteArrayOutputStream sent, int writeLimit, Runnable whileWriting) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        MessageHandler fromHistory = m -> {
            byte[] bytes = new byte[m.remaining()];
            m.duplicate().get(bytes);
            crc.reset();
            crc.update(bytes);
            ByteBuffer rec = ByteBuffer.allocate(bytes.length + 8).putInt(bytes.length).put(bytes).putInt((int) crc.getValue());
            sent.write(rec.array(), 0, rec.capacity());
        };
        int n = reader.prepare(fromHistory);
        if (reader.spanMessages() == 0) {
            return n;
        }
        int written = 0;
        for (int i = 0; i < reader.viewCount(); i++) {
            ByteBuffer v = reader.views()[i];
            int take = Math.min(v.remaining(), writeLimit - written);
            byte[] bytes = new byte[take];
            v.get(bytes);
            sent.write(bytes, 0, take);
            written += take;
        }
        whileWriting.run();
        ByteBuffer rest = ByteBuffer.allocate(RecordRing.MAX_RECORD_BYTES);
        n += reader.commit(written, rest);
        byte[] bytes = new byte[rest.remaining()];
        rest.get(bytes);
        sent.write(bytes, 0, bytes.length);
        return n;
    }

    /** Reads everything published into one byte stream (spans as sent, history as records with their CRC). */
    private static byte[] drain(RecordRing.Reader reader) {
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        while (poll(reader, sent, Integer.MAX_VALUE, () -> { }) > 0) {
            // until nothing more is published
        }
        return sent.toByteArray();
    }

    private static HistoryStore historyOf(Day day) {
        return new HistoryStore() {
            @Override
            public void record(ByteBuffer message) {
            }

            @Override
            public void read(long from, long to, MessageHandler handler) {
                for (long s = from; s < to; s++) {
                    handler.onMessage(ByteBuffer.wrap(day.messages().get((int) s - 1)));
                }
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void spansAreTheRecordsAsAppendedAcrossTheArenasWrap() throws Exception {
        Day day = day(1_500);
        RecordRing ring = new RecordRing(ARENA_BYTES, 1_000_000, historyOf(day));
        RecordRing.Reader reader = ring.reader(1);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int[] twoViewSpans = {0};
        for (int from = 0; from < 1_500; from += 100) {
            appendBlocks(ring, day, 8 * 1024, from, from + 100);
            reader.prepare(m -> {
                throw new AssertionError("a reader that keeps up needs no history");
            });
            if (reader.viewCount() == 2) {
                twoViewSpans[0]++;
            }
            long bytes = 0;
            for (int i = 0; i < reader.viewCount(); i++) {
                byte[] b = new byte[reader.views()[i].remaining()];
                reader.views()[i].get(b);
                got.write(b, 0, b.length);
                bytes += b.length;
            }
            reader.commit(bytes, ByteBuffer.allocate(RecordRing.MAX_RECORD_BYTES));
        }
        assertArrayEquals(day.records(), got.toByteArray());
        assertTrue(twoViewSpans[0] > 0, "the day is larger than the arena: some span must wrap");
        assertEquals(1_501, reader.nextSequence());
    }

    @Test
    void aReaderBeyondTheWindowGetsHistoryThenSpans() throws Exception {
        Day day = day(2_000);
        RecordRing ring = new RecordRing(ARENA_BYTES, 300, historyOf(day));
        RecordRing.Reader late = ring.reader(1);
        appendBlocks(ring, day, 8 * 1024, 0, 2_000);
        assertArrayEquals(day.records(), drain(late), "every record once, in order, history first");
        assertEquals(2_001, late.nextSequence());
    }

    /** A socket that takes a few bytes at a time cuts records: the stream is still the records, whole, in order. */
    @Test
    void writesThatCutRecordsStillSendEveryRecordWhole() throws Exception {
        Day day = day(900);
        RecordRing ring = new RecordRing(ARENA_BYTES, 1_000_000, historyOf(day));
        RecordRing.Reader reader = ring.reader(1);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        for (int from = 0; from < 900; from += 150) {
            appendBlocks(ring, day, 8 * 1024, from, from + 150);
            while (reader.nextSequence() <= from + 150) {
                poll(reader, got, 1_001, () -> { });
            }
        }
        assertArrayEquals(day.records(), got.toByteArray());
    }

    @Test
    void aSpanOverwrittenWhileItIsSentIsReported() throws Exception {
        Day day = day(1_200);
        RecordRing ring = new RecordRing(ARENA_BYTES, 1_000_000, historyOf(day));
        RecordRing.Reader reader = ring.reader(1);
        appendBlocks(ring, day, 8 * 1024, 0, 200);
        assertThrows(RecordRing.Reader.Lapped.class, () -> poll(reader, new ByteArrayOutputStream(), Integer.MAX_VALUE,
                () -> appendBlocks(ring, day, 8 * 1024, 200, 1_200)));
    }

    @Test
    void aBlockOutOfSequenceIsRefused() throws Exception {
        Day day = day(300);
        RecordRing ring = new RecordRing(ARENA_BYTES, 1_000, historyOf(day));
        appendBlocks(ring, day, 8 * 1024, 0, 100);
        assertThrows(IllegalArgumentException.class, () -> appendBlocks(ring, day, 8 * 1024, 150, 200));
    }
}
