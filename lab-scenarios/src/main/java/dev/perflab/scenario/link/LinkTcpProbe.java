package dev.perflab.scenario.link;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A bulk TCP sender and receiver for checking a {@link LinkNamespaces} link: the receiver runs on the receiver
 * side, the sender on the sender side, each behind {@link LinkNamespaces#prefix}. No dependencies, so
 * it starts as {@code java -cp DIR dev.perflab.scenario.link.LinkTcpProbe ...} with only this class's directory.
 *
 * <pre>
 *   receive HOST PORT              accept one connection, count bytes to EOF, print one line:
 *                                  "received N bytes in S s = G Mbit/s" (clock starts at the first byte)
 *   send HOST PORT BYTES SECONDS   connect (retrying while refused), send BYTES or for SECONDS, whichever
 *                                  comes first, then close
 *   across RATE SECONDS            make a link at RATE, run both of the above through it, print the result
 * </pre>
 *
 * How to run (root with CAP_NET_ADMIN; after {@code mvn -o -pl lab-scenarios compile}):
 * {@code java -cp lab-scenarios/target/classes dev.perflab.scenario.link.LinkTcpProbe across 100mbit 3}
 *
 * Goodput is TCP payload: on a 1500-byte MTU at most 1448 / 1514 = 95.6 % of what tbf lets onto the wire.
 */
public final class LinkTcpProbe {
    static final int CHUNK_BYTES = 64 * 1024;
    /** The receiver's port; free by construction, since the receiver namespace is new and private to one link. */
    static final int PROBE_PORT = 7399;
    /** Time for the two probe JVMs to start and the receiver to finish, on top of the sending time. */
    static final long STARTUP_ALLOWANCE_SECONDS = 15;
    /** How long the sender keeps retrying a refused connect while the receiver's JVM starts. */
    static final long CONNECT_RETRY_MILLIS = 10_000;
    private static final long RETRY_PAUSE_MILLIS = 50;

    private LinkTcpProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("receive")) {
            System.out.println(receive(args[1], Integer.parseInt(args[2])));
        } else if (args.length == 5 && args[0].equals("send")) {
            send(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]), Double.parseDouble(args[4]));
        } else if (args.length == 3 && args[0].equals("across")) {
            Optional<String> unavailable = LinkNamespaces.unavailableReason();
            if (unavailable.isPresent()) {
                System.out.println("skipped: " + unavailable.get());
                return;
            }
            try (LinkNamespaces link = LinkNamespaces.create(args[1])) {
                System.out.println(link.describe());
                System.out.println(across(link, Long.MAX_VALUE, Double.parseDouble(args[2])));
            }
        } else {
            System.err.println("usage: LinkTcpProbe receive HOST PORT | send HOST PORT BYTES SECONDS | across RATE SECONDS");
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

    /**
     * Sends up to {@code bytes} for up to {@code seconds} from the sender side to a receiver on the
     * receiver side and returns the receiver's line; throws with the processes' output if either fails.
     */
    static String across(LinkNamespaces link, long bytes, double seconds) throws IOException, InterruptedException {
        String host = link.receiverAddress();
        String port = String.valueOf(PROBE_PORT);
        List<String> receiver = new ArrayList<>(link.prefix(LinkNamespaces.Side.RECEIVER));
        receiver.addAll(command("receive", host, port));
        List<String> sender = new ArrayList<>(link.prefix(LinkNamespaces.Side.SENDER));
        sender.addAll(command("send", host, port, String.valueOf(bytes), String.valueOf(seconds)));
        List<Process> started = new CopyOnWriteArrayList<>();
        Thread stopOnExit = new Thread(() -> started.forEach(Process::destroyForcibly), "link-probe-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            Process receiving = new ProcessBuilder(receiver).redirectErrorStream(true).start();
            started.add(receiving);
            Process sending = new ProcessBuilder(sender).redirectErrorStream(true).start();
            started.add(sending);
            long limitSeconds = (long) Math.ceil(seconds) + STARTUP_ALLOWANCE_SECONDS;
            boolean sent = sending.waitFor(limitSeconds, TimeUnit.SECONDS);
            String sendOutput = sent ? LinkCommands.oneLine(new String(sending.getInputStream().readAllBytes(), StandardCharsets.UTF_8)) : "";
            if (!sent || sending.exitValue() != 0) {
                throw new IOException("sender " + (sent ? "failed: " + sendOutput : "did not finish in " + limitSeconds + " s"));
            }
            if (!receiving.waitFor(STARTUP_ALLOWANCE_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("receiver did not finish " + STARTUP_ALLOWANCE_SECONDS + " s after the sender");
            }
            String line = LinkCommands.oneLine(new String(receiving.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            if (receiving.exitValue() != 0) {
                throw new IOException("receiver failed: " + line);
            }
            return line;
        } finally {
            started.forEach(Process::destroyForcibly);
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /** {@code java -cp DIR LinkTcpProbe ARGS} with this JVM's java and the directory or jar holding this class. */
    static List<String> command(String... args) {
        String java = dev.perflab.proc.ChildProcess.javaExecutable();
        String classPath;
        try {
            classPath = Path.of(LinkTcpProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> command = new ArrayList<>(List.of(java, "-cp", classPath, LinkTcpProbe.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
