package dev.perflab.net;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A listening socket, TCP or Unix domain ({@link Sockets#listen(Endpoint)}): accepts peers one at a time,
 * each within {@link Sockets#acceptTimeoutMillis()}. Several threads may accept from one listener (a role with
 * several streams). A Unix listener creates its socket file and deletes it when closed.
 */
public interface Listener extends Closeable {
    /**
     * Accepts one peer, or fails with a message naming the peer that did not come.
     *
     * @param expected the peer's role, e.g. "generator"
     */
    Connection accept(String expected) throws IOException;

    /** Where peers connect; for TCP with the port actually bound (port 0 picks one). */
    Endpoint endpoint();

    final class Tcp implements Listener {
        private final ServerSocket server;

        Tcp(InetSocketAddress bind) throws IOException {
            this.server = new ServerSocket();
            try {
                server.setReuseAddress(true);
                server.bind(bind);
                server.setSoTimeout(Sockets.acceptTimeoutMillis());
            } catch (IOException e) {
                server.close();
                throw e;
            }
        }

        @Override
        public Connection accept(String expected) throws IOException {
            try {
                return Connection.of(server.accept());
            } catch (SocketTimeoutException e) {
                throw Sockets.nobodyCame(expected, endpoint());
            }
        }

        @Override
        public Endpoint endpoint() {
            return Endpoint.tcp((InetSocketAddress) server.getLocalSocketAddress());
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    final class Unix implements Listener {
        private final Endpoint endpoint;
        private final ServerSocketChannel server;
        private final Selector acceptable;

        /** Binds {@code file}, which must not exist yet (a stale one from a killed run is named in the error). */
        Unix(Endpoint endpoint) throws IOException {
            this.endpoint = endpoint;
            Path file = endpoint.unix();
            if (Files.exists(file)) {
                throw new IOException(file + " already exists (a socket file left by another run?); delete it or choose another path");
            }
            this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                server.bind(UnixDomainSocketAddress.of(file));
                server.configureBlocking(false);
                this.acceptable = Selector.open();
                server.register(acceptable, SelectionKey.OP_ACCEPT);
            } catch (IOException e) {
                server.close();
                Files.deleteIfExists(file);
                throw e;
            }
        }

        @Override
        public synchronized Connection accept(String expected) throws IOException {
            long deadline = System.nanoTime() + Sockets.acceptTimeoutMillis() * 1_000_000L;
            for (;;) {
                SocketChannel peer = server.accept();
                if (peer != null) {
                    return new Connection.Unix(peer, endpoint);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw Sockets.nobodyCame(expected, endpoint);
                }
                acceptable.select(Math.max(1, left / 1_000_000));
                acceptable.selectedKeys().clear();
            }
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }

        @Override
        public void close() throws IOException {
            try {
                acceptable.close();
                server.close();
            } finally {
                Files.deleteIfExists(endpoint.unix());
            }
        }
    }
}
