package dev.perflab.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unix domain connections (the SHA pipeline's r18) keep the TCP ones' rules: bytes arrive whole and in order,
 * a half-close is an end of stream, a silent peer ends a read after the liveness limit, a close from another
 * thread ends a blocked read, and every failure to connect or listen is one line naming the socket file.
 */
class UnixConnectionTest {
    @TempDir
    Path dir;

    private Endpoint socket(String name) {
        return Endpoint.unix(dir.resolve(name));
    }

    /** Accepts on another thread, since accept waits for the connect. */
    private static CompletableFuture<Connection> acceptAsync(Listener listener) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return listener.accept("writer");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void bytesArriveInOrderAndAHalfCloseIsTheEnd() throws Exception {
        byte[] sent = new byte[3 << 20]; // far more than the socket's buffer: the writer must wait for the reader
        new Random(7).nextBytes(sent);
        try (Listener listener = Sockets.listen(socket("a.sock"))) {
            CompletableFuture<Connection> accepted = acceptAsync(listener);
            try (Connection writer = Sockets.connect(listener.endpoint(), "reader");
                 Connection reader = accepted.get(10, TimeUnit.SECONDS)) {
                CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                    try {
                        OutputStream out = writer.out();
                        for (int off = 0; off < sent.length; off += 100_000) {
                            out.write(sent, off, Math.min(100_000, sent.length - off));
                        }
                        writer.shutdownOutput();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                byte[] received = reader.in().readAllBytes();
                writing.get(10, TimeUnit.SECONDS);
                assertArrayEquals(sent, received);
                assertEquals(-1, reader.in().read(), "end of stream stays the end");
                assertTrue(reader.peer("writer").equals("writer on unix:" + dir.resolve("a.sock")), reader.peer("writer"));
            }
        }
        assertFalse(Files.exists(dir.resolve("a.sock")), "the listener deletes its socket file when closed");
    }

    @Test
    @Timeout(30)
    void aSilentPeerEndsTheReadAfterTheLivenessLimit() throws Exception {
        try (Listener listener = Sockets.listen(socket("b.sock"))) {
            CompletableFuture<Connection> accepted = acceptAsync(listener);
            try (Connection silent = Sockets.connect(listener.endpoint(), "reader");
                 Connection reader = accepted.get(10, TimeUnit.SECONDS)) {
                long start = System.nanoTime();
                assertThrows(SocketTimeoutException.class, () -> reader.in().read(new byte[16], 0, 16));
                double seconds = (System.nanoTime() - start) / 1e9;
                assertTrue(seconds >= Sockets.LIVENESS_MILLIS / 1000.0 - 0.1, "gave up after " + seconds + " s");
                assertTrue(Sockets.describeFailure(new SocketTimeoutException(), reader.peer("writer"))
                        .contains("sent nothing for " + Sockets.LIVENESS_MILLIS / 1000 + " s"));
            }
        }
    }

    @Test
    @Timeout(30)
    void closingFromAnotherThreadEndsABlockedRead() throws Exception {
        try (Listener listener = Sockets.listen(socket("c.sock"))) {
            CompletableFuture<Connection> accepted = acceptAsync(listener);
            try (Connection peer = Sockets.connect(listener.endpoint(), "reader")) {
                Connection reader = accepted.get(10, TimeUnit.SECONDS);
                InputStream in = reader.in();
                CompletableFuture<Integer> reading = CompletableFuture.supplyAsync(() -> {
                    try {
                        return in.read(new byte[16], 0, 16);
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(200);
                long start = System.nanoTime();
                reader.close();
                ExecutionException e = assertThrows(ExecutionException.class, () -> reading.get(3, TimeUnit.SECONDS));
                assertTrue(e.getCause().getCause() instanceof AsynchronousCloseException, String.valueOf(e.getCause()));
                assertTrue((System.nanoTime() - start) / 1e9 < Sockets.LIVENESS_MILLIS / 1000.0, "the close woke the read");
            }
        }
    }

    @Test
    void failuresToConnectOrListenNameTheSocketFile() throws IOException {
        Endpoint nobody = socket("nobody.sock");
        IOException refused = assertThrows(IOException.class, () -> Sockets.connect(nobody, "executor"));
        assertTrue(refused.getMessage().startsWith("cannot connect to the executor at unix:" + nobody.unix()), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("is it running?"), refused.getMessage());
        Path stale = Files.createFile(dir.resolve("stale.sock"));
        IOException exists = assertThrows(IOException.class, () -> Sockets.listen(Endpoint.unix(stale)));
        assertTrue(exists.getMessage().startsWith(stale + " already exists"), exists.getMessage());
        assertTrue(Files.exists(stale), "a file the listener did not create is left alone");
    }

    @Test
    void endpointsParseBothKindsAndNameWhatIsWrong() {
        assertEquals("unix:/tmp/x.sock", Endpoint.parse("unix:/tmp/x.sock").toString());
        assertEquals("127.0.0.1:7301", Endpoint.parse("127.0.0.1:7301").toString());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Endpoint.parse("unix:")).getMessage()
                .contains("names no socket file"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Endpoint.parse("localhost")).getMessage()
                .contains("is not HOST:PORT or unix:PATH"));
        String tooLong = "unix:/tmp/" + "d".repeat(Endpoint.MAX_UNIX_PATH_BYTES);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Endpoint.parse(tooLong)).getMessage()
                .contains("is longer than " + Endpoint.MAX_UNIX_PATH_BYTES + " bytes"));
    }
}
