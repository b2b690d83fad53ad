package dev.perflab.sha;

import dev.perflab.net.Connection;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import dev.perflab.net.Sockets;
import java.io.Closeable;
import java.io.IOException;

/**
 * Settings and socket plumbing shared by the generator, the executor and the collector: the lab's
 * {@link Sockets} (time limits, liveness watchdog, one-line failures), plus the pipeline's own frame errors.
 */
public final class Roles {
    /** A read that waits this long for data, or a write that blocks this long, ends the connection. */
    public static final int LIVENESS_MILLIS = Sockets.LIVENESS_MILLIS;

    private Roles() {
    }

    /** Opens a listening socket, TCP or Unix domain; a TCP port 0 picks a free one. */
    public static Listener listen(Endpoint bind) throws IOException {
        return Sockets.listen(bind);
    }

    /** Accepts one peer, or fails with a message naming the role that did not come. */
    static Connection accept(Listener listener, String expected) throws IOException {
        return listener.accept(expected);
    }

    /** Connects to a peer, or fails with a message naming it. */
    static Connection connect(Endpoint peer, String role) throws IOException {
        return Sockets.connect(peer, role);
    }

    /** One line for a failed read or write on a connection to {@code peer}; a malformed frame says what is wrong. */
    static String describeFailure(IOException e, String peer) {
        return e instanceof FrameException ? e.getMessage() : Sockets.describeFailure(e, peer);
    }

    static void closeQuietly(Closeable c) {
        Sockets.closeQuietly(c);
    }
}
