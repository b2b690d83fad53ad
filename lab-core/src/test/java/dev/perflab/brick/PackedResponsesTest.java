package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The client's side of packed responses (r6 on) against a hand-written server on one connection: frames that
 * arrive one byte at a time (each cut across reads) are reassembled; a length over the 210-byte limit, and
 * bytes beyond a batch's N frames, end the fetch with one line and no complete result.
 */
@Timeout(30)
class PackedResponsesTest {
    @TempDir
    Path dir;

    /** Every packed rung, on one connection so the hand-written server serves it alone. */
    static Stream<MoverSettings> packedRungs() {
        return BrickLadder.LADDER.rungs().stream().map(e -> e.factory())
                .filter(s -> s.responses() == MoverSettings.Responses.PACKED)
                .map(s -> s.withConnectionsInGroups(1));
    }

    @ParameterizedTest
    @MethodSource("packedRungs")
    void framesCutAcrossReadsAreReassembled(MoverSettings s) throws Exception {
        byte[] batch = batch(s, 210, 0);
        Path out = dir.resolve("result");
        try (ServerSocket server = listen()) {
            Thread t = serve(server, s, batch, true);
            try (ResultFile result = ResultFile.create(out)) {
                BrickClient.Summary summary = new BrickClient(s, BrickClient.loopback(server.getLocalPort())).fetch(result);
                assertEquals(2, summary.lines());
                result.complete();
            }
            t.join();
        }
        assertEquals("0" + "x".repeat(209) + "\r\n1y\r\n", Files.readString(out, StandardCharsets.US_ASCII));
    }

    @ParameterizedTest
    @MethodSource("packedRungs")
    void aLengthOverTheLimitEndsTheFetchInOneLine(MoverSettings s) throws Exception {
        IOException e = fetchFailing(s, batch(s, 211, 0));
        assertTrue(e.getMessage().contains("says 211 bytes; at most 210"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("packedRungs")
    void bytesAfterTheBatchsFramesEndTheFetchInOneLine(MoverSettings s) throws Exception {
        IOException e = fetchFailing(s, batch(s, 210, 3));
        assertTrue(e.getMessage().contains("3 bytes after the " + s.batchLines() + " responses"), e.getMessage());
    }

    private IOException fetchFailing(MoverSettings s, byte[] batch) throws Exception {
        Path out = dir.resolve("bad");
        IOException e;
        try (ServerSocket server = listen()) {
            Thread t = serve(server, s, batch, false);
            try (ResultFile result = ResultFile.create(out)) {
                e = assertThrows(IOException.class, () -> new BrickClient(s, BrickClient.loopback(server.getLocalPort())).fetch(result));
            }
            t.join();
        }
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertFalse(Files.exists(out));
        return e;
    }

    /**
     * The answer to one batch: line 0 with a result of {@code firstLength} bytes ("0xxx…"), line 1 ("1y"), then
     * "end, 2 lines" for every other request, then {@code extra} stray bytes.
     */
    private static byte[] batch(MoverSettings s, int firstLength, int extra) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0);
        out.writeShort(firstLength);
        out.write('0');
        out.write("x".repeat(firstLength - 1).getBytes(StandardCharsets.US_ASCII));
        out.writeInt(1);
        out.writeShort(2);
        out.write("1y".getBytes(StandardCharsets.US_ASCII));
        for (int i = 2; i < s.batchLines(); i++) {
            out.writeInt(Protocol.TAG_END);
            out.writeShort(Protocol.END_BODY_BYTES);
            out.writeInt(2);
        }
        out.write(new byte[extra]);
        return bytes.toByteArray();
    }

    private static ServerSocket listen() throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress("127.0.0.1", 0));
        return server;
    }

    /** Answers each batch of requests with {@code batch}, a byte per write and flush if {@code byteByByte}. */
    private static Thread serve(ServerSocket server, MoverSettings s, byte[] batch, boolean byteByByte) {
        Thread t = new Thread(() -> {
            try (Socket socket = server.accept()) {
                socket.setTcpNoDelay(true);
                DataInputStream in = new DataInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream();
                byte[] requests = new byte[s.batchLines() * Protocol.REQUEST_BYTES];
                while (in.read(requests, 0, 1) == 1) {
                    in.readFully(requests, 1, requests.length - 1);
                    if (byteByByte) {
                        for (byte b : batch) {
                            out.write(b);
                            out.flush();
                        }
                    } else {
                        out.write(batch);
                        out.flush();
                    }
                }
            } catch (IOException ignored) {
                // the test's assertions are on the client
            }
        });
        t.start();
        return t;
    }
}
