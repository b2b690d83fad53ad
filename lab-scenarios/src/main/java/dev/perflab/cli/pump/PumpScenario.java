package dev.perflab.cli.pump;

import dev.perflab.io.Scratch;
import dev.perflab.base.Leftovers;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.JsonNumbers;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.proc.ChildProcess;
import dev.perflab.pump.Pump;
import dev.perflab.pump.PumpLadder;
import dev.perflab.pump.WireDay;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.Conservation;
import dev.perflab.scenario.Iperf3Ceiling;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.LabCommand;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleWindow;
import dev.perflab.scenario.RungResult;
import dev.perflab.scenario.link.LinkNamespaces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Optional;
import picocli.CommandLine.Mixin;

/**
 * {@code ./lab run socket-pump}: the ceiling first (iperf3 over loopback, or the emulated link's rate), then
 * for each rung a receiver and a sender process over TCP, and the ladder as MB/s and % of the ceiling.
 *
 * <pre>
 *   iperf3 -s / iperf3 -c 127.0.0.1 -t S ──▶ ceiling MB/s (same run, same machine)   [--link: the link's rate]
 *   for each rung:
 *     receiver JVM (listens; verifies every message) ◀──TCP── sender JVM (whole days for warm-up + measured s)
 *     MB/s = wire bytes the receiver verified after its warm-up ÷ seconds until the stream ended
 *   DIR/socket-pump.json: one JMH-shaped row per rung (benchmark socket-pump.stream, MB/s;
 *     secondary: sent, received, lost, cpu, errors, messagesPerSecond, ceiling %)
 * </pre>
 *
 * MB is 10^6 bytes; the bytes counted are the day files' (headers, lengths and checksums included), which is
 * what TCP carries.
 */
final class PumpScenario implements Scenario<PumpScenario.Options> {
    /** The benchmark name of the rows this run writes; gates select them by it. */
    static final String BENCHMARK = PumpLadder.COMPONENT + ".stream";
    /** Over an emulated link a day is cut to what the link carries in this time, so every rung sends several. */
    static final double LINK_DAY_SECONDS = 0.25;
    /** A record's average wire size: a 4-byte length, a message of 32–512 bytes (272 on average), a 4-byte CRC. */
    static final int AVERAGE_RECORD_BYTES = 4 + (MdfMessage.MIN_BYTES + MdfMessage.MAX_BYTES) / 2 + 4;
    static final int MIN_DAY_MESSAGES = 1_000;
    /** A smoke run's day: r0 sends it in about a second on a shared 2-core machine. */
    static final int SMOKE_DAY_MESSAGES = 50_000;
    /** Seed of the day every rung sends. */
    static final long DAY_SEED = 1;
    private static final double BYTES_PER_MB = ReceiverCommand.BYTES_PER_MB;

    /** Warm-up and measured seconds per rung. */
    record Timing(double warmupSeconds, double measureSeconds) {
    }

    private final Ladder<Pump> ladder;

    PumpScenario(Ladder<Pump> ladder) {
        this.ladder = ladder;
    }

    @Override
    public List<Role> roles() {
        return List.of(
                new Role("receiver", true, null, "accepts the sender, verifies every message's sequence and CRC, counts MB/s"),
                new Role("sender", false, "receiver", "sends whole days of market data for warm-up + measured seconds"));
    }

    @Override
    public String unit() {
        return "MB/s";
    }

    /** {@code ./lab run socket-pump}'s own options. */
    static final class Options {
        @Mixin
        ScenarioOptions.Seconds seconds = new ScenarioOptions.Seconds();

        @Mixin
        ScenarioOptions.Json json = new ScenarioOptions.Json();

        @Mixin
        ScenarioOptions.Link link = new ScenarioOptions.Link();

        @Mixin
        ScenarioOptions.Ceiling ceiling = new ScenarioOptions.Ceiling();
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        List<Entry<Pump>> rungs = request.rungsOf(ladder);
        OutputFile rowsFile = request.results().file(ResultsLayout.rows(PumpLadder.COMPONENT));
        OutputFile json = options.json.check(rowsFile.path(), request.inputs());
        Timing timing = new Timing(ScenarioOptions.Seconds.warmup(request.length()), options.seconds.measured(request.length()));
        if (options.link.rate() == null) {
            return new Run(rungs, timing, null, request.length(), rowsFile, json, request.console(), request.results())
                    .withoutCeiling(options.ceiling.skipped()).run();
        }
        return LinkedRun.run(request, options.link.rate(),
                link -> new Run(rungs, timing, link, request.length(), rowsFile, json, request.console(), request.results()).run());
    }

    /** Messages in the day the sender repeats: the report's day on loopback; over a link, what it carries in {@link #LINK_DAY_SECONDS}. */
    static int dayMessages(LinkNamespaces link, RunLength length) {
        if (link == null) {
            return length == RunLength.SMOKE ? SMOKE_DAY_MESSAGES : MdfGenerator.DAY_MESSAGES;
        }
        double perDay = link.bitsPerSecond() / 8.0 * LINK_DAY_SECONDS / AVERAGE_RECORD_BYTES;
        return (int) Math.max(MIN_DAY_MESSAGES, Math.min(MdfGenerator.DAY_MESSAGES, perDay));
    }

    /** One {@code ./lab run socket-pump}. */
    private final class Run {
        private final List<Entry<Pump>> rungs;
        private final Timing timing;
        private final LinkNamespaces link;
        private final RunLength length;
        private final OutputFile rowsFile;
        private final OutputFile json;
        private final PrintWriter console;
        /** The run's folder (--out): its rows, and where a crashed role JVM leaves its log. */
        private final RunFolder folder;
        /** The ceiling "not measured" ({@code --no-ceiling}), or empty: iperf3 measures it. */
        private Optional<Iperf3Ceiling.Result> noCeiling = Optional.empty();

        Run(List<Entry<Pump>> rungs, Timing timing, LinkNamespaces link, RunLength length, OutputFile rowsFile, OutputFile json,
            PrintWriter console, RunFolder results) {
            this.rungs = rungs;
            this.timing = timing;
            this.link = link;
            this.length = length;
            this.rowsFile = rowsFile;
            this.json = json;
            this.console = console;
            this.folder = results;
        }

        Run withoutCeiling(Optional<Iperf3Ceiling.Result> skipped) {
            noCeiling = skipped;
            return this;
        }

        int run() throws IOException, InterruptedException {
            Path day = Leftovers.register(Scratch.file("pump-day", ".bin"));
            try {
                return run(day);
            } finally {
                Files.deleteIfExists(day);
                Leftovers.release(day);
            }
        }

        /** Every rung's sender sends the same day file, generated once here. */
        private int run(Path day) throws IOException, InterruptedException {
            String header = Machine.header();
            int messages = dayMessages(link, length);
            WireDay.generate(messages, DAY_SEED, day);
            console.printf("perflab run socket-pump · %s%n", header);
            console.printf("each rung: %.1f s warm-up + %.1f s measured; days of %,d messages; %s%n", timing.warmupSeconds(),
                    timing.measureSeconds(), messages, link == null ? "loopback TCP (127.0.0.1)" : link.describe());
            Iperf3Ceiling.Result ceiling = ceiling();
            console.println(ceiling.measured()
                    ? String.format("ceiling: %s %,.1f MB/s", link == null ? "iperf3 over loopback (same run):"
                            : "the link's rate,", ceiling.mbPerSecond())
                    : ceiling.skipped());
            console.println();
            console.println(String.format("%-26s %12s %14s %10s %6s %14s %14s", "rung", "MB/s", "messages/s",
                    ceiling.measured() ? (link == null ? "% iperf3" : "% link") : "% ceiling", "cpu %", "sent", "received"));
            console.flush();
            List<RungResult> results = new ArrayList<>();
            List<ObjectNode> jsonRungs = new ArrayList<>();
            JmhRows rows = new JmhRows();
            for (Entry<Pump> rung : rungs) {
                RoleWindow.Result r = RoleWindow.run(roles(), role -> link == null ? "127.0.0.1" : link.receiverAddress(),
                        (role, connect) -> command(role, rung.id(), connect, day),
                        timing.warmupSeconds(), timing.measureSeconds(), Machine.cores());
                double mbPerSecond = r.number("receiver", "mb_per_s");
                double messagesPerSecond = r.number("receiver", "messages_per_s");
                double percent = ceiling.measured() ? 100 * mbPerSecond / ceiling.mbPerSecond() : Double.NaN;
                Conservation counts = Conservation.of("sent", r.count("sender", "sent"), "received", r.count("receiver", "received"));
                List<String> errors = new ArrayList<>(r.errors());
                if (!counts.holds()) {
                    errors.add(counts.problem());
                }
                console.println(String.format("%-26s %12.1f %14.0f %10s %6.1f %,14d %,14d", rung.id(), mbPerSecond, messagesPerSecond,
                        Double.isNaN(percent) ? "-" : String.format("%.1f", percent), r.cpuPercent(),
                        counts.count("sent"), counts.count("received")));
                errors.forEach(e -> console.println("    " + e));
                console.flush();
                Map<String, JmhRows.Metric> extra = new LinkedHashMap<>();
                extra.put("messagesPerSecond", JmhRows.Metric.single(messagesPerSecond, "ops/s"));
                extra.put("ceiling", JmhRows.Metric.single(percent, "%"));
                RungResult result = new RungResult(rung.id(), rung.kind() == Kind.EXHIBIT, mbPerSecond, counts,
                        r.cpuPercent(), errors, true, extra);
                result.addTo(rows, BENCHMARK, unit(), link == null ? Map.of() : Map.of("link", formatLink()));
                results.add(result);
                jsonRungs.add(jsonRung(result, messagesPerSecond, percent));
            }
            // the second ceiling serves only the percentages of rungs that were measured: none, none again
            boolean anyMeasured = results.stream().anyMatch(RungResult::correct);
            footer(results, link == null && ceiling.measured() && anyMeasured ? ceiling.combine(ceilingAgain()) : ceiling);
            folder.saveRows(rowsFile.path().getFileName().toString(), rows.json(), header, null);
            if (json != null) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                ObjectNode root = new ObjectMapper().createObjectNode();
                Machine.describe(root);
                root.put("network", link == null ? "loopback" : link.describe());
                JsonNumbers.put(root, "ceiling_mb_per_s", ceiling.mbPerSecond());
                root.put("ceiling_source", link == null ? "iperf3" : "link");
                root.put("ceiling_skipped", ceiling.skipped());
                root.put("warmup_s", timing.warmupSeconds());
                root.put("measure_s", timing.measureSeconds());
                root.put("day_messages", messages);
                ArrayNode out = root.putArray("rungs");
                jsonRungs.forEach(out::add);
                new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(buffer, root);
                json.write(buffer.toByteArray());
            }
            console.println("saved: " + rowsFile.path() + (json != null ? ", " + json.path() : ""));
            console.flush();
            return RungResult.exitCode(results) == 0 ? 0 : LabException.CHECK_FAILED;
        }

        private String formatLink() {
            return Long.toString(link.bitsPerSecond());
        }

        private Iperf3Ceiling.Result ceiling() throws IOException, InterruptedException {
            if (link != null) {
                return new Iperf3Ceiling.Result(link.bitsPerSecond() / 8.0 / BYTES_PER_MB, null);
            }
            if (noCeiling.isPresent()) {
                return noCeiling.get();
            }
            console.printf("ceiling: iperf3 over loopback for %d s…%n", Math.max(1, Math.round(timing.measureSeconds())));
            console.flush();
            return Iperf3Ceiling.measure(timing.measureSeconds());
        }

        /** iperf3 again after the rungs, so the footer's ceiling carries the machine's drift over the run. */
        private Iperf3Ceiling.Result ceilingAgain() throws IOException, InterruptedException {
            console.printf("%nceiling again, after the rungs: iperf3 over loopback for %d s…%n", Math.max(1, Math.round(timing.measureSeconds())));
            console.flush();
            return Iperf3Ceiling.measure(timing.measureSeconds());
        }

        private void footer(List<RungResult> results, Iperf3Ceiling.Result ceiling) {
            Optional<RungResult> best = results.stream().filter(RungResult::correct).max((a, b) -> Double.compare(a.score(), b.score()));
            console.println();
            if (link == null && ceiling.measured()) {
                console.printf("ceiling, before and after the rungs: %s%n", ceiling.interval().describe("MB/s"));
            }
            best.ifPresent(b -> console.printf("best: %s at %,.1f MB/s%s%n", b.rung(), b.score(), ceiling.measured()
                    ? String.format(", %s of the %s", ceiling.interval().describePercent(b.score()), link == null ? "iperf3 ceiling" : "link")
                    : ""));
            long broken = results.stream().filter(r -> !r.correct()).count();
            console.println(broken == 0 ? "every message of every rung arrived once, in order, with a good checksum"
                    : broken + " rung(s) failed verification or conservation (see the lines under them)");
        }

        private ObjectNode jsonRung(RungResult r, double messagesPerSecond, double percent) {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("rung", r.rung());
            JsonNumbers.put(n, "mb_per_s", r.score());
            JsonNumbers.put(n, "messages_per_s", messagesPerSecond);
            JsonNumbers.put(n, "ceiling_percent", percent);
            n.put("sent", r.counts().count("sent"));
            n.put("received", r.counts().count("received"));
            JsonNumbers.put(n, "cpu_percent", r.cpuPercent());
            n.put("correct", r.correct());
            ArrayNode errors = n.putArray("errors");
            r.errors().forEach(errors::add);
            return n;
        }

        private List<String> command(Role role, String id, String connect, Path day) {
            boolean receiver = role.name().equals("receiver");
            List<String> prefix = link == null ? List.of()
                    : link.prefix(receiver ? LinkNamespaces.Side.RECEIVER : LinkNamespaces.Side.SENDER);
            List<String> args = new ArrayList<>(List.of("pump", role.name(), "--rung", id));
            if (receiver) {
                args.addAll(List.of("--bind", (link == null ? "127.0.0.1" : link.receiverAddress()) + ":0",
                        "--warmup-seconds", String.valueOf(timing.warmupSeconds())));
            } else {
                args.addAll(List.of("--connect", connect, "--day", day.toString(),
                        "--seconds", String.valueOf(timing.warmupSeconds() + timing.measureSeconds())));
            }
            return roleCommand(prefix, folder.dir(), args);
        }
    }

    /**
     * A sender's or receiver's JVM ({@code ./lab pump ROLE …}) behind its network prefix; it writes its crash
     * log, if it crashes, into the run's folder {@code dir} (the --out folder) rather than the working directory.
     */
    static List<String> roleCommand(List<String> prefix, Path dir, List<String> args) {
        return LabCommand.of(prefix, List.of(ChildProcess.errorFileFlag(dir)), args);
    }
}
