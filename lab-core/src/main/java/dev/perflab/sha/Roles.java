package dev.perflab.sha;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

/** Settings and socket plumbing shared by the generator, the executor and the collector. */
public final class Roles {
    /** A read that waits this long for data, or a write that blocks this long, ends the connection. */
    public static final int LIVENESS_MILLIS = 5_000;
    /** How long a role waits for its peer to connect. */
    public static final int ACCEPT_TIMEOUT_MILLIS = 30_000;

    private Roles() {
    }

    /** Opens a listening socket; port 0 picks a free one. */
    public static ServerSocket listen(InetSocketAddress bind) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(bind);
        server.setSoTimeout(ACCEPT_TIMEOUT_MILLIS);
        return server;
    }

    /** Accepts one peer, or fails with a message naming the role that did not come. */
    static Socket accept(ServerSocket server, String expected) throws IOException {
        try {
            return configure(server.accept());
        } catch (SocketTimeoutException e) {
            throw new IOException("no " + expected + " connected to " + describe(server) + " within "
                    + ACCEPT_TIMEOUT_MILLIS / 1000 + " s");
        }
    }

    /** Connects to a peer, or fails with a message naming it. */
    static Socket connect(InetSocketAddress peer, String role) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(peer, ACCEPT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new IOException("cannot connect to the " + role + " at " + hostPort(peer) + " (" + e.getMessage()
                    + "); is it running?");
        }
        return configure(socket);
    }

    private static Socket configure(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(LIVENESS_MILLIS);
        return socket;
    }

    public static String describe(ServerSocket server) {
        return hostPort((InetSocketAddress) server.getLocalSocketAddress());
    }

    public static String hostPort(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }

    static String peer(String role, Socket socket) {
        return role + " " + hostPort((InetSocketAddress) socket.getRemoteSocketAddress());
    }

    /** One line for a failed read or write on a connection to {@code peer}. */
    static String describeFailure(IOException e, String peer) {
        if (e instanceof FrameException) {
            return e.getMessage();
        }
        if (e instanceof SocketTimeoutException) {
            return peer + " sent nothing for " + LIVENESS_MILLIS / 1000 + " s; closing the connection";
        }
        if (e instanceof EOFException) {
            return peer + " closed the connection in the middle of a frame";
        }
        return "connection to " + peer + " failed: " + e.getMessage();
    }

    static void closeQuietly(Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // closing after a failure; the failure itself is already reported
        }
    }
}
