package dev.perflab.cli;

import dev.perflab.base.HostPort;
import dev.perflab.base.LabException;
import dev.perflab.net.Sockets;
import dev.perflab.scenario.ClockProbe;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab clock serve|probe}: one host's clock against another's ({@link ClockProbe}), the two roles a placed
 * scenario starts before its rungs so that its latencies are printed with the offset they carry; by hand on two
 * real hosts, the same check before trusting a latency between them.
 */
@Command(name = "clock", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "serve|probe",
        description = {"Measure how far one host's clock is from another's (NTP's way: the shortest of many round trips bounds it).",
                "On host A: ./lab clock serve --bind A:7420   then on host B: ./lab clock probe --connect A:7420"},
        subcommands = {ClockCommand.Serve.class, ClockCommand.Probe.class})
final class ClockCommand extends dev.perflab.cli.component.GroupCommand {
    static final int DEFAULT_PORT = 7420;

    @Command(name = "serve", mixinStandardHelpOptions = true, description = {
            "Answer clock probes: prints 'listening on HOST:PORT', serves --probes probers one after the other, then a 'summary {json}' line."})
    static final class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--bind", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:" + DEFAULT_PORT, converter = HostPort.class,
                description = "Where probers connect (port 0 = any free port). Default: ${DEFAULT-VALUE}.")
        InetSocketAddress bind;

        @Option(names = "--probes", paramLabel = "K", defaultValue = "1", description = "Probers to serve before ending. Default: ${DEFAULT-VALUE}.")
        int probes;

        @Override
        public Integer call() throws IOException {
            if (probes < 1) {
                throw new LabException("--probes must be ≥ 1, was " + probes);
            }
            PrintWriter out = spec.commandLine().getOut();
            try (ServerSocket server = Sockets.listen(bind)) {
                RoleProtocol.printListening(out, Sockets.describe(server));
                int answered = ClockProbe.serve(server, probes);
                RoleProtocol.printSummary(out, RoleProtocol.summary("clock-server").put("probes", probes).put("answered", answered));
            }
            return 0;
        }
    }

    @Command(name = "probe", mixinStandardHelpOptions = true, description = {
            "Measure the server's clock minus this host's: prints the offset with its bound and a 'summary {json}' line."})
    static final class Probe implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--connect", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:" + DEFAULT_PORT, converter = HostPort.class,
                description = "The clock server. Default: ${DEFAULT-VALUE}.")
        InetSocketAddress server;

        @Option(names = "--samples", paramLabel = "N", defaultValue = "" + ClockProbe.DEFAULT_SAMPLES,
                description = "Round trips to make; the shortest bounds the offset. Default: ${DEFAULT-VALUE}.")
        int samples;

        @Override
        public Integer call() throws IOException {
            if (samples < 1 || samples > 1_000_000) {
                throw new LabException("--samples must be 1 to 1,000,000, was " + samples);
            }
            ClockProbe.Offset o = ClockProbe.probe(server, samples);
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "clock of %s minus this host's: %+.1f µs ± %.1f µs (shortest of %d round trips: %.1f µs)%n",
                    Sockets.hostPort(server), o.offsetNanos() / 1e3, o.uncertaintyNanos() / 1e3, o.samples(), o.roundTripNanos() / 1e3);
            RoleProtocol.printSummary(out, RoleProtocol.summary("clock-probe").put("offset_ns", o.offsetNanos())
                    .put("uncertainty_ns", o.uncertaintyNanos()).put("round_trip_ns", o.roundTripNanos()).put("samples", o.samples()));
            return 0;
        }
    }
}
