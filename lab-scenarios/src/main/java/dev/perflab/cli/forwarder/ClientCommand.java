package dev.perflab.cli.forwarder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.forwarder.ClientStream;
import dev.perflab.forwarder.EpochClock;
import dev.perflab.forwarder.Subscription;
import dev.perflab.forwarder.WarmUp;
import dev.perflab.latency.Hiccups;
import dev.perflab.scenario.RoleProtocol;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab forwarder client}: one client of the forwarder ({@link ClientStream}): subscribes from a sequence,
 * reads the day to its end, checks every record and accounts for every sequence; with {@code --latency},
 * times each message from the paced Simulator's stamp (HdrHistogram) and measures the platform's hiccups in its
 * own JVM over the same span ({@link Hiccups}), so a tail can be told from the machine's. Before it subscribes
 * it warms up its read path from memory ({@link ClientStream#warmUp}): a cold client compiles during the day
 * it measures, on the cores the forwarder needs.
 *
 * <p>Exit 0: the whole day arrived once, in order; 2: a malformed frame or a stream cut inside the day (one line
 * with the byte offset); 1: gaps, duplicates, reorderings or a lost connection.
 */
@Command(name = "client", mixinStandardHelpOptions = true, description = {
        "Subscribe to the forwarder and receive the day, counting gaps, duplicates and reorderings (all must be 0).",
        "Prints a result line and a 'summary {json}' line."})
public final class ClientCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--connect", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:" + ForwarderCommand.DEFAULT_PORT,
            converter = HostPort.class, description = "The forwarder. Default: ${DEFAULT-VALUE}.")
    InetSocketAddress forwarder;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "client", description = "Name in the forwarder's report. Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--from", paramLabel = "SEQ", defaultValue = "1", description = "First sequence wanted (1 = the whole day). Default: ${DEFAULT-VALUE}.")
    long from;

    @Option(names = "--join-delay-ms", paramLabel = "MS", defaultValue = "0", description = "Wait this long before subscribing (a late joiner).")
    long joinDelayMillis;

    @Option(names = "--join-at-message", paramLabel = "N", defaultValue = "0",
            description = "Subscribe now, but have the forwarder start serving once it published N messages: a late joiner on a live day (0: at once).")
    long joinAtMessage;

    @Option(names = "--slow-micros-per-message", paramLabel = "US", defaultValue = "0",
            description = "A slow client: pause this long after each message.")
    long slowMicros;

    @Option(names = "--latency", description = "Time each message from its intended send time (needs ./lab forwarder simulator --rate).")
    boolean latency;

    @Option(names = "--warm-up-messages", paramLabel = "N", defaultValue = "" + WarmUp.MESSAGES,
            description = "Before subscribing, read and check days of N messages from memory until the JIT is quiet, so the"
                    + " client's own compilations do not land in the day it measures (0: none). Default: ${DEFAULT-VALUE}.")
    int warmUpMessages;

    @Option(names = "--deadline-seconds", paramLabel = "S", defaultValue = "" + ForwarderCommand.DEFAULT_DEADLINE_SECONDS,
            description = "Give up after S seconds. Default: ${DEFAULT-VALUE}.")
    double deadlineSeconds;

    @Override
    public Integer call() throws InterruptedException {
        ForwarderRoles.noteIfFormer(spec);
        if (joinDelayMillis < 0 || joinAtMessage < 0 || slowMicros < 0 || warmUpMessages < 0 || deadlineSeconds <= 0) {
            throw new LabException("--join-delay-ms, --join-at-message, --slow-micros-per-message and --warm-up-messages must be ≥ 0,"
                    + " --deadline-seconds > 0");
        }
        Subscription subscription;
        try {
            subscription = new Subscription(from, joinAtMessage, name);
        } catch (IllegalArgumentException e) {
            throw new LabException(e.getMessage());
        }
        long deadline = System.nanoTime() + (long) (deadlineSeconds * 1e9);
        ForwarderRoles.warmUp(spec, "client " + name, "read from memory", warmUpMessages, ClientStream::warmUp);
        EpochClock clock = latency ? new EpochClock() : null;
        Thread.sleep(joinDelayMillis);
        Hiccups hiccups = latency ? Hiccups.start() : null;
        PrintWriter out = spec.commandLine().getOut();
        ClientStream.Result r = ClientStream.run(forwarder, subscription, slowMicros * 1_000, clock, deadline,
                () -> RoleProtocol.printSubscribed(out));
        Histogram stalls = hiccups == null ? null : hiccups.stop();
        PrintWriter err = spec.commandLine().getErr();
        if (r.error() != null) {
            err.println(r.error());
            err.flush();
        }
        double mbPerSecond = r.bytes() / ForwarderScenario.BYTES_PER_MB / Math.max(1e-9, r.seconds());
        out.printf("client %s: %,d of %,d messages, %,d gaps, %,d duplicates, %,d reorderings; %,d bytes in %.3f s, %,.1f MB/s%n",
                name, r.received(), Math.max(0, r.announced()), r.gaps(), r.duplicates(), r.reorderings(), r.bytes(), r.seconds(), mbPerSecond);
        ObjectNode summary = RoleProtocol.summary("client").put("name", name).put("announced", r.announced())
                .put("received", r.received()).put("gaps", r.gaps()).put("duplicates", r.duplicates())
                .put("reorderings", r.reorderings()).put("bytes", r.bytes()).put("seconds", r.seconds())
                .put("mb_per_s", mbPerSecond).put("messages_per_s", r.received() / Math.max(1e-9, r.seconds()))
                .put("complete", r.complete()).put("error", r.error());
        if (r.latency() != null && r.latency().getTotalCount() > 0) {
            Histogram h = r.latency();
            out.printf("  publish → client latency: p50 %.1f µs, p99 %.1f µs, p99.9 %.1f µs, max %.1f µs over %,d messages%n",
                    micros(h, 50), micros(h, 99), micros(h, 99.9), h.getMaxValue() / 1e3, h.getTotalCount());
            summary.putObject("latency_us").put("p50", micros(h, 50)).put("p99", micros(h, 99)).put("p99_9", micros(h, 99.9))
                    .put("max", h.getMaxValue() / 1e3).put("count", h.getTotalCount());
        }
        if (stalls != null && stalls.getTotalCount() > 0) {
            out.printf("  platform hiccups meanwhile: p50 %.1f µs, p99 %.1f µs, p99.9 %.1f µs, max %.1f µs"
                            + " (how much later than asked a thread sleeping 1 ms woke, in this JVM)%n",
                    micros(stalls, 50), micros(stalls, 99), micros(stalls, 99.9), stalls.getMaxValue() / 1e3);
            summary.putObject("hiccups_us").put("p50", micros(stalls, 50)).put("p99", micros(stalls, 99))
                    .put("p99_9", micros(stalls, 99.9)).put("max", stalls.getMaxValue() / 1e3).put("count", stalls.getTotalCount());
        }
        RoleProtocol.printSummary(out, summary);
        return r.malformed() ? LabException.BAD_INPUT : r.complete() ? 0 : LabException.CHECK_FAILED;
    }

    private static double micros(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e3;
    }
}
