package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A client that leaves mid-file and a server that dies: one-line errors, partial results named so, nothing hangs. */
@Timeout(60)
class MoverFaultTest {
    @TempDir
    static Path dir;
    static Path input;

    static Stream<Entry<MoverSettings>> rungs() {
        return BrickLadder.LADDER.rungs().stream();
    }

    @BeforeAll
    static void generate() throws IOException {
        input = dir.resolve("in");
        try (OutputStream os = Files.newOutputStream(input)) {
            BrickGenerator.write(os, 3L << 20, 5);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    void clientDisconnectsMidFile(Entry<MoverSettings> entry) throws Exception {
        MoverSettings s = entry.factory();
        try (BrickServer server = new BrickServer(input, s, new InetSocketAddress("127.0.0.1", 0))) {
            FutureTask<BrickServer.Summary> serving = new FutureTask<>(server::serve);
            new Thread(serving).start();
            List<Socket> sockets = new ArrayList<>();
            for (int c = 0; c < s.connections(); c++) {
                sockets.add(new Socket("127.0.0.1", server.address().getPort()));
            }
            DataOutputStream out = new DataOutputStream(sockets.get(0).getOutputStream());
            for (int i = 0; i < s.batchLines(); i++) {
                out.writeInt(Protocol.REQUEST_NEXT);
            }
            out.flush();
            new DataInputStream(sockets.get(0).getInputStream()).readInt(); // the first response has started
            for (Socket socket : sockets) {
                socket.close();
            }
            BrickServer.Summary summary = serving.get();
            assertNotNull(summary.error());
            assertTrue(summary.error().contains("disconnected after "), summary.error());
            assertFalse(summary.error().contains("\n"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    void serverDiesMidFile(Entry<MoverSettings> entry) throws Exception {
        MoverSettings s = entry.factory();
        try (ServerSocket dying = new ServerSocket()) {
            dying.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread server = new Thread(() -> {
                try {
                    List<Socket> accepted = new ArrayList<>();
                    for (int c = 0; c < s.connections(); c++) {
                        accepted.add(dying.accept());
                    }
                    // one good line on the first connection, then the process "dies": every socket closes
                    DataOutputStream out = new DataOutputStream(accepted.get(0).getOutputStream());
                    out.writeInt(0);
                    out.writeShort(1);
                    out.writeByte('0');
                    out.flush();
                    for (Socket a : accepted) {
                        a.close();
                    }
                } catch (IOException ignored) {
                    // the test's assertions are on the client
                }
            });
            server.start();
            Path out = dir.resolve("result-" + entry.id());
            IOException e;
            try (ResultFile result = ResultFile.create(out)) {
                e = assertThrows(IOException.class,
                        () -> new BrickClient(s, BrickClient.loopback(dying.getLocalPort())).fetch(result));
            }
            assertTrue(e.getMessage().startsWith("server 127.0.0.1:"), e.getMessage());
            assertTrue(e.getMessage().contains(".partial"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertFalse(Files.exists(out));
            assertTrue(Files.exists(ResultFile.partialOf(out)));
            server.join();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    void serverThatSkipsALineFailsTheClientInOneLine(Entry<MoverSettings> entry) throws Exception {
        MoverSettings s = entry.factory();
        try (ServerSocket liar = new ServerSocket()) {
            liar.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread server = new Thread(() -> serveSkippingLineOne(liar, s));
            server.start();
            Path out = dir.resolve("skipped-" + entry.id());
            IOException e;
            try (ResultFile result = ResultFile.create(out)) {
                e = assertThrows(IOException.class, () -> new BrickClient(s, BrickClient.loopback(liar.getLocalPort())).fetch(result));
            }
            assertTrue(e.getMessage().contains("3 lines"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertFalse(Files.exists(out));
            server.join();
        }
    }

    /** Sends lines 0 and 2, then "end, 3 lines" to every request, one connection after the other until each closes. */
    private static void serveSkippingLineOne(ServerSocket liar, MoverSettings s) {
        try {
            List<Socket> accepted = new ArrayList<>();
            for (int c = 0; c < s.connections(); c++) {
                accepted.add(liar.accept());
            }
            int[] lines = {0, 2};
            int sent = 0;
            byte[] requests = new byte[s.batchLines() * Protocol.REQUEST_BYTES];
            for (Socket a : accepted) {
                DataInputStream in = new DataInputStream(a.getInputStream());
                DataOutputStream out = new DataOutputStream(a.getOutputStream());
                while (in.read(requests, 0, 1) == 1) {
                    in.readFully(requests, 1, requests.length - 1);
                    for (int i = 0; i < s.batchLines(); i++) {
                        int bytes;
                        if (sent < lines.length) {
                            out.writeInt(lines[sent]);
                            out.writeShort(1);
                            out.writeByte('0' + lines[sent++]);
                            bytes = Protocol.HEADER_BYTES + 1;
                        } else {
                            out.writeInt(Protocol.TAG_END);
                            out.writeShort(Protocol.END_BODY_BYTES);
                            out.writeInt(3);
                            bytes = Protocol.HEADER_BYTES + Protocol.END_BODY_BYTES;
                        }
                        if (s.fixedResponses()) {
                            out.write(new byte[Protocol.FIXED_RESPONSE_BYTES - bytes]);
                        }
                    }
                    out.flush();
                }
                a.close();
            }
        } catch (IOException ignored) {
            // the test's assertions are on the client
        }
    }

    /** The liveness limit the silent-peer tests give the side under test (the default is 30 s). */
    private static final int SILENT_MILLIS = 1_000;

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    @Timeout(20) // liveness only: the client must give up on its own, well before this
    void silentServerEndsTheClientInOneLine(Entry<MoverSettings> entry) throws Exception {
        MoverSettings s = entry.factory();
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress("127.0.0.1", 0));
            List<Socket> accepted = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread server = new Thread(() -> {
                try {
                    for (int c = 0; c < s.connections(); c++) {
                        accepted.add(silent.accept()); // reads nothing, answers nothing, keeps every socket open
                    }
                } catch (IOException ignored) {
                    // the test's assertions are on the client
                }
            });
            server.start();
            Path out = dir.resolve("silent-" + entry.id());
            IOException e;
            try (ResultFile result = ResultFile.create(out)) {
                e = assertThrows(IOException.class,
                        () -> new BrickClient(s, BrickClient.loopback(silent.getLocalPort()), SILENT_MILLIS).fetch(result));
            }
            assertTrue(e.getMessage().contains("server 127.0.0.1:" + silent.getLocalPort() + " sent nothing for 1 s"), e.getMessage());
            assertTrue(e.getMessage().contains(".partial"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertFalse(Files.exists(out));
            server.join();
            for (Socket a : accepted) {
                a.close();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    @Timeout(20) // liveness only: the server must give up on its own, well before this
    void silentClientEndsTheServerInOneLine(Entry<MoverSettings> entry) throws Exception {
        MoverSettings s = entry.factory();
        try (BrickServer server = new BrickServer(input, s, new InetSocketAddress("127.0.0.1", 0), SILENT_MILLIS)) {
            FutureTask<BrickServer.Summary> serving = new FutureTask<>(server::serve);
            new Thread(serving).start();
            List<Socket> sockets = new ArrayList<>();
            for (int c = 0; c < s.connections(); c++) {
                sockets.add(new Socket("127.0.0.1", server.address().getPort()));
            }
            // half a request on the first connection, then nothing: the server waits inside a frame
            sockets.get(0).getOutputStream().write(new byte[] {'N', 'E'});
            BrickServer.Summary summary = serving.get();
            assertNotNull(summary.error());
            // the silent client named once, by its role and address
            assertTrue(java.util.regex.Pattern.compile("(^|: )client 127\\.0\\.0\\.1:\\d+ sent nothing for 1 s").matcher(summary.error()).find(),
                    summary.error());
            assertFalse(summary.error().contains("\n"));
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    @Test
    void badInputFileStopsTheMoveWithItsLineAndOffset() throws Exception {
        Path bad = dir.resolve("bad");
        Files.writeString(bad, "fine\r\nnot\tfine\r\n");
        for (Entry<MoverSettings> entry : BrickLadder.LADDER.entries()) {
            Path out = dir.resolve("bad-out");
            IOException e = assertThrows(IOException.class, () -> BrickMove.run(bad, out, entry.factory()), entry.id());
            assertTrue(e.getMessage().contains(bad + ": line 2, byte offset 9: byte 0x09 outside 32–126"), entry.id() + ": " + e.getMessage());
            assertFalse(Files.exists(out));
        }
    }
}
