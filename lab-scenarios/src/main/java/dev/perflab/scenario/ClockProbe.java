package dev.perflab.scenario;

import dev.perflab.net.Sockets;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;

/**
 * How far one host's wall clock is from another's, measured the way NTP does it, over one TCP connection.
 *
 * <pre>
 *   prober (host B)                         server (host A)
 *   t0 = B's clock ── 8 bytes: "time?" ───▶
 *                   ◀── 8 bytes: t1 ──────  t1 = A's clock, read on arrival
 *   t2 = B's clock
 *   round trip = t2 − t0;  A − B = t1 − (t0 + t2) / 2,  within ± round trip / 2
 * </pre>
 *
 * The server read its clock somewhere between t0 and t2 (by B's clock), so the offset is exact to within half
 * the round trip, whatever the two directions' delays; of many exchanges the one with the shortest round trip
 * gives the tightest bound and is the one kept. On one machine (the lab's namespaces) both read the same kernel
 * clock, so the true offset is 0 and the measured one lies within its bound. Clocks are read with
 * {@link Instant#now()}, the wall clock the forwarder's {@code EpochClock} anchors to.
 *
 * <p>Stateless; each call uses its own socket. Allocation is a few objects per exchange.
 */
public final class ClockProbe {
    /** Exchanges a probe makes by default; the shortest round trip of them bounds the offset. */
    public static final int DEFAULT_SAMPLES = 50;

    private ClockProbe() {
    }

    /**
     * One host's clock against the server's.
     *
     * @param offsetNanos      server's clock minus this host's, in ns
     * @param uncertaintyNanos the true offset lies within {@code offsetNanos ± uncertaintyNanos}: half the round trip
     * @param roundTripNanos   the shortest round trip, in ns
     * @param samples          how many exchanges were made
     */
    public record Offset(long offsetNanos, long uncertaintyNanos, long roundTripNanos, int samples) {
    }

    /** This host's wall clock, in ns since the epoch. */
    static long nowEpochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Answers every "time?" on {@code connection} with this host's clock until the prober closes it. */
    public static int answer(Socket connection) throws IOException {
        DataInputStream in = new DataInputStream(connection.getInputStream());
        DataOutputStream out = new DataOutputStream(connection.getOutputStream());
        int answered = 0;
        while (true) {
            try {
                in.readLong();
            } catch (EOFException e) {
                return answered;
            }
            out.writeLong(nowEpochNanos());
            out.flush();
            answered++;
        }
    }

    /** Serves {@code probes} probers, one after the other, on {@code server}; returns the exchanges answered. */
    public static int serve(ServerSocket server, int probes) throws IOException {
        int answered = 0;
        for (int p = 0; p < probes; p++) {
            try (Socket connection = Sockets.accept(server, "clock prober")) {
                answered += answer(connection);
            }
        }
        return answered;
    }

    /** Measures the clock of the server at {@code server} against this host's, over {@code samples} exchanges. */
    public static Offset probe(InetSocketAddress server, int samples) throws IOException {
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be ≥ 1, was " + samples);
        }
        try (Socket socket = Sockets.connect(server, "clock server")) {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            long bestRoundTrip = Long.MAX_VALUE;
            long bestOffset = 0;
            for (int i = 0; i < samples; i++) {
                long t0 = nowEpochNanos();
                out.writeLong(t0);
                out.flush();
                long t1 = in.readLong();
                long t2 = nowEpochNanos();
                long roundTrip = t2 - t0;
                if (roundTrip < bestRoundTrip) {
                    bestRoundTrip = roundTrip;
                    bestOffset = t1 - (t0 + roundTrip / 2);
                }
            }
            return new Offset(bestOffset, (bestRoundTrip + 1) / 2, bestRoundTrip, samples);
        }
    }
}
