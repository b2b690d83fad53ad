package dev.perflab.cli.pump;

import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.RungOption;
import dev.perflab.ladder.Entry;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.net.Sockets;
import dev.perflab.net.StallWatchdog;
import dev.perflab.pump.Pump;
import dev.perflab.pump.PumpLadder;
import dev.perflab.pump.StreamVerifier;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab pump receiver}: accepts one sender and reads its stream to the end through the rung's
 * receiver, verifying every message ({@link StreamVerifier}); the first bad record is one line on stderr
 * with its byte offset, and the summary still carries what was verified before it.
 *
 * <p>Liveness: every rung gives up after {@link Sockets#LIVENESS_MILLIS} without a verified byte (a sender that
 * connects and sends nothing, or stalls): the stream rungs' reads time out, and a {@link StallWatchdog} closes
 * the channel under the channel rungs (r3–r6, and the exercise's), whose blocking reads ignore that timeout.
 */
@Command(name = "receiver", mixinStandardHelpOptions = true, description = {
        "Accept one sender and verify every message of its stream (sequence and CRC-32C); report MB/s.",
        "Start it first. Prints 'listening on HOST:PORT', a result line and a 'summary {json}' line.",
        "Sender and receiver must run the same --rung."})
final class ReceiverCommand implements Callable<Integer> {
    /** MB as the lab prints it: 10^6 bytes. */
    static final double BYTES_PER_MB = 1e6;

    @Spec
    CommandSpec spec;

    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    @Option(names = "--bind", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:7401", converter = HostPort.class,
            description = "Where the sender connects (port 0 = any free port). Default: ${DEFAULT-VALUE}.")
    InetSocketAddress bind;

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "1",
            description = "Bytes in the first S seconds after the sender connects are verified but left out of MB/s. Default: ${DEFAULT-VALUE}.")
    double warmupSeconds;

    @Override
    public Integer call() {
        Entry<Pump> entry = PumpLadder.LADDER.resolve(rung.one());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        StreamVerifier verifier = null;
        String error = null;
        long accepted = 0;
        long end = 0;
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(bind);
            server.socket().setSoTimeout(Sockets.acceptTimeoutMillis());
            RoleProtocol.printListening(out, (InetSocketAddress) server.getLocalAddress());
            try (SocketChannel channel = server.socket().accept().getChannel()) {
                accepted = System.nanoTime();
                // the liveness watchdog for the stream rungs (r0–r2); a blocking channel read ignores it, so a
                // StallWatchdog closes the channel of any rung when no byte is verified for as long
                channel.socket().setSoTimeout(Sockets.LIVENESS_MILLIS);
                StreamVerifier v = new StreamVerifier("stream from " + channel.getRemoteAddress());
                verifier = v;
                verifier.measureFrom(accepted + (long) (warmupSeconds * 1e9));
                try (StallWatchdog watchdog = StallWatchdog.watch("receiver", v::bytes, Sockets.LIVENESS_MILLIS, channel)) {
                    try {
                        entry.factory().receive(channel, verifier);
                    } catch (IOException e) {
                        if (watchdog.fired()) {
                            throw new SocketTimeoutException("stalled");
                        }
                        throw e;
                    }
                }
            } finally {
                end = System.nanoTime();
            }
        } catch (SocketTimeoutException e) {
            error = verifier == null
                    ? "receiver: no sender connected to " + bind + " within " + Sockets.acceptTimeoutMillis() / 1000 + " s"
                    : "receiver: no bytes for " + Sockets.LIVENESS_MILLIS / 1000 + " s after " + verifier.bytes() + " verified; the sender stalled";
        } catch (MdfFormatException e) {
            error = e.getMessage();
        } catch (IOException e) {
            error = "receiver: " + (verifier == null ? "cannot listen on " + bind + ": " : "connection failed: ") + e.getMessage();
        }
        if (error != null) {
            err.println(error);
            err.flush();
        }
        long messages = verifier == null ? 0 : verifier.messages();
        long bytes = verifier == null ? 0 : verifier.bytes();
        boolean windowed = verifier != null && verifier.windowStartedNanos() != 0;
        long windowBytes = windowed ? verifier.windowBytes() : bytes;
        double windowSeconds = Math.max(1e-9, (end - (windowed ? verifier.windowStartedNanos() : accepted)) / 1e9);
        double mbPerSecond = windowBytes / BYTES_PER_MB / windowSeconds;
        double messagesPerSecond = bytes == 0 ? 0 : mbPerSecond * BYTES_PER_MB * messages / bytes;
        out.printf("receiver %s: %,d messages (%,d days, %,d bytes) verified; %,.1f MB/s, %,.0f messages/s over %.2f s%n",
                entry.id(), messages, verifier == null ? 0 : verifier.days(), bytes, mbPerSecond, messagesPerSecond, windowSeconds);
        RoleProtocol.printSummary(out, RoleProtocol.summary("receiver").put("rung", entry.id())
                .put("received", messages).put("bytes", bytes).put("days", verifier == null ? 0 : verifier.days())
                .put("mb_per_s", mbPerSecond).put("messages_per_s", messagesPerSecond).put("window_s", windowSeconds)
                .put("error", error));
        return error == null ? 0 : LabException.CHECK_FAILED;
    }
}
