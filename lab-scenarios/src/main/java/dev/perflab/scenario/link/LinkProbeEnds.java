package dev.perflab.scenario.link;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Locale;

/**
 * The two ends of {@link LinkTcpProbe}, each run as its own JVM inside a link's namespace: a bulk TCP receiver
 * and sender. Split from the parent side (which starts them through {@code dev.perflab.proc.ChildProcess})
 * so that this class needs nothing but the JDK: it starts as
 * {@code java -cp DIR dev.perflab.scenario.link.LinkProbeEnds ...} with only this class's directory.
 *
 * <pre>
 *   receive HOST PORT              accept one connection, count bytes to EOF, print one line:
 *                                  "received N bytes in S s = G Mbit/s" (clock starts at the first byte)
 *   send HOST PORT BYTES SECONDS   connect (retrying while refused), send BYTES or for SECONDS, whichever
 *                                  comes first, then close
 * </pre>
 */
public final class LinkProbeEnds {
    static final int CHUNK_BYTES = 64 * 1024;
    /** The receiver's port; free by construction, since the receiver namespace is new and private to one link. */
    static final int PROBE_PORT = 7399;
    /** How long the sender keeps retrying a refused connect while the receiver's JVM starts. */
    static final long CONNECT_RETRY_MILLIS = 10_000;
    private static final long RETRY_PAUSE_MILLIS = 50;

    private LinkProbeEnds() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("receive")) {
            System.out.println(receive(args[1], Integer.parseInt(args[2])));
        } else if (args.length == 5 && args[0].equals("send")) {
            send(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]), Double.parseDouble(args[4]));
        } else {
            System.err.println("usage: LinkProbeEnds receive HOST PORT | send HOST PORT BYTES SECONDS");
            System.exit(2);
        }
    }

    static String receive(String host, int port) throws IOException {
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(host, port));
            try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                byte[] buffer = new byte[CHUNK_BYTES];
                long bytes = 0;
                long firstNanos = 0;
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    if (bytes == 0) {
                        firstNanos = System.nanoTime();
                    }
                    bytes += n;
                }
                double seconds = (System.nanoTime() - firstNanos) / 1e9;
                return String.format(Locale.ROOT, "received %d bytes in %.3f s = %.1f Mbit/s",
                        bytes, seconds, bytes == 0 ? 0 : bytes * 8 / seconds / 1e6);
            }
        }
    }

    static void send(String host, int port, long bytes, double seconds) throws IOException, InterruptedException {
        try (Socket s = connect(host, port); OutputStream out = s.getOutputStream()) {
            byte[] chunk = new byte[CHUNK_BYTES];
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            for (long left = bytes; left > 0 && System.nanoTime() < deadline; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
    }

    private static Socket connect(String host, int port) throws IOException, InterruptedException {
        long giveUp = System.currentTimeMillis() + CONNECT_RETRY_MILLIS;
        while (true) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(host, port), (int) CONNECT_RETRY_MILLIS);
                return s;
            } catch (ConnectException refused) {
                s.close();
                if (System.currentTimeMillis() > giveUp) {
                    throw refused;
                }
                Thread.sleep(RETRY_PAUSE_MILLIS);
            }
        }
    }
}
