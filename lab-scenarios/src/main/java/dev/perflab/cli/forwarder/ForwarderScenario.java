package dev.perflab.cli.forwarder;

import dev.perflab.base.Leftovers;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.JsonNumbers;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.forwarder.ForwarderLadder;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.mdf.MdfGenerator;
import dev.perflab.proc.ChildProcess;
import dev.perflab.pump.WireDay;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.LadderReport;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.scenario.ClockOffsets;
import dev.perflab.scenario.Conservation;
import dev.perflab.scenario.CpuMeter;
import dev.perflab.scenario.Iperf3Ceiling;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.LabCommand;
import dev.perflab.scenario.PlacedHosts;
import dev.perflab.scenario.Placement;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleChain;
import dev.perflab.scenario.RoleProcess;
import dev.perflab.scenario.ScenarioException;
import dev.perflab.scenario.RungResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./lab run mdf}: the forwarder of report 000 end to end, each configuration as separate processes
 * over loopback TCP, beside iperf3's ceiling.
 *
 * <pre>
 *   iperf3 over loopback ──▶ ceiling MB/s (same run)
 *   for each configuration (ForwarderLadder):
 *     forwarder JVM  (./lab mdf forwarder --ring R --clients K+1)   listens on 127.0.0.1:PORT
 *     client JVMs ×K (./lab mdf client)   ──subscribe──▶ forwarder prints 'flowing' once all K subscribed
 *     simulator JVM  (./lab mdf simulator --rung ID [--rate N]) ──day──▶ forwarder ──day──▶ each client
 *     late client JVM (started once the Simulator is sending) ──subscribe from 1──▶ catches up from the ring / H2
 *     every role ends by itself when the day is done; all by the run's deadline
 *   DIR/mdf.json: one JMH-shaped row per configuration (benchmark mdf.forward, forwarder receive MB/s;
 *     secondary: per-stage counts, lost, gaps, duplicates, reorderings, late joiner complete and catch-up,
 *     stage MB/s, % of iperf3, CPU, errors; with --rate the worst client's latency percentiles in µs)
 * </pre>
 *
 * MB is 10^6 bytes of day file (header, lengths and CRCs included). The forwarder's receive rate counts from
 * the Simulator's first byte to the day's last message stored; its send rate from the first byte written
 * to any client to the last.
 */
final class ForwarderScenario implements Scenario<ForwarderScenario.Options> {
    static final String BENCHMARK = ForwarderLadder.COMPONENT + ".forward";
    static final double BYTES_PER_MB = 1e6;
    /** Clients that subscribe before the day starts; one more joins late. */
    static final int ON_TIME_CLIENTS = 2;
    static final String LATE = "late";
    /** A smoke run's day: JVM starts dominate it; on the loaded 2-core CI machine the forwarder moved ~1.5 MB/s. */
    static final int SMOKE_DAY_MESSAGES = 20_000;
    static final int QUICK_DAY_MESSAGES = 100_000;
    static final long DAY_SEED = 1;
    /** Seconds of iperf3 for the ceiling. */
    static final double CEILING_SECONDS = 1;
    /** Time for one configuration from the first process to the last summary. */
    static final Duration SMOKE_DEADLINE = Duration.ofSeconds(60);
    static final Duration DEADLINE = Duration.ofSeconds(180);
    /** What the runner adds to the roles' own deadline before it stops them itself. */
    static final Duration FINISH_GRACE = Duration.ofSeconds(15);
    /**
     * The veth link between placed hosts: far above what any rung moves (the forwarder's fastest rungs move
     * hundreds of MB/s; 10 Gbit/s is 1,250 MB/s), so the hosts are apart without the link being what is measured.
     */
    static final String PLACED_LINK_RATE = "10gbit";

    private final Ladder<ForwarderConfig> ladder;

    ForwarderScenario(Ladder<ForwarderConfig> ladder) {
        this.ladder = ladder;
    }

    @Override
    public List<Role> roles() {
        return List.of(
                new Role("forwarder", true, null, "receives the day, stores it (ring + H2 history), sends it to every client"),
                new Role("client", false, "forwarder", "subscribes from sequence 1 before the day starts; counts gaps, duplicates, reorderings"),
                new Role("simulator", false, "forwarder", "sends one day (file-streamed, preloaded, transferTo or paced by --rate), then closes"),
                new Role(LATE, false, "forwarder", "subscribes from sequence 1 once the day is flowing; catches up from the ring and history"));
    }

    @Override
    public String unit() {
        return "MB/s";
    }

    /** {@code ./lab run mdf}'s own options. */
    static final class Options {
        @Option(names = "--rate", paramLabel = "MSGS_PER_S", defaultValue = "0", converter = ScenarioOptions.NonNegativeRate.class,
                description = "Pace the Simulator at this many messages/s and measure publish → client latency; 0 (default) = as fast as it goes.")
        long rate;

        @Mixin
        ScenarioOptions.Json json = new ScenarioOptions.Json();

        @Option(names = "--place", paramLabel = "ROLE=HOST,…", converter = Placement.Converter.class,
                description = {"Run roles on named hosts, e.g. forwarder=hostA,client=hostB (roles: forwarder, client, simulator, late;"
                        + " an unnamed role goes with the role it connects to). On one machine a named host is a network namespace"
                        + " (two at most, joined by a veth pair; needs root and iproute2, skipped with a line otherwise); 'local' is"
                        + " this machine's loopback. Every host's clock offset is measured and printed, and carried by the latencies."})
        Placement place;
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    static int dayMessages(RunLength length) {
        switch (length) {
            case SMOKE:
                return SMOKE_DAY_MESSAGES;
            case QUICK:
                return QUICK_DAY_MESSAGES;
            default:
                return MdfGenerator.DAY_MESSAGES;
        }
    }

    /** The configurations: those named, else smoke's naive and tuned, else every rung and exhibit. */
    private List<Entry<ForwarderConfig>> configurations(ScenarioRequest request) {
        if (request.rungs() != null || request.length() == RunLength.SMOKE) {
            return request.rungsOf(ladder);
        }
        return request.length() == RunLength.QUICK ? ladder.rungs() : ladder.entries().stream()
                .filter(e -> e.kind() != Kind.EXERCISE).collect(Collectors.toList());
    }

    @Override
    public List<String> rungIds(ScenarioRequest request, Options options, Ladder<?> any) {
        return configurations(request).stream().map(Entry::id).collect(Collectors.toList());
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        List<Entry<ForwarderConfig>> configs = configurations(request);
        OutputFile rowsFile = OutputFile.check("--out", request.dir().resolve(ForwarderLadder.COMPONENT + ".json"));
        OutputFile json = options.json.check(rowsFile.path());
        Path day = Leftovers.register(Files.createTempFile("perflab-mdf-day-", ".bin"));
        try {
            return onHosts(request, options, hosts -> new Run(request, options.rate, configs, rowsFile, json, day, hosts).run());
        } finally {
            Files.deleteIfExists(day);
            Leftovers.release(day);
        }
    }

    /** A run given its hosts. */
    @FunctionalInterface
    private interface OnHosts {
        int run(PlacedHosts hosts) throws IOException, InterruptedException;
    }

    /**
     * Runs {@code body} on the hosts {@code --place} names: this machine's loopback without it (or with every role
     * on {@code local}), else two network namespaces joined by a veth pair ({@link LinkedRun}: skipped with one line
     * where they cannot be made), the forwarder's host the side every other host connects to.
     */
    private int onHosts(ScenarioRequest request, Options options, OnHosts body) throws IOException, InterruptedException {
        if (options.place == null) {
            return body.run(PlacedHosts.local(roles()));
        }
        Placement.Placed placed;
        try {
            placed = options.place.resolve(roles());
        } catch (IllegalArgumentException e) {
            throw new LabException("--place " + options.place + ": " + e.getMessage());
        }
        if (placed.local()) {
            return body.run(PlacedHosts.local(roles()));
        }
        return LinkedRun.run(request, PLACED_LINK_RATE, link -> body.run(PlacedHosts.on(link, placed, "forwarder")));
    }

    /**
     * One role's JVM ({@code ./lab mdf ARGS…}) on this machine's network; it writes its crash log, if it crashes,
     * into the run's folder {@code dir} (the --out folder) rather than the working directory.
     */
    static List<String> roleCommand(Path dir, String... args) {
        return roleCommand(dir, List.of(), args);
    }

    /** The same behind {@code prefix}: its host's {@code ip netns exec NS} for a placed role. */
    static List<String> roleCommand(Path dir, List<String> prefix, String... args) {
        List<String> all = new ArrayList<>(List.of("mdf"));
        all.addAll(List.of(args));
        return LabCommand.of(prefix, List.of(ChildProcess.errorFileFlag(dir)), all);
    }

    /** One {@code ./lab run mdf}. */
    private final class Run {
        private final ScenarioRequest request;
        /** Messages/s the Simulator is paced at ({@code --rate}); 0 for as fast as it goes. */
        private final long rate;
        private final List<Entry<ForwarderConfig>> configs;
        private final OutputFile rowsFile;
        private final OutputFile json;
        private final Path dayFile;
        private final PrintWriter console;
        private final Duration deadline;
        /** Where each role runs, and each latency's clock offset (measured before the first configuration). */
        private final PlacedHosts hosts;
        private ClockOffsets clocks;

        Run(ScenarioRequest request, long rate, List<Entry<ForwarderConfig>> configs, OutputFile rowsFile, OutputFile json, Path dayFile,
            PlacedHosts hosts) {
            this.hosts = hosts;
            this.request = request;
            this.rate = rate;
            this.configs = configs;
            this.rowsFile = rowsFile;
            this.json = json;
            this.dayFile = dayFile;
            this.console = request.console();
            this.deadline = request.length() == RunLength.SMOKE ? SMOKE_DEADLINE : DEADLINE;
        }

        int run() throws IOException, InterruptedException {
            String header = Machine.header();
            WireDay day = WireDay.generate(dayMessages(request.length()), DAY_SEED, dayFile);
            console.printf("perflab run mdf · %s%n", header);
            console.printf("one day of %,d messages (%,d bytes) per configuration; %d clients subscribed before the day + 1 late joiner;"
                    + " %s; %s%n", day.messages(), day.bytes(), ON_TIME_CLIENTS, hosts.local() ? "loopback TCP (127.0.0.1)" : "TCP between placed hosts",
                    rate > 0 ? String.format("Simulator paced at %,d messages/s", rate) : "Simulator as fast as its rung goes");
            if (!hosts.local()) {
                hosts.describe().forEach(console::println);
                console.flush();
                clocks = ClockOffsets.measure(hosts, List.of(ChildProcess.errorFileFlag(request.dir())), RoleChain.START_TIMEOUT);
                clocks.describe().forEach(console::println);
            }
            console.printf("ceiling: iperf3 over loopback for %.0f s…%n", CEILING_SECONDS);
            console.flush();
            Iperf3Ceiling.Result ceiling = Iperf3Ceiling.measure(CEILING_SECONDS);
            console.println(ceiling.measured() ? String.format("ceiling: iperf3 over loopback (same run): %,.1f MB/s", ceiling.mbPerSecond())
                    : ceiling.skipped());
            console.flush();
            List<RungResult> results = new ArrayList<>();
            ArrayNode jsonConfigs = new ObjectMapper().createArrayNode();
            JmhRows rows = new JmhRows();
            for (Entry<ForwarderConfig> config : configs) {
                Outcome o = runOne(config, day);
                RungResult result = o.print(config, ceiling, latencyClocks(), console);
                result.addTo(rows, BENCHMARK, unit(), rate > 0 ? Map.of("rate", Long.toString(rate)) : Map.of());
                results.add(result);
                jsonConfigs.add(o.json(config, result, ceiling));
            }
            long broken = results.stream().filter(r -> !r.correct()).count();
            console.println();
            console.println(broken == 0 ? "every client of every configuration got the whole day once, in order, the late joiner too"
                    : broken + " configuration(s) failed (see the lines under them)");
            rows.write(rowsFile.path());
            Machine.writeHeader(rowsFile.path(), header, request.length().id());
            if (json != null) {
                ObjectNode root = new ObjectMapper().createObjectNode();
                Machine.describe(root);
                root.put("network", hosts.local() ? "loopback" : "placed hosts");
                if (!hosts.local()) {
                    ObjectNode placedRoles = root.putObject("hosts");
                    hosts.placed().hosts().forEach(placedRoles::put);
                    ObjectNode offsets = root.putObject("clock_offsets_ns");
                    clocks.offsets().keySet().forEach(h -> {
                        ClockOffsets.Pair p = clocks.between(clocks.reference(), h);
                        offsets.putObject(h + " - " + clocks.reference()).put("offset", p.nanos()).put("uncertainty", p.uncertaintyNanos());
                    });
                }
                JsonNumbers.put(root, "ceiling_mb_per_s", ceiling.mbPerSecond());
                root.put("ceiling_skipped", ceiling.skipped());
                root.put("day_messages", day.messages());
                root.put("day_bytes", day.bytes());
                root.put("rate", rate);
                root.put("on_time_clients", ON_TIME_CLIENTS);
                root.set("configurations", jsonConfigs);
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(buffer, root);
                json.write(buffer.toByteArray());
            }
            ChartOutput charts = LadderReport.read(List.of(rowsFile.path())).png(rowsFile.path().getParent(), ForwarderLadder.COMPONENT, header);
            console.println("saved: " + rowsFile.path() + (json != null ? ", " + json.path() : ""));
            console.println("charts: " + charts.files().stream().map(Path::toString).collect(Collectors.joining(", ")));
            charts.warning().ifPresent(w -> console.println("charts: " + w));
            console.flush();
            return RungResult.exitCode(results) == 0 ? 0 : LabException.CHECK_FAILED;
        }

        /** Starts the processes in order, waits for every summary; every process is stopped before it returns. */
        private Outcome runOne(Entry<ForwarderConfig> config, WireDay day) throws IOException, InterruptedException {
            List<RoleProcess> started = new ArrayList<>();
            Duration roleDeadline = deadline;
            CpuSampler cpuSampler = null;
            try {
                RoleProcess forwarder = RoleProcess.start("forwarder", lab("forwarder", "forwarder", "--bind", hosts.address("forwarder") + ":0",
                        "--ring", config.factory().ringRung(), "--clients", Integer.toString(ON_TIME_CLIENTS + 1),
                        "--await-subscribers", Integer.toString(ON_TIME_CLIENTS), "--deadline-seconds", seconds(roleDeadline)));
                started.add(forwarder);
                String connect = hosts.address("forwarder") + ":" + forwarder.awaitPort(RoleChain.START_TIMEOUT);
                List<String> clientNames = new ArrayList<>();
                for (int k = 1; k <= ON_TIME_CLIENTS; k++) {
                    clientNames.add("client-" + k);
                    started.add(RoleProcess.start("client-" + k, client("client", "client-" + k, connect, roleDeadline)));
                }
                forwarder.awaitFlowing(RoleChain.START_TIMEOUT);
                List<String> simulator = new ArrayList<>(lab("simulator", "simulator", "--rung", config.id(), "--connect", connect,
                        "--day", dayFile.toString(), "--deadline-seconds", seconds(roleDeadline)));
                if (rate > 0) {
                    simulator.addAll(List.of("--rate", Long.toString(rate)));
                }
                RoleProcess sim = RoleProcess.start("simulator", simulator);
                started.add(sim);
                sim.awaitFlowing(RoleChain.START_TIMEOUT);
                RoleProcess late = RoleProcess.start(LATE, client(LATE, LATE, connect, roleDeadline));
                started.add(late);
                clientNames.add(LATE);
                cpuSampler = new CpuSampler(started);
                CpuMeter<RoleProcess> cpu = new CpuMeter<>(started, cpuSampler::cpuNanos, Machine.cores()).start();
                // one deadline for every role: a frozen forwarder costs the deadline once, not once per role
                long end = System.nanoTime() + roleDeadline.plus(FINISH_GRACE).toNanos();
                Map<String, ObjectNode> summaries = new LinkedHashMap<>();
                summaries.put("simulator", sim.awaitSummary(left(end)));
                for (int i = 1; i < started.size(); i++) {
                    RoleProcess p = started.get(i);
                    if (!p.role().equals("simulator")) {
                        summaries.put(p.role(), p.awaitSummary(left(end)));
                    }
                }
                summaries.put("forwarder", forwarder.awaitSummary(left(end)));
                double cpuPercent = cpu.percent();
                cpuSampler.close();
                List<String> errors = new ArrayList<>();
                for (RoleProcess p : started) {
                    p.errors().forEach(e -> errors.add(p.role() + ": " + e));
                }
                return new Outcome(summaries, clientNames, cpuPercent, errors);
            } catch (ScenarioException e) {
                // a role that died or never got ready: this configuration failed, in words; the run goes on
                List<String> names = new ArrayList<>();
                for (int k = 1; k <= ON_TIME_CLIENTS; k++) {
                    names.add("client-" + k);
                }
                names.add(LATE);
                Map<String, ObjectNode> none = new LinkedHashMap<>();
                none.put("simulator", null);
                names.forEach(name -> none.put(name, null));
                none.put("forwarder", null);
                return new Outcome(none, names, 0, List.of(e.getMessage()));
            } finally {
                if (cpuSampler != null) {
                    cpuSampler.close();
                }
                started.forEach(RoleProcess::close);
            }
        }

        private static Duration left(long endNanos) {
            return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
        }

        /** A client's command; {@code role} is its placement's name ({@code client} or {@code late}). */
        private List<String> client(String role, String name, String connect, Duration roleDeadline) {
            List<String> args = new ArrayList<>(List.of("client", "--name", name, "--connect", connect,
                    "--deadline-seconds", seconds(roleDeadline)));
            if (rate > 0) {
                args.add("--latency");
            }
            return lab(role, args.toArray(new String[0]));
        }

        /** {@code ./lab mdf ARGS…} on the host {@code role} is placed on. */
        private List<String> lab(String role, String... args) {
            return roleCommand(request.dir(), hosts.prefix(role), args);
        }

        /**
         * Per client, the clock offset its latencies carry (its host's clock minus the Simulator's, which stamps
         * each message); empty when every role runs on this machine's loopback, one clock.
         */
        private Map<String, ClockOffsets.Pair> latencyClocks() {
            Map<String, ClockOffsets.Pair> pairs = new LinkedHashMap<>();
            if (clocks == null) {
                return pairs;
            }
            String simulatorHost = hosts.hostOf("simulator");
            for (int k = 1; k <= ON_TIME_CLIENTS; k++) {
                pairs.put("client-" + k, clocks.between(simulatorHost, hosts.hostOf("client")));
            }
            pairs.put(LATE, clocks.between(simulatorHost, hosts.hostOf(LATE)));
            return pairs;
        }

        private String seconds(Duration d) {
            return Long.toString(d.toSeconds());
        }
    }

    /**
     * The roles end by themselves, and an ended process reports no CPU time: this keeps each process's
     * highest reading, sampled every {@value #SAMPLE_MILLIS} ms, so a role's CPU counts up to its last sample.
     */
    private static final class CpuSampler implements AutoCloseable {
        static final long SAMPLE_MILLIS = 20;
        private final Map<RoleProcess, Long> highest = new java.util.concurrent.ConcurrentHashMap<>();
        private final Thread thread;

        CpuSampler(List<RoleProcess> processes) {
            List<RoleProcess> list = List.copyOf(processes);
            thread = new Thread(() -> {
                try {
                    while (true) {
                        list.forEach(this::cpuNanos);
                        Thread.sleep(SAMPLE_MILLIS);
                    }
                } catch (InterruptedException e) {
                    // closed
                }
            }, "mdf-cpu-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        long cpuNanos(RoleProcess p) {
            return highest.merge(p, p.cpuNanos(), Math::max);
        }

        @Override
        public void close() {
            thread.interrupt();
        }
    }

    /** One configuration's summaries, in role order; a missing summary is null (the role crashed). */
    private record Outcome(Map<String, ObjectNode> summaries, List<String> clients, double cpuPercent, List<String> errors) {
        double number(String role, String field) {
            ObjectNode s = summaries.get(role);
            return s == null || !s.hasNonNull(field) ? Double.NaN : s.get(field).asDouble();
        }

        long count(String role, String field) {
            ObjectNode s = summaries.get(role);
            return s == null || !s.hasNonNull(field) ? Conservation.MISSING : s.get(field).asLong();
        }

        long sum(String field) {
            long total = 0;
            for (String c : clients) {
                long n = count(c, field);
                if (n < 0) {
                    return Conservation.MISSING;
                }
                total += n;
            }
            return total;
        }

        /** The late joiner's session as the forwarder reported it, or a missing node. */
        private com.fasterxml.jackson.databind.JsonNode lateSession() {
            ObjectNode f = summaries.get("forwarder");
            if (f != null) {
                for (var c : f.path("clients")) {
                    if (c.path("name").asText().equals(LATE)) {
                        return c;
                    }
                }
            }
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }

        /** The late joiner's catch-up as the forwarder measured it, in ms, or NaN. */
        double lateCatchUpMillis() {
            return lateSession().path("catch_up_ms").isNumber() ? lateSession().path("catch_up_ms").asDouble() : Double.NaN;
        }

        long latePublishedAtJoin() {
            return lateSession().path("published_at_join").asLong(-1);
        }

        long lateHistoryReads() {
            return lateSession().path("history_reads").asLong(-1);
        }

        /** The worst client's latency percentile in µs (paced runs), or NaN. */
        double worstLatency(String percentile) {
            double worst = Double.NaN;
            for (String c : clients) {
                ObjectNode s = summaries.get(c);
                if (s != null && s.path("latency_us").path(percentile).isNumber()) {
                    double v = s.path("latency_us").path(percentile).asDouble();
                    worst = Double.isNaN(worst) ? v : Math.max(worst, v);
                }
            }
            return worst;
        }

        private static String percentOf(double mb, Iperf3Ceiling.Result ceiling) {
            return ceiling.measured() && !Double.isNaN(mb) ? String.format("%.1f", 100 * mb / ceiling.mbPerSecond()) : "-";
        }

        /**
         * Prints the configuration's tables and returns its result.
         *
         * @param clocks per client, the clock offset its latencies carry; empty on one host
         */
        RungResult print(Entry<ForwarderConfig> config, Iperf3Ceiling.Result ceiling, Map<String, ClockOffsets.Pair> clocks, PrintWriter console) {
            List<Object> stages = new ArrayList<>(List.of("sent", count("simulator", "sent"), "stored", count("forwarder", "received")));
            clients.forEach(c -> stages.addAll(List.of(c, count(c, "received"))));
            Conservation counts = Conservation.of(stages.toArray());
            List<String> problems = new ArrayList<>(errors);
            if (!counts.holds()) {
                problems.add(counts.problem());
            }
            boolean lateComplete = summaries.get(LATE) != null && summaries.get(LATE).path("complete").asBoolean();
            boolean allComplete = clients.stream().allMatch(c -> summaries.get(c) != null && summaries.get(c).path("complete").asBoolean());
            console.println();
            console.printf("%s  (ring %s)%n", config.id(), config.factory().ringRung());
            console.println(String.format("  %-22s %10s %14s %9s %6s", "stage", "MB/s", "messages/s", ceiling.measured() ? "% iperf3" : "% ceiling", ""));
            stage(console, "simulator send", number("simulator", "mb_per_s"), number("simulator", "messages_per_s"), ceiling);
            stage(console, "forwarder receive", number("forwarder", "mb_per_s"), number("forwarder", "messages_per_s"), ceiling);
            double sendMb = number("forwarder", "send_mb_per_s");
            stage(console, "forwarder send (all)", sendMb, Double.NaN, ceiling);
            for (String c : clients) {
                stage(console, c + " receive", number(c, "mb_per_s"), number(c, "messages_per_s"), ceiling);
            }
            console.println(String.format("  %-22s %12s %8s %11s %12s %9s", "client", "received", "gaps", "duplicates", "reorderings", "complete"));
            for (String c : clients) {
                console.println(String.format("  %-22s %,12d %,8d %,11d %,12d %9s", c, count(c, "received"), count(c, "gaps"),
                        count(c, "duplicates"), count(c, "reorderings"), summaries.get(c) != null && summaries.get(c).path("complete").asBoolean()));
            }
            double catchUp = lateCatchUpMillis();
            console.printf("  late joiner: subscribed when %,d messages were published; caught up with them in %s (%,d read from history)%n",
                    latePublishedAtJoin(), Double.isNaN(catchUp) ? "-" : String.format("%.1f ms", catchUp), lateHistoryReads());
            if (!Double.isNaN(worstLatency("p50"))) {
                for (String c : clients) {
                    ObjectNode l = summaries.get(c) == null ? null : (ObjectNode) summaries.get(c).get("latency_us");
                    if (l != null) {
                        console.printf("  latency %-13s p50 %.1f µs · p99 %.1f µs · p99.9 %.1f µs · max %.1f µs (publish → client, from intended send time%s)%n",
                                c, l.path("p50").asDouble(), l.path("p99").asDouble(), l.path("p99_9").asDouble(), l.path("max").asDouble(),
                                clocks.containsKey(c) ? "; clock " + clocks.get(c).describe() : "");
                    }
                }
            }
            console.printf("  cpu %.1f%% of %d cores%n", cpuPercent, Machine.cores());
            problems.forEach(e -> console.println("    " + e));
            console.flush();
            Map<String, JmhRows.Metric> extra = new LinkedHashMap<>();
            extra.put("gaps", JmhRows.Metric.single(sum("gaps"), "ops"));
            extra.put("duplicates", JmhRows.Metric.single(sum("duplicates"), "ops"));
            extra.put("reorderings", JmhRows.Metric.single(sum("reorderings"), "ops"));
            extra.put("lateComplete", JmhRows.Metric.single(lateComplete ? 1 : 0, "bool"));
            extra.put("lateCatchUp", JmhRows.Metric.single(catchUp, "ms"));
            extra.put("simulatorSend", JmhRows.Metric.single(number("simulator", "mb_per_s"), "MB/s"));
            extra.put("forwarderSend", JmhRows.Metric.single(sendMb, "MB/s"));
            extra.put("messagesPerSecond", JmhRows.Metric.single(number("forwarder", "messages_per_s"), "ops/s"));
            extra.put("ceiling", JmhRows.Metric.single(ceiling.measured() ? 100 * number("forwarder", "mb_per_s") / ceiling.mbPerSecond() : Double.NaN, "%"));
            if (!Double.isNaN(worstLatency("p50"))) {
                extra.put("latencyP50", JmhRows.Metric.single(worstLatency("p50"), "us"));
                extra.put("latencyP99", JmhRows.Metric.single(worstLatency("p99"), "us"));
                extra.put("latencyP999", JmhRows.Metric.single(worstLatency("p99_9"), "us"));
                extra.put("latencyMax", JmhRows.Metric.single(worstLatency("max"), "us"));
                farthestClock(clocks).ifPresent(p -> extra.put("clockOffset",
                        new JmhRows.Metric(p.nanos() / 1e3, p.uncertaintyNanos() / 1e3, "us", List.of(p.nanos() / 1e3))));
            }
            return new RungResult(config.id(), config.kind() == Kind.EXHIBIT, number("forwarder", "mb_per_s"), counts, cpuPercent,
                    problems, allComplete && sum("gaps") == 0 && sum("duplicates") == 0 && sum("reorderings") == 0, extra);
        }

        /**
         * Of the clients' clock offsets, the one that can be farthest off (|offset| + its bound): what the row's
         * {@code clockOffset} reports beside the worst client's latency (score the offset, error its bound, µs).
         */
        private static java.util.Optional<ClockOffsets.Pair> farthestClock(Map<String, ClockOffsets.Pair> clocks) {
            return clocks.values().stream().max(java.util.Comparator.comparingLong(p -> Math.abs(p.nanos()) + p.uncertaintyNanos()));
        }

        private static void stage(PrintWriter console, String name, double mb, double messages, Iperf3Ceiling.Result ceiling) {
            console.println(String.format("  %-22s %10s %14s %9s", name, Double.isNaN(mb) ? "-" : String.format("%,.1f", mb),
                    Double.isNaN(messages) ? "-" : String.format("%,.0f", messages), percentOf(mb, ceiling)));
        }

        ObjectNode json(Entry<ForwarderConfig> config, RungResult result, Iperf3Ceiling.Result ceiling) {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("rung", config.id());
            n.put("ring", config.factory().ringRung());
            n.put("exhibit", result.exhibit());
            n.put("correct", result.correct());
            JsonNumbers.put(n, "cpu_percent", cpuPercent);
            ObjectNode stages = n.putObject("stages_mb_per_s");
            JsonNumbers.put(stages, "simulator_send", number("simulator", "mb_per_s"));
            JsonNumbers.put(stages, "forwarder_receive", number("forwarder", "mb_per_s"));
            JsonNumbers.put(stages, "forwarder_send", number("forwarder", "send_mb_per_s"));
            JsonNumbers.put(n, "forwarder_messages_per_s", number("forwarder", "messages_per_s"));
            JsonNumbers.put(n, "ceiling_percent", ceiling.measured() ? 100 * number("forwarder", "mb_per_s") / ceiling.mbPerSecond() : Double.NaN);
            JsonNumbers.put(n, "late_catch_up_ms", lateCatchUpMillis());
            n.put("late_published_at_join", latePublishedAtJoin());
            n.put("late_history_reads", lateHistoryReads());
            ArrayNode out = n.putArray("clients");
            for (String c : clients) {
                ObjectNode s = summaries.get(c);
                out.add(s == null ? new ObjectMapper().createObjectNode().put("name", c).put("error", "no summary") : s);
            }
            n.set("forwarder", summaries.get("forwarder"));
            n.set("simulator", summaries.get("simulator"));
            ArrayNode errs = n.putArray("errors");
            result.errors().forEach(errs::add);
            return n;
        }
    }
}
