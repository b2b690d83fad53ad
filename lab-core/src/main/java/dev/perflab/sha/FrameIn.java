package dev.perflab.sha;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The reading end of one connection for whole-frame rungs (r15 on): each socket read takes whatever has
 * arrived, up to the buffer's free space, and frames are used in place, where they were read.
 *
 * <pre>
 *  buffer (BUFFER_BYTES, allocated once)
 *  0            pos                                        end                capacity
 *  +------------+--------------------------------------------+------------------+
 *  | used       | frame | frame | first bytes of a frame      | free: next read  |
 *  +------------+--------------------------------------------+------------------+
 *  next(): if the frame at pos is not whole, read into the free space (moving the partial frame to
 *  offset 0 first when it would not fit), then return its header; its records stay at recordsOffset()
 *  until the next call.
 * </pre>
 *
 * Before r15 a batch was read through a {@code BufferedInputStream}: header field by field, then the body
 * copied out of the stream's buffer into a task buffer. Here the header is checked in the buffer
 * ({@link Frames#readHeader(byte[], int, int, String)}, before any body byte is used, so a bad count is
 * still rejected first) and the records are digested or sampled from the buffer itself: one copy less, and
 * one read call per frame or fewer, since a read takes every frame that has arrived.
 *
 * <p>Not thread-safe: one thread reads a connection.
 */
final class FrameIn {
    /** Room for several of the largest frames, so one read can take more than one. */
    static final int BUFFER_BYTES = 4 * Frames.MAX_FRAME_BYTES;

    private final InputStream in;
    private final int expectedType;
    private final String peer;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int pos;
    private int end;
    private int frameOff;

    /**
     * @param expectedType {@link Frames#TYPE_TASKS} or {@link Frames#TYPE_RESULTS}
     * @param peer         named in errors, e.g. "generator 127.0.0.1:41234"
     */
    FrameIn(InputStream in, int expectedType, String peer) {
        this.in = in;
        this.expectedType = expectedType;
        this.peer = peer;
    }

    /**
     * Reads until the next frame is whole and returns its validated header; for a data frame its records
     * are at {@link #recordsOffset()} of {@link #buffer()}, for an end frame its total is {@link #endTotal()},
     * both until the next call.
     *
     * @return the header, or null at a clean end of stream before the frame's first byte
     * @throws EOFException when the stream ends inside a frame
     */
    Frames.Header next() throws IOException {
        if (!fill(Frames.HEADER_BYTES)) {
            return null;
        }
        Frames.Header header = Frames.readHeader(buffer, pos, expectedType, peer);
        int bytes = header.isEnd() ? Frames.END_FRAME_BYTES : Frames.frameBytes(header.count());
        if (!fill(bytes)) {
            throw new EOFException(peer + " closed the connection inside a frame");
        }
        frameOff = pos;
        pos += bytes;
        return header;
    }

    /** The buffer the current frame lies in. */
    byte[] buffer() {
        return buffer;
    }

    /** Where the current data frame's first record starts in {@link #buffer()}. */
    int recordsOffset() {
        return frameOff + Frames.HEADER_BYTES;
    }

    /** The total carried by the current frame, an end frame. */
    long endTotal() {
        return Frames.getLong(buffer, frameOff + Frames.HEADER_BYTES);
    }

    /**
     * Reads until {@code bytes} bytes from {@code pos} are in the buffer.
     *
     * @return false at end of stream with no byte of them read; throws if it ends part-way
     */
    private boolean fill(int bytes) throws IOException {
        while (end - pos < bytes) {
            if (buffer.length - pos < bytes) {
                System.arraycopy(buffer, pos, buffer, 0, end - pos);
                end -= pos;
                pos = 0;
            }
            int n = in.read(buffer, end, buffer.length - end);
            if (n < 0) {
                if (end == pos) {
                    return false;
                }
                throw new EOFException(peer + " closed the connection inside a frame");
            }
            end += n;
        }
        return true;
    }
}
