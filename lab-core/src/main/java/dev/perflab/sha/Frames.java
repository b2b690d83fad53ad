package dev.perflab.sha;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The pipeline's wire format: one frame layout for tasks, results and the end of a stream.
 *
 * <pre>
 *  frame header, 4 bytes (big-endian, as DataOutputStream writes)
 *  +--------+---------+-----------------+
 *  | type u8| vers u8 |  count u16      |   type: 1 tasks, 2 results, 3 end
 *  +--------+---------+-----------------+   count: records that follow (1..MAX_RECORDS)
 *
 *  task record, 40 bytes                     result record, 40 bytes
 *  +----------------+------------------+     +----------------+------------------+
 *  | id  i64        | payload 32 bytes |     | id  i64        | SHA-256 32 bytes |
 *  +----------------+------------------+     +----------------+------------------+
 *
 *  end frame: header with count 0, then the sender's total records as i64 (12 bytes in all)
 * </pre>
 *
 * A single task on the wire is a header with count 1 and one record: 4 + 40 = 44 bytes, the report's figure.
 * A batch of n tasks is 4 + 40·n bytes. The count is checked against {@link #MAX_RECORDS} before any
 * body byte is read, so a frame can never make the reader allocate more than {@link #MAX_FRAME_BYTES}.
 */
public final class Frames {
    public static final int HEADER_BYTES = 4;
    public static final int ID_BYTES = 8;
    public static final int PAYLOAD_BYTES = 32;
    public static final int DIGEST_BYTES = 32;
    public static final int RECORD_BYTES = ID_BYTES + PAYLOAD_BYTES;
    /** One task alone on the wire: the report's 44 bytes. */
    public static final int SINGLE_TASK_FRAME_BYTES = HEADER_BYTES + RECORD_BYTES;
    public static final int END_FRAME_BYTES = HEADER_BYTES + Long.BYTES;

    public static final int TYPE_TASKS = 1;
    public static final int TYPE_RESULTS = 2;
    public static final int TYPE_END = 3;
    public static final int VERSION = 1;

    /** Most records one frame may carry; larger counts are rejected as malformed. */
    public static final int MAX_RECORDS = 4096;
    public static final int MAX_FRAME_BYTES = HEADER_BYTES + MAX_RECORDS * RECORD_BYTES;

    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Frames() {
    }

    /** A decoded, validated header. */
    public record Header(int type, int count) {
        public boolean isEnd() {
            return type == TYPE_END;
        }
    }

    public static int frameBytes(int records) {
        return HEADER_BYTES + records * RECORD_BYTES;
    }

    /** Writes a header at {@code off}. */
    public static void putHeader(byte[] frame, int off, int type, int count) {
        frame[off] = (byte) type;
        frame[off + 1] = (byte) VERSION;
        frame[off + 2] = (byte) (count >>> 8);
        frame[off + 3] = (byte) count;
    }

    /** Writes a big-endian long: one (bounds-checked) 8-byte store instead of eight byte stores. */
    public static void putLong(byte[] b, int off, long v) {
        LONG_BE.set(b, off, v);
    }

    public static long getLong(byte[] b, int off) {
        return (long) LONG_BE.get(b, off);
    }

    /** Offset of record {@code i}'s id in a frame that starts at {@code frameOff}. */
    public static int recordOffset(int frameOff, int i) {
        return frameOff + HEADER_BYTES + i * RECORD_BYTES;
    }

    /**
     * Writes a task frame of {@code n} tasks with ids {@code firstId, firstId + 1, …} and their
     * {@link Payloads} at the start of {@code frame}: what the generator sends.
     */
    public static void fillTasks(byte[] frame, long firstId, int n) {
        fillTasks(frame, firstId, n, false);
    }

    /**
     * As {@link #fillTasks(byte[], long, int)}; with {@code shareMixes} the payloads come from
     * {@link Payloads#fillConsecutive} (the same bytes, a quarter of the mixing: r16).
     */
    public static void fillTasks(byte[] frame, long firstId, int n, boolean shareMixes) {
        putHeader(frame, 0, TYPE_TASKS, n);
        for (int i = 0; i < n; i++) {
            int off = recordOffset(0, i);
            putLong(frame, off, firstId + i);
            if (!shareMixes) {
                Payloads.fill(firstId + i, frame, off + ID_BYTES);
            }
        }
        if (shareMixes) {
            Payloads.fillConsecutive(firstId, n, frame, recordOffset(0, 0) + ID_BYTES, RECORD_BYTES);
        }
    }

    /** An end frame carrying the sender's total. */
    public static byte[] endFrame(long total) {
        byte[] frame = new byte[END_FRAME_BYTES];
        putHeader(frame, 0, TYPE_END, 0);
        putLong(frame, HEADER_BYTES, total);
        return frame;
    }

    /**
     * Validates a header's four bytes.
     *
     * @param expectedType {@link #TYPE_TASKS} or {@link #TYPE_RESULTS}: the one data type this stream may carry
     * @param peer         named in the error, e.g. "generator 127.0.0.1:41234"
     */
    public static Header check(int type, int version, int count, int expectedType, String peer) throws FrameException {
        if (version != VERSION) {
            throw new FrameException("bad frame from " + peer + ": version " + version + ", expected " + VERSION);
        }
        if (type == TYPE_END) {
            if (count != 0) {
                throw new FrameException("bad frame from " + peer + ": end frame with count " + count + ", expected 0");
            }
            return new Header(type, 0);
        }
        if (type != expectedType) {
            throw new FrameException("bad frame from " + peer + ": type " + type + ", expected " + expectedType
                    + " or " + TYPE_END + " (end)");
        }
        if (count < 1 || count > MAX_RECORDS) {
            throw new FrameException("bad frame from " + peer + ": " + count + " records, limit 1.." + MAX_RECORDS
                    + " (" + MAX_FRAME_BYTES + " bytes)");
        }
        return new Header(type, count);
    }

    /**
     * Reads and validates a header from a stream.
     *
     * @return the header, or null at a clean end of stream before its first byte
     */
    public static Header readHeader(DataInputStream in, int expectedType, String peer) throws IOException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        int version = in.readUnsignedByte();
        int count = in.readUnsignedShort();
        return check(type, version, count, expectedType, peer);
    }

    /** Reads a header from the first four bytes of {@code b}. */
    public static Header readHeader(byte[] b, int off, int expectedType, String peer) throws FrameException {
        return check(b[off] & 0xFF, b[off + 1] & 0xFF, ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF),
                expectedType, peer);
    }

    /** Reads and validates a header from a buffer's next four bytes. */
    public static Header readHeader(ByteBuffer b, int expectedType, String peer) throws FrameException {
        int type = b.get() & 0xFF;
        int version = b.get() & 0xFF;
        int count = b.getShort() & 0xFFFF;
        return check(type, version, count, expectedType, peer);
    }

    /** Reads the total that follows an end header. */
    public static long readEndTotal(DataInputStream in, String peer) throws IOException {
        try {
            return in.readLong();
        } catch (EOFException e) {
            throw new EOFException(peer + " closed the connection inside an end frame");
        }
    }
}
