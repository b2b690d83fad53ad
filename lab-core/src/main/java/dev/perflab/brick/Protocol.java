package dev.perflab.brick;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The mover's wire format (big-endian). Nothing is ever deserialized as a Java object: every length is
 * checked against its limit before a byte of the body is read.
 *
 * <pre>
 *  request (4 bytes)        response header (6 bytes)            body
 *  +-------------------+    +---------------------+----------+    +------------------------------------+
 *  | 'N' 'E' 'X' 'T'   |    | tag (i32)           | len (u16)|    | line: its result, no \r\n, ≤ 210 B |
 *  +-------------------+    +---------------------+----------+    | end:  total lines (i32), len = 4   |
 *                             tag ≥ 0: line number; -1: end       +------------------------------------+
 *  r0, r1:  a response is header + body (6–216 bytes), one per request, read as header then body
 *  r2–r5:   each response padded to 256 bytes, so N requests are answered by one 256·N-byte read
 *  r6 on:   packed: the N responses to N requests back to back at their own length, in one write
 *
 *  packed batch (N = 64):  ┌─hdr─┬─result─┬─hdr─┬─result──────┬─hdr─┬┬─hdr─┬─result─┐ … N frames
 *                          └─────┴────────┴─────┴─────────────┴─────┴┴─────┴────────┘
 *                          the client parses frames from whatever each read brought, checking every
 *                          header's length (≤ 210) before it trusts the body; a frame split across two
 *                          reads waits for the second. About 80 bytes a line on the wire (the 6-byte
 *                          header, a 74-byte result on average) instead of 256.
 * </pre>
 */
public final class Protocol {
    /** The only request: "the next line, please". */
    public static final int REQUEST_NEXT = 0x4E455854;
    public static final int REQUEST_BYTES = 4;
    public static final int HEADER_BYTES = 6;
    /** Tag of the response that says the file is done; its body is the total line count. */
    public static final int TAG_END = -1;
    public static final int END_BODY_BYTES = 4;
    /** The report's fixed response size: header and the longest result fit. */
    public static final int FIXED_RESPONSE_BYTES = 256;
    /** Longest response, fixed or not. */
    public static final int MAX_RESPONSE_BYTES = FIXED_RESPONSE_BYTES;

    static {
        if (HEADER_BYTES + Bricks.MAX_RESULT_BYTES > FIXED_RESPONSE_BYTES) {
            throw new AssertionError("a result does not fit a fixed response");
        }
    }

    private Protocol() {
    }

    /** A frame that breaks the format: the connection is closed with this message. */
    public static final class FrameException extends IOException {
        public FrameException(String message) {
            super(message, null);
        }
    }

    /**
     * Checks a response header at {@code at}: returns the body length.
     *
     * @throws FrameException naming what is wrong
     */
    static int checkHeader(ByteBuffer buf, int at) throws FrameException {
        int tag = buf.getInt(at);
        int len = Short.toUnsignedInt(buf.getShort(at + 4));
        if (tag >= 0 && len > Bricks.MAX_RESULT_BYTES) {
            throw new FrameException("response for line " + tag + " says " + len + " bytes; at most "
                    + Bricks.MAX_RESULT_BYTES);
        }
        if (tag < 0 && (tag != TAG_END || len != END_BODY_BYTES)) {
            throw new FrameException("bad response header: tag " + tag + ", length " + len);
        }
        return len;
    }
}
