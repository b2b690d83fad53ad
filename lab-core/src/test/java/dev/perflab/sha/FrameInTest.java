package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link FrameIn}, r15's in-place reader: frames come out whole and in order however the bytes are cut into
 * reads (a socket returns whatever has arrived), including across the buffer's compaction; a bad header is
 * rejected before its body is waited for; an end of stream is clean only between frames.
 */
class FrameInTest {
    private static final String PEER = "generator 127.0.0.1:5555";

    /** Returns at most {@code chunks[i % chunks.length]} bytes per read, as a socket returns what has arrived. */
    private static InputStream chunked(byte[] bytes, int seed, int maxChunk) {
        SplittableRandom random = new SplittableRandom(seed);
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(maxChunk)));
            }
        };
    }

    /** {@code frames} task frames of {@code n} tasks each, ids from 0, then an end frame. */
    private static byte[] stream(int frames, int n) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int f = 0; f < frames; f++) {
            byte[] frame = new byte[Frames.frameBytes(n)];
            Frames.fillTasks(frame, (long) f * n, n);
            out.writeBytes(frame);
        }
        out.writeBytes(Frames.endFrame((long) frames * n));
        return out.toByteArray();
    }

    /** Reads every frame and checks each record against what the generator wrote; returns the end total. */
    private static long readAll(FrameIn in, int frames, int n) throws IOException {
        for (int f = 0; f < frames; f++) {
            Frames.Header header = in.next();
            assertEquals(new Frames.Header(Frames.TYPE_TASKS, n), header);
            for (int i = 0; i < n; i++) {
                long id = (long) f * n + i;
                int off = in.recordsOffset() + i * Frames.RECORD_BYTES;
                assertEquals(id, Frames.getLong(in.buffer(), off));
                assertArrayEquals(Payloads.of(id), Arrays.copyOfRange(in.buffer(), off + Frames.ID_BYTES,
                        off + Frames.RECORD_BYTES));
            }
        }
        Frames.Header end = in.next();
        assertTrue(end.isEnd());
        long total = in.endTotal();
        assertNull(in.next(), "a clean end of stream after the end frame");
        return total;
    }

    @Property(tries = 30)
    void framesComeOutWholeHoweverTheReadsAreCut(@ForAll @IntRange(min = 1, max = 50) int frames,
                                                 @ForAll @IntRange(min = 1, max = Frames.MAX_RECORDS) int n,
                                                 @ForAll @IntRange(min = 1, max = 200_000) int maxChunk,
                                                 @ForAll int seed) throws IOException {
        FrameIn in = new FrameIn(chunked(stream(frames, n), seed, maxChunk), Frames.TYPE_TASKS, PEER);
        assertEquals((long) frames * n, readAll(in, frames, n));
    }

    @Test
    void largestFramesOneByteAtATimePastManyCompactions() throws IOException {
        int frames = 3 * FrameIn.BUFFER_BYTES / Frames.MAX_FRAME_BYTES;
        FrameIn in = new FrameIn(chunked(stream(frames, Frames.MAX_RECORDS), 1, 1), Frames.TYPE_TASKS, PEER);
        assertEquals((long) frames * Frames.MAX_RECORDS, readAll(in, frames, Frames.MAX_RECORDS));
    }

    @Test
    void anOversizedCountIsRejectedBeforeItsBodyIsAwaited() {
        byte[] header = {Frames.TYPE_TASKS, Frames.VERSION, (byte) 0x10, 1}; // 4097 records, no body follows
        FrameIn in = new FrameIn(new ByteArrayInputStream(header), Frames.TYPE_TASKS, PEER);
        FrameException e = assertThrows(FrameException.class, in::next);
        assertEquals("bad frame from " + PEER + ": 4097 records, limit 1..4096 (" + Frames.MAX_FRAME_BYTES + " bytes)",
                e.getMessage());
    }

    @Test
    void aResultFrameOnTheTaskStreamIsRejected() {
        byte[] frame = {Frames.TYPE_RESULTS, Frames.VERSION, 0, 1};
        FrameIn in = new FrameIn(new ByteArrayInputStream(frame), Frames.TYPE_TASKS, PEER);
        assertTrue(assertThrows(FrameException.class, in::next).getMessage().contains("type 2, expected 1"));
    }

    @Test
    void anEndOfStreamInsideAFrameIsAnError() throws IOException {
        byte[] whole = stream(1, 10);
        FrameIn body = new FrameIn(new ByteArrayInputStream(Arrays.copyOf(whole, 30)), Frames.TYPE_TASKS, PEER);
        assertThrows(EOFException.class, body::next);
        FrameIn header = new FrameIn(new ByteArrayInputStream(Arrays.copyOf(whole, 2)), Frames.TYPE_TASKS, PEER);
        assertThrows(EOFException.class, header::next);
        FrameIn empty = new FrameIn(new ByteArrayInputStream(new byte[0]), Frames.TYPE_TASKS, PEER);
        assertNull(empty.next());
    }
}
