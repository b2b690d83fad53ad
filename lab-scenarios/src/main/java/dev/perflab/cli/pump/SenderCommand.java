package dev.perflab.cli.pump;

import dev.perflab.io.Scratch;
import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.RungOption;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.ladder.Entry;
import dev.perflab.net.Liveness;
import dev.perflab.net.StallWatchdog;
import dev.perflab.pump.Pump;
import dev.perflab.pump.PumpLadder;
import dev.perflab.pump.WireDay;
import dev.perflab.scenario.DaySource;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab pump sender}: connects to a receiver and sends whole days of messages through the rung's
 * sender until {@code --seconds} have passed (at least one day), then closes: the stream only ever ends
 * between days, so the receiver can tell a clean end from a cut one.
 */
@Command(name = "sender", mixinStandardHelpOptions = true, description = {
        "Send whole days of market data to a receiver for a fixed time (at least one day), then close.",
        "Prints a result line and a 'summary {json}' line; exit 1 if the receiver went away.",
        "Sender and receiver must run the same --rung."})
final class SenderCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    @Option(names = "--connect", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:7401", converter = HostPort.class,
            description = "The receiver. Default: ${DEFAULT-VALUE}.")
    InetSocketAddress receiver;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10", converter = ScenarioOptions.PositiveSeconds.class, description = "How long to send. Default: ${DEFAULT-VALUE}.")
    double seconds;

    @Option(names = "--stall-seconds", paramLabel = "S", converter = ScenarioOptions.PositiveSeconds.class,
            description = "Give up when no whole day went out for S seconds (a receiver that stopped reading). Default: the"
                    + " lab's liveness limit, 30 s unless set (docs/bad-input.md).")
    Double stallSeconds;

    @Mixin
    DaySource.Options dayOptions = new DaySource.Options();

    @Override
    public Integer call() throws IOException {
        if (seconds <= 0) {
            throw new LabException("--seconds must be > 0");
        }
        Entry<Pump> entry = PumpLadder.LADDER.resolve(rung.one());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (DaySource source = dayOptions.open("pump-day")) {
            return send(entry, source.day(), out, err);
        }
    }

    private int send(Entry<Pump> entry, WireDay day, PrintWriter out, PrintWriter err) {
        long days = 0;
        String error = null;
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        java.util.concurrent.atomic.AtomicLong sentDays = new java.util.concurrent.atomic.AtomicLong();
        StallWatchdog watchdog = null;
        double stallSeconds = this.stallSeconds != null ? this.stallSeconds : Liveness.limit().toSeconds();
        try (Pump.Sender sender = entry.factory().connect(receiver, day)) {
            // a blocking channel write ignores every timeout: a receiver that never reads would hold it for ever
            watchdog = StallWatchdog.watch("sender", sentDays::get, (long) (stallSeconds * 1000), sender);
            do {
                sender.sendDay();
                days = sentDays.incrementAndGet();
            } while (System.nanoTime() - deadline < 0);
        } catch (IOException e) {
            String why = watchdog != null && watchdog.fired()
                    ? "the receiver took no whole day for " + String.format(java.util.Locale.ROOT, "%.0f", stallSeconds) + " s (it stopped reading)"
                    : e.getMessage();
            error = "sender: connection to " + receiver.getHostString() + ":" + receiver.getPort() + " failed after " + days + " whole days: " + why;
            err.println(error);
            err.flush();
        }
        if (watchdog != null) {
            watchdog.close();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long sent = days * day.messages();
        double mbPerSecond = days * (double) day.bytes() / ReceiverCommand.BYTES_PER_MB / elapsed;
        out.printf("sender %s: %,d days of %,d messages (%,d bytes each) in %.2f s, %,.1f MB/s%n",
                entry.id(), days, day.messages(), day.bytes(), elapsed, mbPerSecond);
        RoleProtocol.printSummary(out, RoleProtocol.summary("sender").put("rung", entry.id()).put("sent", sent)
                .put("days", days).put("bytes", days * day.bytes()).put("seconds", elapsed).put("mb_per_s", mbPerSecond)
                .put("error", error));
        return error == null ? 0 : LabException.CHECK_FAILED;
    }
}
