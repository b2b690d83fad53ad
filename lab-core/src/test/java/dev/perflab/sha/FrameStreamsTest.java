package dev.perflab.sha;

import dev.perflab.net.Connection;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The wire format as the collector sees it (result frames and the end frame) and as the bytes really
 * leave {@link FrameOut}: what {@code FramesTest} leaves out. Every reader of a header ({@code byte[]},
 * {@code ByteBuffer}, {@code DataInputStream}) gets the same bytes and must agree.
 */
class FrameStreamsTest {
    private static final String PEER = "executor 127.0.0.1:6000";

    /** A result frame as an executor worker fills it: header, then (id, SHA-256 of the payload) records. */
    private static byte[] resultFrame(long firstId, int n) {
        byte[] tasks = new byte[Frames.frameBytes(n)];
        Frames.fillTasks(tasks, firstId, n);
        byte[] results = new byte[Frames.frameBytes(n)];
        Frames.putHeader(results, 0, Frames.TYPE_RESULTS, n);
        DigestPolicy.THREAD_LOCAL_INTO_OUTPUT.digest(tasks, Frames.HEADER_BYTES, n, results, Frames.HEADER_BYTES);
        return results;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        return all.toByteArray();
    }

    @Property(tries = 60)
    void resultFramesAndTheEndFrameRoundTripThroughEveryReader(
            @ForAll @IntRange(min = 1, max = Frames.MAX_RECORDS) int count, @ForAll long firstId) throws IOException {
        byte[] frame = resultFrame(firstId, count);
        byte[] wire = concat(frame, Frames.endFrame(count));
        Frames.Header expected = new Frames.Header(Frames.TYPE_RESULTS, count);
        assertEquals(expected, Frames.readHeader(wire, 0, Frames.TYPE_RESULTS, PEER));
        assertEquals(expected, Frames.readHeader(ByteBuffer.wrap(wire), Frames.TYPE_RESULTS, PEER));

        DataInputStream in = new DataInputStream(new ByteArrayInputStream(wire));
        assertEquals(expected, Frames.readHeader(in, Frames.TYPE_RESULTS, PEER));
        for (int i = 0; i < count; i++) {
            long id = firstId + i;
            assertEquals(id, Frames.getLong(frame, Frames.recordOffset(0, i)), "byte[] view of record " + i);
            assertEquals(id, in.readLong(), "stream view of record " + i);
            byte[] digest = new byte[Frames.DIGEST_BYTES];
            in.readFully(digest);
            // spot-check digests (a fresh MessageDigest per record would dominate the property's time)
            if (i == 0 || i == count - 1 || i % 97 == 0) {
                assertArrayEquals(Sha256.of(Payloads.of(id)), digest, "digest of record " + i);
            }
        }
        Frames.Header end = Frames.readHeader(in, Frames.TYPE_RESULTS, PEER);
        assertTrue(end.isEnd(), "end frame follows the last record");
        assertEquals(count, Frames.readEndTotal(in, PEER));
        assertEquals(-1, in.read(), "nothing after the end frame");
    }

    @Property(tries = 100)
    void theEndFrameReadsTheSameThroughByteArrayAndBuffer(@ForAll long total) throws IOException {
        byte[] end = Frames.endFrame(total);
        assertEquals(Frames.END_FRAME_BYTES, end.length);
        assertEquals(12, end.length);
        for (int expectedType : new int[] {Frames.TYPE_TASKS, Frames.TYPE_RESULTS}) {
            assertEquals(new Frames.Header(Frames.TYPE_END, 0), Frames.readHeader(end, 0, expectedType, PEER));
            ByteBuffer b = ByteBuffer.wrap(end);
            assertTrue(Frames.readHeader(b, expectedType, PEER).isEnd());
            assertEquals(total, b.getLong(), "big-endian total after the header");
            assertEquals(total, Frames.getLong(end, Frames.HEADER_BYTES));
        }
    }

    /** Header bytes as they would arrive; every reader must reject them with the same peer-naming line. */
    private static String rejectedByEveryReader(int type, int version, int count, int expectedType) {
        byte[] header = {(byte) type, (byte) version, (byte) (count >>> 8), (byte) count, 0, 0, 0, 0};
        FrameException fromArray = assertThrows(FrameException.class,
                () -> Frames.readHeader(header, 0, expectedType, PEER));
        FrameException fromBuffer = assertThrows(FrameException.class,
                () -> Frames.readHeader(ByteBuffer.wrap(header), expectedType, PEER));
        FrameException fromStream = assertThrows(FrameException.class, () -> Frames.readHeader(
                new DataInputStream(new ByteArrayInputStream(header)), expectedType, PEER));
        assertEquals(fromArray.getMessage(), fromBuffer.getMessage());
        assertEquals(fromArray.getMessage(), fromStream.getMessage());
        assertTrue(fromArray.getMessage().startsWith("bad frame from " + PEER + ": "), fromArray.getMessage());
        return fromArray.getMessage();
    }

    @Test
    void malformedBytesAreRejectedByEveryReader() {
        int results = Frames.TYPE_RESULTS;
        assertTrue(rejectedByEveryReader(results, 0, 1, results).contains("version 0, expected 1"));
        assertTrue(rejectedByEveryReader(results, 255, 1, results).contains("version 255"));
        assertTrue(rejectedByEveryReader(0, 1, 1, results).contains("type 0, expected 2 or 3"));
        assertTrue(rejectedByEveryReader(255, 1, 1, results).contains("type 255"));
        assertTrue(rejectedByEveryReader(Frames.TYPE_TASKS, 1, 1, results).contains("type 1, expected 2"),
                "a task frame on the result stream");
        assertTrue(rejectedByEveryReader(results, 1, 0, results).contains("0 records"));
        assertTrue(rejectedByEveryReader(results, 1, Frames.MAX_RECORDS + 1, results).contains("4097 records"));
        assertTrue(rejectedByEveryReader(results, 1, 0xFFFF, results).contains("65535 records"),
                "the largest u16 count is read unsigned, not as -1");
        assertTrue(rejectedByEveryReader(Frames.TYPE_END, 1, 1, results).contains("end frame with count 1"));
    }

    @Test
    void theLargestAllowedCountIsAccepted() throws FrameException {
        assertEquals(Frames.MAX_RECORDS, Frames.check(Frames.TYPE_RESULTS, 1, Frames.MAX_RECORDS,
                Frames.TYPE_RESULTS, PEER).count());
        assertEquals(Frames.HEADER_BYTES + Frames.MAX_RECORDS * Frames.RECORD_BYTES, Frames.MAX_FRAME_BYTES);
    }

    /** Reads one result frame and the end frame the way the collector does, field by field. */
    private static long readLikeTheCollector(InputStream bytes) throws IOException {
        DataInputStream in = new DataInputStream(bytes);
        Frames.Header h = Frames.readHeader(in, Frames.TYPE_RESULTS, PEER);
        if (h == null) {
            return -1;
        }
        byte[] digest = new byte[Frames.DIGEST_BYTES];
        for (int i = 0; i < h.count(); i++) {
            in.readLong();
            in.readFully(digest);
        }
        Frames.Header end = Frames.readHeader(in, Frames.TYPE_RESULTS, PEER);
        if (end == null) {
            throw new EOFException("no end frame");
        }
        return Frames.readEndTotal(in, PEER);
    }

    @Test
    void theStreamCutAtAnyByteThrowsEof() throws IOException {
        byte[] wire = concat(resultFrame(10, 2), Frames.endFrame(2));
        assertEquals(2, readLikeTheCollector(new ByteArrayInputStream(wire)), "the whole stream reads");
        assertEquals(-1, readLikeTheCollector(new ByteArrayInputStream(wire, 0, 0)), "empty: a clean end");
        for (int cut = 1; cut < wire.length; cut++) {
            InputStream shorter = new ByteArrayInputStream(Arrays.copyOf(wire, cut));
            assertThrows(EOFException.class, () -> readLikeTheCollector(shorter), "cut after " + cut + " bytes");
        }
    }

    /**
     * One task written by {@link FrameOut#writeSingle} (field by field through a DataOutputStream, as the
     * generator's r0 does) is 44 bytes on a real socket, byte for byte the frame {@link Frames#fillTasks}
     * builds; the end frame adds 12.
     */
    @Test
    void aSingleTaskIs44BytesOnTheSocket() throws IOException {
        for (PipelineSettings settings : new PipelineSettings[] {ShaLadder.R0, ShaLadder.R3}) {
            byte[] received;
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                 Socket client = new Socket(server.getInetAddress(), server.getLocalPort());
                 Socket accepted = server.accept()) {
                FrameOut out = new FrameOut(Connection.of(client), settings, "test");
                out.writeSingle(Frames.TYPE_TASKS, 77, Payloads.of(77), 0);
                out.finish(1);
                out.close();
                received = accepted.getInputStream().readAllBytes();
            }
            byte[] single = new byte[Frames.frameBytes(1)];
            Frames.fillTasks(single, 77, 1);
            assertEquals(44, Frames.SINGLE_TASK_FRAME_BYTES);
            assertEquals(44 + 12, received.length, "one single-task frame and an end frame");
            assertArrayEquals(single, Arrays.copyOf(received, 44));
            assertArrayEquals(Frames.endFrame(1), Arrays.copyOfRange(received, 44, 56));
        }
    }
}
