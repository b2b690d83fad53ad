package dev.perflab.net;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * Where a role listens or connects: a TCP {@code HOST:PORT}, or a Unix domain socket {@code unix:PATH}
 * (a file; both ends on one host). {@link Sockets#listen(Endpoint)} and {@link Sockets#connect(Endpoint, String)}
 * give the same {@link Connection} for both, so a role's code does not know which it got.
 *
 * <pre>
 *   127.0.0.1:7301            TCP over the loopback interface (or any address the user names)
 *   unix:/tmp/perflab/x.sock  AF_UNIX stream socket: no TCP/IP stack between the two processes
 * </pre>
 *
 * @param tcp  the TCP address, or null
 * @param unix the socket file, or null; exactly one of the two is set
 */
public record Endpoint(InetSocketAddress tcp, Path unix) {
    public static final String UNIX_PREFIX = "unix:";
    /** Linux's limit on a socket file's path (sun_path, with its terminating 0). */
    public static final int MAX_UNIX_PATH_BYTES = 107;

    public Endpoint {
        if ((tcp == null) == (unix == null)) {
            throw new IllegalArgumentException("an endpoint is either HOST:PORT or unix:PATH");
        }
        if (unix != null && unix.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_UNIX_PATH_BYTES) {
            throw new IllegalArgumentException("the socket path " + unix + " is longer than " + MAX_UNIX_PATH_BYTES
                    + " bytes; choose a shorter one");
        }
    }

    public static Endpoint tcp(InetSocketAddress address) {
        return new Endpoint(address, null);
    }

    public static Endpoint unix(Path file) {
        return new Endpoint(null, file);
    }

    /**
     * Parses {@code HOST:PORT} or {@code unix:PATH}.
     *
     * @throws IllegalArgumentException with a message that names what is wrong and shows the right form
     */
    public static Endpoint parse(String value) {
        if (value.startsWith(UNIX_PREFIX)) {
            String path = value.substring(UNIX_PREFIX.length());
            if (path.isEmpty()) {
                throw new IllegalArgumentException("'" + value + "' names no socket file, e.g. unix:/tmp/perflab-sha/executor.sock");
            }
            return unix(Path.of(path));
        }
        return tcp(parseHostPort(value, "HOST:PORT or unix:PATH"));
    }

    /**
     * Parses {@code HOST:PORT} (port 0 = any free port) into a resolved address.
     *
     * @param form what the option takes, for the message, e.g. "HOST:PORT"
     * @throws IllegalArgumentException with a message that names what is wrong
     */
    public static InetSocketAddress parseHostPort(String value, String form) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new IllegalArgumentException("'" + value + "' is not " + form + ", e.g. 127.0.0.1:7301");
        }
        String host = value.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port in '" + value + "' is not a number");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port " + port + " in '" + value + "' is outside 0..65535");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + host + "' in '" + value + "'");
        }
    }

    public boolean isUnix() {
        return unix != null;
    }

    /** {@code HOST:PORT} or {@code unix:PATH}, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return isUnix() ? UNIX_PREFIX + unix : Sockets.hostPort(tcp);
    }
}
