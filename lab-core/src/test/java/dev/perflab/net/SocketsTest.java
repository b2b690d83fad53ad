package dev.perflab.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Sockets hand out connections with the watchdog set, and fail in one line naming the peer. */
class SocketsTest {
    @Test
    void connectedSocketsHaveNoDelayAndTheLivenessTimeout() throws IOException {
        try (ServerSocket server = Sockets.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             Socket client = Sockets.connect((InetSocketAddress) server.getLocalSocketAddress(), "sink");
             Socket accepted = Sockets.accept(server, "source")) {
            assertTrue(client.getTcpNoDelay() && accepted.getTcpNoDelay());
            assertEquals(Sockets.LIVENESS_MILLIS, accepted.getSoTimeout());
            assertTrue(Sockets.describe(server).startsWith("127.0.0.1:"), Sockets.describe(server));
        }
    }

    @Test
    void aRefusedConnectionNamesThePeerAndAddress() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        InetSocketAddress nobody = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        IOException e = assertThrows(IOException.class, () -> Sockets.connect(nobody, "executor"));
        assertTrue(e.getMessage().startsWith("cannot connect to the executor at 127.0.0.1:" + port), e.getMessage());
    }

    @AfterEach
    void defaultLimit() {
        System.clearProperty(Liveness.PROPERTY);
    }

    /**
     * A port whose SYNs go unanswered, as a black-holed port's do: Linux drops a SYN while the listener's accept
     * queue is full, so a listener that never accepts, with its queue filled, is one, on loopback and without root.
     * An untimed connect would wait out the OS's SYN retries (about two minutes); the lab's ends at its limit.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aConnectToAPortThatDropsItsPacketsEndsAtTheLimitAndSaysWhere() throws IOException {
        System.setProperty(Liveness.PROPERTY, "1");
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            InetSocketAddress at = (InetSocketAddress) full.getLocalSocketAddress();
            while (queued.size() < 16) {  // the queue holds backlog + 1 on Linux; the first connect that times out shows it full
                Socket s = new Socket();
                queued.add(s);
                try {
                    s.connect(at, 300);
                } catch (SocketTimeoutException e) {
                    break;
                }
            }
            assertTrue(queued.size() < 16, "the listener's accept queue never filled, so nothing here drops a SYN");
            String where = "no answer from 127.0.0.1:" + at.getPort() + " within 1 s";
            IOException plain = assertThrows(SocketTimeoutException.class, () -> Sockets.open(at));
            assertTrue(plain.getMessage().startsWith(where), plain.getMessage());
            IOException channel = assertThrows(SocketTimeoutException.class, () -> Sockets.openChannel(at));
            assertTrue(channel.getMessage().startsWith(where), channel.getMessage());
        } finally {
            for (Socket s : queued) {
                s.close();
            }
        }
    }

    /**
     * Every TCP connect in the lab's own code has a time limit: no {@code new Socket(host, port)} and no
     * {@code SocketChannel.open(address)}, whose connects wait as long as the OS retries (or for ever), in a rung
     * or a role. {@link Sockets#open}, {@link Sockets#openChannel} and {@link Sockets#connect} are the timed ones.
     */
    @Test
    void noConnectInTheLabsCodeWaitsWithoutALimit() throws IOException {
        Pattern untimed = Pattern.compile("new Socket\\(\\s*[^)\\s]|SocketChannel\\.open\\(\\s*(?!StandardProtocolFamily)[^)\\s]");
        List<String> found = new ArrayList<>();
        for (String module : List.of("lab-core", "lab-scenarios", "lab-benchmarks")) {
            Path main = Path.of("..", module, "src", "main", "java");
            try (Stream<Path> files = Files.walk(main)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = untimed.matcher(lines.get(i));
                        if (m.find() && !lines.get(i).strip().startsWith("*") && !lines.get(i).strip().startsWith("//")) {
                            found.add(main.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), "connects without a time limit (use Sockets.open or Sockets.openChannel):\n"
                + String.join("\n", found));
    }

    @Test
    void failuresAreOneLineEach() {
        assertEquals("collector 127.0.0.1:1 sent nothing for 5 s; closing the connection",
                Sockets.describeFailure(new SocketTimeoutException(), "collector 127.0.0.1:1"));
        assertEquals("connection to x failed: reset", Sockets.describeFailure(new IOException("reset"), "x"));
    }
}
