package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The wire format: round trips, the 44-byte single task, and every kind of malformed header. */
class FramesTest {
    private static final String PEER = "generator 127.0.0.1:5555";

    private static byte[] taskFrame(long firstId, int n) {
        byte[] frame = new byte[Frames.frameBytes(n)];
        Frames.fillTasks(frame, firstId, n);
        return frame;
    }

    @Property(tries = 200)
    void batchRoundTrip(@ForAll @IntRange(min = 1, max = Frames.MAX_RECORDS) int count, @ForAll long firstId)
            throws IOException {
        byte[] frame = taskFrame(firstId, count);
        assertEquals(4 + 40 * count, frame.length);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(frame));
        Frames.Header header = Frames.readHeader(in, Frames.TYPE_TASKS, PEER);
        assertEquals(new Frames.Header(Frames.TYPE_TASKS, count), header);
        assertEquals(header, Frames.readHeader(frame, 0, Frames.TYPE_TASKS, PEER));
        assertEquals(header, Frames.readHeader(ByteBuffer.wrap(frame), Frames.TYPE_TASKS, PEER));
        for (int i = 0; i < count; i++) {
            assertEquals(firstId + i, in.readLong());
            byte[] payload = new byte[Frames.PAYLOAD_BYTES];
            in.readFully(payload);
            assertArrayEquals(Payloads.of(firstId + i), payload);
        }
        assertEquals(-1, in.read(), "nothing after the last record");
    }

    @Test
    void aSingleTaskWrittenFieldByFieldIs44BytesAndReadsBack() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(Frames.TYPE_TASKS);
        out.writeByte(Frames.VERSION);
        out.writeShort(1);
        out.writeLong(77);
        out.write(Payloads.of(77));
        assertEquals(44, bytes.size());
        assertEquals(44, Frames.SINGLE_TASK_FRAME_BYTES);
        assertArrayEquals(taskFrame(77, 1), bytes.toByteArray(), "field-by-field and batch encodings agree");
    }

    @Test
    void endFrameCarriesTheTotal() throws IOException {
        byte[] end = Frames.endFrame(123_456_789_012L);
        assertEquals(Frames.END_FRAME_BYTES, end.length);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(end));
        assertTrue(Frames.readHeader(in, Frames.TYPE_RESULTS, PEER).isEnd());
        assertEquals(123_456_789_012L, Frames.readEndTotal(in, PEER));
    }

    @Test
    void cleanEndOfStreamBeforeAHeaderIsNull() throws IOException {
        assertNull(Frames.readHeader(new DataInputStream(new ByteArrayInputStream(new byte[0])), Frames.TYPE_TASKS, PEER));
    }

    private static String rejected(int type, int version, int count, int expectedType) {
        FrameException e = assertThrows(FrameException.class, () -> Frames.check(type, version, count, expectedType, PEER));
        assertTrue(e.getMessage().startsWith("bad frame from " + PEER + ": "), e.getMessage());
        return e.getMessage();
    }

    @Test
    void malformedHeadersAreRejectedNamingThePeer() {
        assertTrue(rejected(Frames.TYPE_TASKS, 2, 1, Frames.TYPE_TASKS).contains("version 2, expected 1"));
        assertTrue(rejected(9, 1, 1, Frames.TYPE_TASKS).contains("type 9"));
        assertTrue(rejected(Frames.TYPE_RESULTS, 1, 1, Frames.TYPE_TASKS).contains("type 2, expected 1"));
        assertTrue(rejected(Frames.TYPE_TASKS, 1, 0, Frames.TYPE_TASKS).contains("0 records, limit 1..4096"));
        assertTrue(rejected(Frames.TYPE_TASKS, 1, Frames.MAX_RECORDS + 1, Frames.TYPE_TASKS).contains("4097 records"));
        assertTrue(rejected(Frames.TYPE_TASKS, 1, 65_535, Frames.TYPE_TASKS).contains("65535 records"));
        assertTrue(rejected(Frames.TYPE_END, 1, 3, Frames.TYPE_TASKS).contains("end frame with count 3"));
    }

    @Test
    void truncatedInputThrowsEof() {
        byte[] frame = taskFrame(0, 3);
        DataInputStream header = new DataInputStream(new ByteArrayInputStream(frame, 0, 3));
        assertThrows(EOFException.class, () -> Frames.readHeader(header, Frames.TYPE_TASKS, PEER));
        DataInputStream end = new DataInputStream(new ByteArrayInputStream(Arrays.copyOf(Frames.endFrame(5), 9)));
        EOFException e = assertThrows(EOFException.class, () -> {
            Frames.readHeader(end, Frames.TYPE_TASKS, PEER);
            Frames.readEndTotal(end, PEER);
        });
        assertTrue(e.getMessage().contains(PEER), e.getMessage());
    }

    @Property(tries = 200)
    void longsRoundTripBigEndian(@ForAll long value) {
        byte[] b = new byte[10];
        Frames.putLong(b, 1, value);
        assertEquals(value, Frames.getLong(b, 1));
        assertEquals((byte) (value >>> 56), b[1], "most significant byte first");
    }
}
