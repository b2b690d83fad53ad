package dev.perflab.net;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * Blocking sockets as every networked role of the lab uses them (TCP, and for the SHA pipeline's
 * {@link Endpoint} also Unix domain): listen, accept one peer, connect,
 * each with a time limit and a one-line failure that names the peer.
 *
 * <pre>
 *   listener                                   connector
 *   listen(HOST:0) ── prints its port ──▶      connect(HOST:PORT, "executor")   ≤ the liveness limit (30 s)
 *   accept(server, "generator")  ◀────────     (TCP_NODELAY, read timeout)
 *       ≤ the liveness limit (30 s)
 *   read blocks ≤ {@value #LIVENESS_MILLIS} ms ── nothing came: SocketTimeoutException = the liveness watchdog
 * </pre>
 *
 * <p>Guarantees: every socket handed out has {@code TCP_NODELAY} on and a read timeout of
 * {@link #LIVENESS_MILLIS}, so a peer that stops sending (crashed, hung, unplugged) ends the reader's
 * wait within that time instead of hanging it; a failure to accept or connect is an {@link IOException}
 * whose message names the peer and the address. Servers bind where they are told; the lab binds
 * 127.0.0.1 unless told otherwise. Stateless; safe from any thread.
 */
public final class Sockets {
    /** A read that waits this long for data ends the connection: the liveness watchdog. */
    public static final int LIVENESS_MILLIS = 5_000;
    /**
     * How long a listener waits for its peer to connect, and a connector for the connection to open: the lab's
     * {@link Liveness} limit, 30 s unless set.
     */
    public static int acceptTimeoutMillis() {
        return Liveness.millis();
    }

    private Sockets() {
    }

    /** Opens a listening socket; port 0 picks a free one. Its accept waits at most {@link #acceptTimeoutMillis()}. */
    public static ServerSocket listen(InetSocketAddress bind) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(bind);
        server.setSoTimeout(acceptTimeoutMillis());
        return server;
    }

    /** Accepts one peer, or fails with a message naming the peer that did not come. */
    public static Socket accept(ServerSocket server, String expected) throws IOException {
        try {
            return configure(server.accept());
        } catch (SocketTimeoutException e) {
            throw nobodyCame(expected, Endpoint.tcp((InetSocketAddress) server.getLocalSocketAddress()));
        }
    }

    /** The failure of an accept that waited {@link #acceptTimeoutMillis()} for {@code expected}. */
    static IOException nobodyCame(String expected, Endpoint where) {
        return new IOException("no " + expected + " connected to " + where + " within " + acceptTimeoutMillis() / 1000 + " s");
    }

    /**
     * Listens at {@code bind}, TCP or Unix domain ({@link Listener}); a TCP port 0 picks a free one.
     *
     * @throws IOException when the address cannot be bound (in use, not this host's, the socket file exists)
     */
    public static Listener listen(Endpoint bind) throws IOException {
        return bind.isUnix() ? new Listener.Unix(bind) : new Listener.Tcp(bind.tcp());
    }

    /** Connects to a peer at {@code peer}, TCP or Unix domain, or fails with a message naming it. */
    public static Connection connect(Endpoint peer, String name) throws IOException {
        if (!peer.isUnix()) {
            return new Connection.Tcp(connect(peer.tcp(), name));
        }
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(peer.unix()));
            return new Connection.Unix(channel, peer);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new IOException("cannot connect to the " + name + " at " + peer + " (" + e.getMessage()
                    + "); is it running?");
        }
    }

    /** Connects to a peer, or fails with a message naming it. */
    public static Socket connect(InetSocketAddress peer, String name) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(peer, acceptTimeoutMillis());
        } catch (IOException e) {
            closeQuietly(socket);
            throw new IOException("cannot connect to the " + name + " at " + hostPort(peer) + " (" + e.getMessage()
                    + "); is it running?");
        }
        return configure(socket);
    }

    /**
     * A plain socket connected to {@code peer} within {@link #acceptTimeoutMillis()}, with no option set: what a rung
     * that chooses its own options opens. {@code new Socket(host, port)} waits as long as the OS keeps resending its
     * SYN (about two minutes on Linux) when the port drops packets; this fails after the lab's connect limit.
     */
    public static Socket open(InetSocketAddress peer) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(peer, acceptTimeoutMillis());
            return socket;
        } catch (IOException e) {
            closeQuietly(socket);
            throw connectFailed(peer, e);
        }
    }

    /**
     * A blocking {@link SocketChannel} connected to {@code peer} within {@link #acceptTimeoutMillis()}, with no option
     * set. {@code SocketChannel.open(peer)} takes no time limit at all; its socket adaptor's timed connect does.
     */
    public static SocketChannel openChannel(InetSocketAddress peer) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.socket().connect(peer, acceptTimeoutMillis());
            return channel;
        } catch (IOException e) {
            closeQuietly(channel);
            throw connectFailed(peer, e);
        }
    }

    /** A connect that timed out says where and after how long; any other failure is the OS's own words. */
    private static IOException connectFailed(InetSocketAddress peer, IOException e) {
        if (e instanceof SocketTimeoutException) {
            return new SocketTimeoutException("no answer from " + hostPort(peer) + " within " + acceptTimeoutMillis() / 1000
                    + " s (nothing listens there, or its packets are dropped)");
        }
        return e;
    }

    /** {@code TCP_NODELAY} and the liveness read timeout. */
    public static Socket configure(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(LIVENESS_MILLIS);
        return socket;
    }

    /** {@code HOST:PORT} a listener is bound to. */
    public static String describe(ServerSocket server) {
        return hostPort((InetSocketAddress) server.getLocalSocketAddress());
    }

    public static String hostPort(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }

    /** e.g. {@code executor 127.0.0.1:40123}: a connected peer, for messages. */
    public static String peer(String name, Socket socket) {
        return name + " " + hostPort((InetSocketAddress) socket.getRemoteSocketAddress());
    }

    /** One line for a failed read or write on a connection to {@code peer}: watchdog, cut frame, or the OS's reason. */
    public static String describeFailure(IOException e, String peer) {
        if (e instanceof SocketTimeoutException) {
            return peer + " sent nothing for " + LIVENESS_MILLIS / 1000 + " s; closing the connection";
        }
        if (e instanceof EOFException) {
            return peer + " closed the connection in the middle of a frame";
        }
        return "connection to " + peer + " failed: " + e.getMessage();
    }

    /** Closes after a failure that is already reported; a second failure while closing is dropped. */
    public static void closeQuietly(Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // closing after a failure; the failure itself is already reported
        }
    }
}
