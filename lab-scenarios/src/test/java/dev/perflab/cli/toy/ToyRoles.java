package dev.perflab.cli.toy;

import dev.perflab.net.Sockets;
import dev.perflab.scenario.RoleProtocol;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The toy scenario's two roles, each a JVM: {@code sink PORT} listens on 127.0.0.1 and counts the sums it
 * receives; {@code source HOST:PORT RUNG SECONDS} computes sums of 1..1000 on a rung and sends each as 8
 * bytes for that long, then an end marker and its count. Both speak the {@link RoleProtocol} over the lab's {@link Sockets}.
 */
public final class ToyRoles {
    static final long N = 1000;
    /** Ends the stream; the sender's count follows. Sums are never negative. */
    static final long END = Long.MIN_VALUE;

    private ToyRoles() {
    }

    public static void main(String[] args) throws IOException {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        if (args[0].equals("sink")) {
            sink(out);
        } else {
            String[] hostPort = args[1].split(":");
            source(out, new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), args[2], Double.parseDouble(args[3]));
        }
    }

    private static void sink(PrintWriter out) throws IOException {
        long received = 0;
        long claimed = -1;
        try (ServerSocket server = Sockets.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            RoleProtocol.printListening(out, Sockets.describe(server));
            try (Socket socket = Sockets.accept(server, "source");
                 DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()))) {
                for (long v = in.readLong(); v != END; v = in.readLong()) {
                    received++;
                }
                claimed = in.readLong();
            } catch (EOFException e) {
                System.err.println("sink: stream ended without its end marker after " + received + " sums");
            }
        }
        RoleProtocol.printSummary(out, RoleProtocol.summary("sink").put("received", received).put("claimed", claimed));
    }

    private static void source(PrintWriter out, InetSocketAddress sink, String rung, double seconds) throws IOException {
        var sum = ToyLadder.LADDER.resolve(rung).factory();
        long sent = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        try (Socket socket = Sockets.connect(sink, "sink");
             DataOutputStream data = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()))) {
            while (System.nanoTime() < end) {
                for (int i = 0; i < 1000; i++) {
                    data.writeLong(sum.applyAsLong(N));
                }
                sent += 1000;
            }
            data.writeLong(END);
            data.writeLong(sent);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        RoleProtocol.printSummary(out, RoleProtocol.summary("source").put("sent", sent).put("ops_per_s", sent / elapsed));
    }
}
