package dev.perflab.cli.forwarder;

import dev.perflab.io.Scratch;
import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.RungOption;
import dev.perflab.forwarder.EpochClock;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.forwarder.ForwarderLadder;
import dev.perflab.forwarder.PacedSender;
import dev.perflab.forwarder.WarmUp;
import dev.perflab.ladder.Entry;
import dev.perflab.net.Sockets;
import dev.perflab.pump.Pump;
import dev.perflab.pump.WireDay;
import dev.perflab.scenario.DaySource;
import dev.perflab.scenario.RoleProtocol;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab forwarder simulator}: the report's Simulator. Connects to the forwarder and sends one day, through
 * the configuration's sender ({@code --rung}) or, with {@code --rate N}, paced at N messages/s with each
 * message stamped with its intended send time ({@link PacedSender}); then closes, which ends the day. Paced, it
 * warms up its stamping and framing before it connects ({@link PacedSender#warmUp}), so its own compilations do
 * not delay the day it paces.
 */
@Command(name = "simulator", mixinStandardHelpOptions = true, description = {
        "Send one day of market data to the forwarder (./lab forwarder forwarder), then close: that ends the day.",
        "Prints 'flowing' once connected, a result line and a 'summary {json}' line; exit 1 if the forwarder went away.",
        "--rung: how the day leaves, the Simulator of that ./lab run forwarder configuration (r0 file-streamed, r1 preloaded,",
        "r2 and later transferTo)."})
public final class SimulatorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    @Option(names = "--connect", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:" + ForwarderCommand.DEFAULT_PORT, converter = HostPort.class,
            description = "The forwarder. Default: ${DEFAULT-VALUE}.")
    InetSocketAddress forwarder;

    @Mixin
    DaySource.Options dayOptions = new DaySource.Options();

    @Option(names = "--rate", paramLabel = "MSGS_PER_S", defaultValue = "0",
            description = "Pace the day at this many messages/s, each stamped with its intended send time (clients' --latency). 0 = as fast as the rung goes.")
    double rate;

    @Option(names = "--warm-up-messages", paramLabel = "N", defaultValue = "" + WarmUp.MESSAGES,
            description = "With --rate: before connecting, stamp and frame days of N messages into nothing until the JIT is"
                    + " quiet, so the Simulator's own compilations do not delay the paced day (0: none). Default: ${DEFAULT-VALUE}.")
    int warmUpMessages;

    @Option(names = "--deadline-seconds", paramLabel = "S", defaultValue = "" + ForwarderCommand.DEFAULT_DEADLINE_SECONDS,
            description = "Stop sending after S seconds whatever happens. Default: ${DEFAULT-VALUE}.")
    double deadlineSeconds;

    @Override
    public Integer call() throws IOException {
        ForwarderRoles.noteIfFormer(spec);
        if (rate < 0 || warmUpMessages < 0 || deadlineSeconds <= 0) {
            throw new LabException("--rate and --warm-up-messages must be ≥ 0, --deadline-seconds > 0");
        }
        Entry<ForwarderConfig> entry = ForwarderLadder.LADDER.resolve(rung.one());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (rate > 0) {
            ForwarderRoles.warmUp(spec, "simulator", "stamped and framed into nothing", warmUpMessages, PacedSender::warmUp);
        }
        try (DaySource source = dayOptions.open("simulator-day")) {
            return send(entry, source.day(), out, err);
        }
    }

    private int send(Entry<ForwarderConfig> entry, WireDay day, PrintWriter out, PrintWriter err) {
        String error = null;
        long start = System.nanoTime();
        long sent = 0;
        Deadline deadline = new Deadline((long) (deadlineSeconds * 1000));
        try (deadline) {
            if (rate > 0) {
                try (Socket socket = Sockets.connect(forwarder, "forwarder")) {
                    deadline.guard(socket);
                    RoleProtocol.printFlowing(out);
                    start = System.nanoTime();
                    sent = PacedSender.send(socket.getOutputStream(), day, rate, new EpochClock());
                }
            } else {
                try (Pump.Sender sender = entry.factory().simulator().connect(forwarder, day)) {
                    deadline.guard(sender);
                    RoleProtocol.printFlowing(out);
                    start = System.nanoTime();
                    sender.sendDay();
                    sent = day.messages();
                }
            }
        } catch (IOException e) {
            error = "simulator: sending to the forwarder at " + Sockets.hostPort(forwarder) + " failed: " + (deadline.fired
                    ? "the deadline (--deadline-seconds " + java.math.BigDecimal.valueOf(deadlineSeconds).stripTrailingZeros().toPlainString() + ") passed and closed the connection; the forwarder stopped reading?"
                    : e.getMessage() != null ? e.getMessage() : "the connection was closed (" + e.getClass().getSimpleName() + ")");
            err.println(error);
            err.flush();
        }
        double seconds = Math.max(1e-9, (System.nanoTime() - start) / 1e9);
        long bytes = sent == day.messages() ? day.bytes() : 0;
        double mbPerSecond = bytes / ForwarderScenario.BYTES_PER_MB / seconds;
        out.printf("simulator %s: %,d messages (%,d bytes) in %.3f s, %,.1f MB/s%s%n", rate > 0 ? "paced" : entry.id(), sent, bytes,
                seconds, mbPerSecond, rate > 0 ? String.format(" at %,.0f messages/s offered", rate) : "");
        RoleProtocol.printSummary(out, RoleProtocol.summary("simulator").put("rung", entry.id()).put("sent", sent)
                .put("bytes", bytes).put("seconds", seconds).put("mb_per_s", mbPerSecond)
                .put("messages_per_s", sent / seconds).put("rate", rate).put("error", error));
        return error == null ? 0 : LabException.CHECK_FAILED;
    }

    /** Closes what it guards at the deadline, which ends any blocked write. */
    private static final class Deadline implements AutoCloseable {
        private final Thread timer;
        private volatile Closeable guarded;
        /** True once the deadline closed the connection: what a failed write then means. */
        volatile boolean fired;

        Deadline(long millis) {
            timer = new Thread(() -> {
                try {
                    Thread.sleep(millis);
                    fired = true;
                    Sockets.closeQuietly(guarded);
                } catch (InterruptedException e) {
                    // the send ended first
                }
            }, "simulator-deadline");
            timer.setDaemon(true);
            timer.start();
        }

        void guard(Closeable c) {
            guarded = c;
        }

        @Override
        public void close() {
            timer.interrupt();
        }
    }
}
