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
import org.junit.jupiter.api.Test;

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

    @Test
    void failuresAreOneLineEach() {
        assertEquals("collector 127.0.0.1:1 sent nothing for 5 s; closing the connection",
                Sockets.describeFailure(new SocketTimeoutException(), "collector 127.0.0.1:1"));
        assertEquals("connection to x failed: reset", Sockets.describeFailure(new IOException("reset"), "x"));
    }
}
