package dev.perflab.cli.forwarder;

import dev.perflab.io.Scratch;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.JsonNumbers;
import dev.perflab.base.Leftovers;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.cli.component.RoleJvmFlags;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.forwarder.ForwarderLadder;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.marketdata.MdfGenerator;
import dev.perflab.proc.ChildProcess;
import dev.perflab.pump.WireDay;
import dev.perflab.report.BetweenForks;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.LadderReport;
import dev.perflab.scenario.CeilingInterval;
import dev.perflab.results.ResultsLayout;
import dev.perflab.scenario.ClockOffsets;
import dev.perflab.scenario.CpuMeter;
import dev.perflab.scenario.Iperf3Ceiling;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.LabCommand;
import dev.perflab.scenario.PlacedHosts;
import dev.perflab.scenario.Placement;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleChain;
import dev.perflab.scenario.RoleProcess;
import dev.perflab.scenario.RoleWindow;
import dev.perflab.scenario.RungResult;
import dev.perflab.scenario.ScenarioException;
import dev.perflab.scenario.link.LinkNamespaces;
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
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./lab run forwarder}: the forwarder of report 000 end to end, each configuration as separate processes
 * over loopback TCP (or across an emulated link), beside the ceilings the socket allows.
 *
 * <pre>
 *   iperf3 over loopback, 1 stream and 1 + K parallel streams ──▶ ceiling, fan-out ceiling = parallel ÷ (1 + K)
 *   for each configuration (ForwarderLadder):
 *     forwarder JVM   ./lab forwarder forwarder --rung ID --clients K      listens (receiver side of a --link)
 *     client JVMs     client-1, client-2: subscribe from 1 before the day
 *                     late: subscribes before the day too, joined by the forwarder once half the day is published
 *     simulator JVM   ./lab forwarder simulator --rung ID [--rate N]       (sender side of a --link) once all K subscribed
 *     every role ends by itself when the day is done; all by the run's deadline
 *     × --days N (3 in the standard run, 10 in --full): fresh JVMs each day, each day a fork of the row
 *   DIR/forwarder.json: one JMH-shaped row per configuration (benchmark forwarder.forward, forwarder receive MB/s;
 *     secondary: per-stage counts, lost, gaps, duplicates, reorderings, the late joiner (complete, live, catch-up),
 *     stage MB/s, % of iperf3 and of the fan-out ceiling, send ÷ receive, CPU, errors; with --rate the on-time
 *     clients' worst latency percentiles in µs)
 * </pre>
 *
 * MB is 10^6 bytes of day file (header, lengths and CRCs included). Every day byte crosses loopback once into the
 * forwarder and once per client out of it, so with K clients the socket allows about 1 ÷ (1 + K) of what it
 * carries as receive: the fan-out ceiling. The forwarder's receive rate counts from the Simulator's first byte to
 * the day's last message published; its send rate from the first byte written to any client to the last.
 */
final class ForwarderScenario implements Scenario<ForwarderScenario.Options> {
    static final String BENCHMARK = ForwarderLadder.COMPONENT + ".forward";
    static final double BYTES_PER_MB = 1e6;
    /** Clients that subscribe before the day starts and are served at once. */
    static final int ON_TIME_CLIENTS = 2;
    static final String LATE = "late";
    /** K: the on-time clients and the late joiner; the fan-out ceiling divides by 1 + K. */
    static final int CLIENTS = ON_TIME_CLIENTS + 1;
    /** The late joiner joins once this share of the day is published: it chases a live day in every run length. */
    static final double LATE_JOIN_SHARE = 0.5;
    /** A smoke run's day: short, so JVM starts dominate it and CI's smoke pass stays brief (its rates: the forwarder logs in docs/measurements/README.md). */
    static final int SMOKE_DAY_MESSAGES = 20_000;
    static final int QUICK_DAY_MESSAGES = 100_000;
    static final long DAY_SEED = 1;
    /**
     * Seconds of iperf3 for each ceiling, after the second of slow start it leaves out: three one-second samples,
     * before the configurations and again after them.
     */
    static final double CEILING_SECONDS = 3;
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

    /** Days per configuration in the standard run: a spread between days within minutes, too few to rank close rows (t(0.9995, 2) is 31.6). */
    static final int STANDARD_DAYS = 3;
    /** Days per configuration in the full run: t(0.9995, 9) is 4.8 where 3 days' is 31.6, so close rows can be ranked. */
    static final int FULL_DAYS = 10;
    /** The most {@code --days} takes: beyond it a typo would plan hours. */
    static final int MAX_DAYS = 20;

    /** The ladder's goals (2 cores, quiet, loopback, one run), printed as met or not under each configuration. */
    static final double GOAL_FAN_OUT_PERCENT = 50;
    static final double GOAL_SEND_RECEIVE_RATIO = 2.5;
    static final double GOAL_P99_MICROS = 1_000;
    static final double GOAL_P999_MICROS = 5_000;
    static final double GOAL_LINK_PERCENT = 90;

    private final Ladder<ForwarderConfig> ladder;

    ForwarderScenario(Ladder<ForwarderConfig> ladder) {
        this.ladder = ladder;
    }

    @Override
    public List<Role> roles() {
        return List.of(
                new Role("forwarder", true, null, "receives the day, stores it (history + ring), sends it to every client"),
                new Role("client", false, "forwarder", "subscribes from sequence 1 before the day starts; counts gaps, duplicates, reorderings"),
                new Role(LATE, false, "forwarder", "subscribes before the day; the forwarder joins it half-way through the live day;"
                        + " it catches up from the ring and history while the day flows on"),
                new Role("simulator", false, "forwarder", "sends one day (file-streamed, preloaded, transferTo or paced by --rate), then closes"));
    }

    /** {@code ./lab profile forwarder --role R}: each role's JVM is started with the flags the request gives it. */
    @Override
    public boolean takesRoleJvmFlags() {
        return true;
    }

    @Override
    public String unit() {
        return "MB/s";
    }

    /** {@code ./lab run forwarder}'s own options. */
    static final class Options {
        @Option(names = "--rate", paramLabel = "MSGS_PER_S", defaultValue = "0", converter = ScenarioOptions.NonNegativeRate.class,
                description = "Pace the Simulator at this many messages/s and measure publish → client latency; 0 (default) = as fast as it goes.")
        long rate;

        @Mixin
        ScenarioOptions.Json json = new ScenarioOptions.Json();

        @Mixin
        ScenarioOptions.Link link = new ScenarioOptions.Link();

        @Mixin
        ScenarioOptions.Ceiling ceiling = new ScenarioOptions.Ceiling();

        @Option(names = "--days", paramLabel = "N",
                description = {"Run each configuration's day N times (1 to " + MAX_DAYS + "), fresh JVMs each: the row's score is the days'"
                        + " mean, each day kept as a fork, so the table shows the spread between days. Default: "
                        + STANDARD_DAYS + " in the standard run, " + FULL_DAYS + " with --full, 1 with --quick and --smoke."})
        Integer days;

        @Option(names = "--place", paramLabel = "ROLE=HOST,…", converter = Placement.Converter.class,
                description = {"Run roles on named hosts, e.g. forwarder=hostA,client=hostB (roles: forwarder, client, late, simulator;"
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

    /** The configurations: those named, else smoke's naive and tuned, else every rung (and, standard and full, every exhibit). */
    private List<Entry<ForwarderConfig>> configurations(ScenarioRequest request) {
        if (request.rungs() != null || request.length() == RunLength.SMOKE) {
            return request.rungsOf(ladder);
        }
        return request.length() == RunLength.QUICK ? ladder.rungs() : ladder.entries().stream()
                .filter(e -> e.kind() != Kind.EXERCISE).collect(Collectors.toList());
    }

    /** The configurations this request runs, in order: what {@code ./lab run --shard} splits (exhibits included). */
    @Override
    public List<String> rungIds(ScenarioRequest request, Options options, Ladder<?> any) {
        return configurations(request).stream().map(Entry::id).collect(Collectors.toList());
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        if (options.link.rate() != null && options.place != null) {
            throw new LabException("--link and --place each put the roles in network namespaces of their own: give one");
        }
        if (options.days != null && (options.days < 1 || options.days > MAX_DAYS)) {
            throw new LabException("--days " + options.days + ": give 1 to " + MAX_DAYS + " days per configuration");
        }
        boolean profiled = request.roleFlags() != RoleJvmFlags.NONE;
        if (profiled && options.days != null && options.days > 1) {
            throw new LabException("--days " + options.days + ": a profile records one day per configuration (each role's profile"
                    + " is one JVM's); leave --days out");
        }
        int days = options.days != null ? options.days
                : profiled || request.length() == RunLength.SMOKE || request.length() == RunLength.QUICK ? 1
                : request.length() == RunLength.FULL ? FULL_DAYS : STANDARD_DAYS;
        List<Entry<ForwarderConfig>> configs = configurations(request);
        OutputFile rowsFile = request.results().file(ResultsLayout.rows(ForwarderLadder.COMPONENT));
        OutputFile json = options.json.check(rowsFile.path(), request.inputs());
        // the run's own folder: its day, and the roles' temporary folder (-Djava.io.tmpdir), so that what a role
        // killed by SIGKILL leaves (its warm-up day, a generated day) goes with the run, not into /tmp for good
        Path scratch = Leftovers.register(Scratch.folder("forwarder-run"));
        Path day = scratch.resolve("day.bin");
        try {
            if (options.link.rate() != null) {
                return LinkedRun.run(request, options.link.rate(),
                        link -> new Run(request, options.rate, configs, rowsFile, json, day, link, PlacedHosts.local(roles())).repeating(days).run());
            }
            return onHosts(request, options, hosts -> new Run(request, options.rate, configs, rowsFile, json, day, null, hosts)
                    .withoutCeiling(options.ceiling.skipped()).repeating(days).run());
        } finally {
            Leftovers.deleteTree(scratch);
            Leftovers.release(scratch);
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
     * One role's JVM ({@code ./lab forwarder ARGS…}); it writes its crash log, if it crashes, into the run's folder
     * {@code dir} (the --out folder) rather than the working directory.
     */
    static List<String> roleCommand(Path dir, String... args) {
        return roleCommand(List.of(), dir, List.of(), List.of(args));
    }

    static List<String> roleCommand(List<String> prefix, Path dir, List<String> jvmFlags, List<String> args) {
        List<String> flags = new ArrayList<>(List.of(ChildProcess.errorFileFlag(dir)));
        flags.addAll(jvmFlags);
        List<String> all = new ArrayList<>(List.of(ForwarderLadder.COMPONENT));
        all.addAll(args);
        return LabCommand.of(prefix, flags, all);
    }

    /**
     * What one run is measured against: iperf3 over loopback with one stream and with 1 + K parallel streams (or
     * the link's rate), and the fan-out ceiling of the forwarder's receive they imply.
     */
    record Ceilings(Iperf3Ceiling.Result single, Iperf3Ceiling.Result parallel, LinkNamespaces link) {
        /** MB/s of one stream's payload: what the stages' {@code % iperf3} column divides by (the link's rate across one). */
        double socket() {
            return link != null ? link.bitsPerSecond() / 8.0 / BYTES_PER_MB : single.mbPerSecond();
        }

        boolean measured() {
            return link != null || single.measured();
        }

        /**
         * The most the forwarder can receive: across a link, the link (the clients are on the forwarder's side);
         * on loopback, what the socket carries in all streams together ÷ (1 + K).
         */
        double receive() {
            if (link != null) {
                return socket();
            }
            double total = parallel.measured() ? parallel.mbPerSecond() : single.mbPerSecond();
            return total / (1 + CLIENTS);
        }

        /**
         * What {@link #receive()} is, with its interval: the samples of the parallel streams (or the one stream)
         * ÷ (1 + K) on loopback; the link's rate, exactly, across a link.
         */
        CeilingInterval receiveInterval() {
            if (link != null) {
                return CeilingInterval.exactly(socket());
            }
            return (parallel.measured() ? parallel : single).interval().dividedBy(1 + CLIENTS);
        }

        /** These ceilings and the same ones measured again after the configurations, as one (samples of both). */
        Ceilings combine(Ceilings after) {
            return link != null ? this : new Ceilings(single.combine(after.single), parallel.combine(after.parallel), null);
        }

        /** The second percentage column: the fan-out ceiling's on loopback; none across a link (the first is the link's). */
        String receiveColumn() {
            return link != null ? "" : "% fan-out";
        }
    }

    /** One {@code ./lab run forwarder}. */
    private final class Run {
        private final ScenarioRequest request;
        /** Messages/s the Simulator is paced at ({@code --rate}); 0 for as fast as it goes. */
        private final long rate;
        private final List<Entry<ForwarderConfig>> configs;
        private final OutputFile rowsFile;
        private final OutputFile json;
        private final Path dayFile;
        private final LinkNamespaces link;
        /** Where each role runs ({@code --place}), and each latency's clock offset (measured before the first configuration). */
        private final PlacedHosts hosts;
        private ClockOffsets clocks;
        private final PrintWriter console;
        private final Duration deadline;
        /** The ceiling "not measured" ({@code --no-ceiling}), or empty: iperf3 measures it. */
        private Optional<Iperf3Ceiling.Result> noCeiling = Optional.empty();
        /** Days per configuration ({@code --days}), fresh JVMs each. */
        private int days = 1;

        Run(ScenarioRequest request, long rate, List<Entry<ForwarderConfig>> configs, OutputFile rowsFile, OutputFile json, Path dayFile,
            LinkNamespaces link, PlacedHosts hosts) {
            this.hosts = hosts;
            this.request = request;
            this.rate = rate;
            this.configs = configs;
            this.rowsFile = rowsFile;
            this.json = json;
            this.dayFile = dayFile;
            this.link = link;
            this.console = request.console();
            this.deadline = request.length() == RunLength.SMOKE ? SMOKE_DEADLINE : DEADLINE;
        }

        Run withoutCeiling(Optional<Iperf3Ceiling.Result> skipped) {
            noCeiling = skipped;
            return this;
        }

        Run repeating(int n) {
            days = n;
            return this;
        }

        int run() throws IOException, InterruptedException {
            String header = Machine.header();
            WireDay day = WireDay.generate(dayMessages(request.length()), DAY_SEED, dayFile);
            long lateJoinAt = (long) (day.messages() * LATE_JOIN_SHARE);
            console.printf("perflab run forwarder · %s%n", header);
            console.printf("%s of %,d messages (%,d bytes) per configuration%s; K = %d clients: %d subscribed before the day + 1 late"
                    + " joiner, joined once %,d messages are published; %s; %s%n", days == 1 ? "one day" : days + " days",
                    day.messages(), day.bytes(), days == 1 ? "" : ", fresh JVMs each", CLIENTS, ON_TIME_CLIENTS,
                    lateJoinAt, link != null ? "Simulator → forwarder across " + link.describe() + ", the clients on the forwarder's side"
                            : hosts.local() ? "loopback TCP (127.0.0.1)" : "TCP between placed hosts",
                    rate > 0 ? String.format("Simulator paced at %,d messages/s", rate) : "Simulator as fast as its rung goes");
            if (!hosts.local()) {
                hosts.describe().forEach(console::println);
                console.flush();
                clocks = ClockOffsets.measure(hosts, List.of(ChildProcess.errorFileFlag(request.dir())), RoleChain.startTimeout());
                clocks.describe().forEach(console::println);
            }
            Ceilings ceilings = ceilings();
            List<RungResult> results = new ArrayList<>();
            List<Outcome> outcomes = new ArrayList<>();
            ArrayNode jsonConfigs = new ObjectMapper().createArrayNode();
            JmhRows rows = new JmhRows();
            for (Entry<ForwarderConfig> config : configs) {
                List<RungResult> each = new ArrayList<>();
                Outcome o = null;
                for (int d = 1; d <= days; d++) {
                    if (days > 1) {
                        console.printf("%n%s, day %d of %d%n", config.id(), d, days);
                    }
                    o = runOne(config, day, lateJoinAt);
                    RungResult result = o.print(config, ceilings, rate, latencyClocks(), console);
                    each.add(result);
                    jsonConfigs.add(o.json(config, result, ceilings).put("day", d));
                    if (!result.correct()) {
                        // a failing day fails the configuration: its next days would only repeat the failure
                        break;
                    }
                }
                RungResult result = RungResult.overRepeats(each, "day");
                if (days > 1 && result.correct()) {
                    console.printf("%s over %d days: forwarder receive %s%n", config.id(), each.size(), overDays(result.repeats()));
                }
                result.addTo(rows, BENCHMARK, unit(), params());
                results.add(result);
                outcomes.add(o);
            }
            // the second ceiling serves only the percentages of configurations that were measured: a run whose every
            // configuration failed (a role killed) has none and ends without it
            Ceilings both = results.stream().anyMatch(RungResult::correct) ? ceilings.combine(ceilingsAfter(ceilings)) : ceilings;
            footer(results, outcomes, both);
            request.results().saveRows(rowsFile.path().getFileName().toString(), rows.json(), header, request.length().id());
            if (json != null) {
                writeJson(day, lateJoinAt, ceilings, jsonConfigs);
            }
            ChartOutput charts = LadderReport.read(List.of(rowsFile.path())).png(request.results()::path, ForwarderLadder.COMPONENT, header);
            console.println("saved: " + rowsFile.path() + (json != null ? ", " + json.path() : ""));
            console.println("charts: " + charts.files().stream().map(Path::toString).collect(Collectors.joining(", ")));
            charts.warning().ifPresent(w -> console.println("charts: " + w));
            console.flush();
            return RungResult.exitCode(results) == 0 ? 0 : LabException.CHECK_FAILED;
        }

        private Map<String, String> params() {
            Map<String, String> params = new LinkedHashMap<>();
            if (rate > 0) {
                params.put("rate", Long.toString(rate));
            }
            if (link != null) {
                params.put("link", Long.toString(link.bitsPerSecond()));
            }
            return params;
        }

        private Ceilings ceilings() throws IOException, InterruptedException {
            if (link != null) {
                Ceilings c = new Ceilings(null, null, link);
                console.printf("ceiling: the link's rate, %,.1f MB/s; the forwarder's receive crosses it, its sends stay on the"
                        + " forwarder's side%n", c.socket());
                console.flush();
                return c;
            }
            if (noCeiling.isPresent()) {
                console.println(noCeiling.get().skipped());
                console.flush();
                return new Ceilings(noCeiling.get(), noCeiling.get(), null);
            }
            console.printf("ceiling: iperf3 over loopback for %.0f s after %d s of slow start, one stream, then %d parallel streams…%n",
                    CEILING_SECONDS, Iperf3Ceiling.OMIT_SECONDS, 1 + CLIENTS);
            console.flush();
            Iperf3Ceiling.Result single = Iperf3Ceiling.measure(CEILING_SECONDS);
            Iperf3Ceiling.Result parallel = single.measured() ? Iperf3Ceiling.measure(CEILING_SECONDS, 1 + CLIENTS) : single;
            Ceilings c = new Ceilings(single, parallel, null);
            if (!single.measured()) {
                console.println(single.skipped());
            } else {
                console.printf("ceiling: iperf3 over loopback (same run): %,.1f MB/s one stream, %s over %d parallel streams%n",
                        single.mbPerSecond(), parallel.measured() ? String.format("%,.1f MB/s", parallel.mbPerSecond()) : "not measured",
                        1 + CLIENTS);
                console.printf("fan-out ceiling: each day byte crosses loopback once in and %d times out, so the forwarder can receive"
                        + " at most %,.1f MB/s (the %s figure ÷ %d)%n", CLIENTS, c.receive(), parallel.measured() ? "parallel" : "one-stream",
                        1 + CLIENTS);
            }
            console.flush();
            return c;
        }

        /**
         * iperf3 again after the configurations (as before them), so the ceiling the verdicts use carries the
         * machine's drift over the run; the combined figure is printed.
         */
        private Ceilings ceilingsAfter(Ceilings before) throws IOException, InterruptedException {
            if (link != null || !before.single().measured()) {
                return before;
            }
            console.printf("%nceiling again, after the configurations: iperf3 over loopback for %.0f s, one stream, then %d parallel streams…%n",
                    CEILING_SECONDS, 1 + CLIENTS);
            console.flush();
            Iperf3Ceiling.Result single = Iperf3Ceiling.measure(CEILING_SECONDS);
            Iperf3Ceiling.Result parallel = single.measured() ? Iperf3Ceiling.measure(CEILING_SECONDS, 1 + CLIENTS) : single;
            Ceilings both = before.combine(new Ceilings(single, parallel, null));
            console.printf("ceiling, before and after: %s one stream; fan-out ceiling %s%n", both.single().interval().describe("MB/s"),
                    both.receiveInterval().describe("MB/s"));
            console.flush();
            return new Ceilings(single, parallel, null);
        }

        /**
         * Waits for the forwarder's {@code flowing} (every client subscribed); when it does not come, a client that
         * already ended is the cause and is named, not only the forwarder's wait.
         */
        private static void awaitSubscribers(RoleProcess forwarder, List<RoleProcess> started) throws InterruptedException {
            try {
                forwarder.awaitFlowing(RoleChain.startTimeout());
            } catch (ScenarioException e) {
                for (RoleProcess p : started) {
                    int code = p != forwarder ? p.exitCode() : -1;
                    if (code >= 0) {
                        throw new ScenarioException(p.role() + " ended (" + (code > 128 ? ChildProcess.describeExit(code) : "exit " + code)
                                + ") before the day started, so " + e.getMessage());
                    }
                }
                // a client alive but silent (frozen, or stuck before it asked): the forwarder waits for it, so it is the cause
                List<String> silent = started.stream().filter(p -> p != forwarder && !p.subscribed()).map(RoleProcess::role).toList();
                if (forwarder.exitCode() < 0 && !silent.isEmpty()) {
                    throw new ScenarioException(String.join(", ", silent) + (silent.size() == 1 ? " is" : " are")
                            + " running but never subscribed (frozen, or stuck in its warm-up), so " + e.getMessage());
                }
                throw e;
            }
        }

        /** Starts the processes in order, waits for every summary; every process is stopped before it returns. */
        private Outcome runOne(Entry<ForwarderConfig> config, WireDay day, long lateJoinAt) throws IOException, InterruptedException {
            List<RoleProcess> started = new ArrayList<>();
            CpuSampler cpuSampler = null;
            String id = config.id();
            String host = link != null ? link.receiverAddress() : hosts.address("forwarder");
            try {
                RoleProcess forwarder = RoleProcess.start("forwarder", lab(role("forwarder"), "forwarder", id, "forwarder",
                        "--bind", host + ":0", "--rung", id, "--clients", Integer.toString(CLIENTS),
                        "--await-subscribers", Integer.toString(CLIENTS), "--deadline-seconds", seconds(deadline)));
                started.add(forwarder);
                String connect = host + ":" + forwarder.awaitPort(RoleChain.startTimeout());
                List<String> clientNames = new ArrayList<>();
                for (int k = 1; k <= ON_TIME_CLIENTS; k++) {
                    String name = "client-" + k;
                    clientNames.add(name);
                    started.add(RoleProcess.start(name, client(role("client"), name, id, connect, 0)));
                }
                started.add(RoleProcess.start(LATE, client(role(LATE), LATE, id, connect, lateJoinAt)));
                clientNames.add(LATE);
                awaitSubscribers(forwarder, started);
                List<String> simulator = new ArrayList<>(List.of("simulator", "--rung", id, "--connect", connect,
                        "--day", dayFile.toString(), "--deadline-seconds", seconds(deadline)));
                if (rate > 0) {
                    simulator.addAll(List.of("--rate", Long.toString(rate)));
                }
                RoleProcess sim = RoleProcess.start("simulator", lab(role("simulator"), "simulator", id, simulator.toArray(new String[0])));
                started.add(sim);
                // a Simulator that dies before it sends is named at once, not after the roles' deadline
                sim.awaitFlowing(RoleChain.startTimeout());
                cpuSampler = new CpuSampler(started);
                CpuMeter<RoleProcess> cpu = new CpuMeter<>(started, cpuSampler::cpuNanos, Machine.cores()).start();
                // every role watched at once, with one deadline: a frozen forwarder costs the deadline once, not once
                // per role; a client left running alone after the others ended (frozen: the forwarder closed its
                // session) is stopped then (RoleWindow), not at the deadline
                Map<String, ObjectNode> ended = RoleWindow.awaitEnd(started, deadline.plus(FINISH_GRACE));
                Map<String, ObjectNode> summaries = new LinkedHashMap<>();
                summaries.put("simulator", ended.get("simulator"));
                for (RoleProcess p : started) {
                    if (!p.role().equals("simulator") && !p.role().equals("forwarder")) {
                        summaries.put(p.role(), ended.get(p.role()));
                    }
                }
                summaries.put("forwarder", ended.get("forwarder"));
                double cpuPercent = cpu.percent();
                cpuSampler.close();
                List<String> errors = new ArrayList<>();
                for (RoleProcess p : started) {
                    p.errors().forEach(e -> errors.add(p.role() + ": " + e));
                }
                return new Outcome(summaries, clientNames, day.messages(), cpuPercent, errors);
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
                return new Outcome(none, names, day.messages(), 0, List.of(e.getMessage()));
            } finally {
                if (cpuSampler != null) {
                    cpuSampler.close();
                }
                started.forEach(RoleProcess::close);
            }
        }

        private Role role(String name) {
            return roles().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
        }

        private List<String> client(Role role, String name, String rungId, String connect, long joinAt) {
            List<String> args = new ArrayList<>(List.of("client", "--name", name, "--connect", connect,
                    "--deadline-seconds", seconds(deadline)));
            if (joinAt > 0) {
                args.addAll(List.of("--join-at-message", Long.toString(joinAt)));
            } else if (rate > 0) {
                args.add("--latency");
            }
            return lab(role, name, rungId, args.toArray(new String[0]));
        }

        /**
         * A role's command line: its side of a link (or its placed host), the run's crash-log folder and whatever flags
         * the request adds for it.
         */
        private List<String> lab(Role role, String process, String rungId, String... args) {
            List<String> prefix = link != null
                    ? link.prefix(role.name().equals("simulator") ? LinkNamespaces.Side.SENDER : LinkNamespaces.Side.RECEIVER)
                    : hosts.prefix(role.name());
            List<String> flags = new ArrayList<>(List.of("-Djava.io.tmpdir=" + dayFile.getParent()));
            flags.addAll(request.roleFlags().flags(rungId, role, process));
            return roleCommand(prefix, request.dir(), flags, List.of(args));
        }

        /**
         * Per client, the clock offset its latencies carry (its host's clock minus the Simulator's, which stamps
         * each message); empty when every role runs on this machine, one clock.
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

        /**
         * {@code MEAN MB/s (days LOWEST–HIGHEST; ±P% at 99%)}: the days' mean, their range and the interval of their
         * mean, as the report's between-fork column gives it ({@link BetweenForks}: each day is a fork).
         */
        private String overDays(List<Double> scores) {
            BetweenForks b = BetweenForks.ofMeans(scores);
            double mean = scores.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            String interval = b.relative() <= 1 ? String.format(java.util.Locale.ROOT, "±%.1f%% at 99%%", 100 * b.relative())
                    : "an interval at 99% wider than the mean itself: too few days, or days too far apart, to tell";
            return String.format(java.util.Locale.ROOT, "%,.1f MB/s (days %,.1f–%,.1f; %s)", mean, b.lowest(), b.highest(), interval);
        }

        /** The tuned rung's verdicts, the exhibits beside it and tuned ÷ naive: what one quiet run is read for. */
        private void footer(List<RungResult> results, List<Outcome> outcomes, Ceilings ceilings) {
            console.println();
            long broken = results.stream().filter(r -> !r.correct()).count();
            console.println(broken == 0 ? "every client of every configuration got the whole day once, in order, the late joiner too"
                    : broken + " configuration(s) failed (see the lines under them)");
            String tunedId = ladder.tuned().id();
            String naiveId = ladder.naive().id();
            Optional<RungResult> tuned = results.stream().filter(r -> r.rung().equals(tunedId)).findFirst();
            Optional<RungResult> naive = results.stream().filter(r -> r.rung().equals(naiveId)).findFirst();
            if (tuned.isEmpty()) {
                return;
            }
            Outcome t = outcomes.get(results.indexOf(tuned.get()));
            console.printf("tuned %s%s: %s%n", tunedId, tuned.get().repeats().size() > 1
                    ? " (receive: the mean over its " + tuned.get().repeats().size() + " days; the rest: its last day)" : "",
                    t.goals(ceilings, rate, tuned.get().score()));
            naive.ifPresent(n -> {
                double ratio = tuned.get().score() / n.score();
                // a rung that failed has no score: say which side is missing rather than print ×NaN
                console.println(Double.isFinite(ratio) && ratio > 0
                        ? String.format(java.util.Locale.ROOT, "tuned ÷ naive (%s): ×%.1f forwarder receive%s", naiveId, ratio,
                                ratioInterval(tuned.get(), n))
                        : "tuned ÷ naive (" + naiveId + "): not measured, "
                                + (n.correct() && Double.isFinite(n.score()) ? tunedId : naiveId) + " has no result");
            });
            for (int i = 0; i < results.size(); i++) {
                RungResult r = results.get(i);
                if (r.exhibit()) {
                    Outcome x = outcomes.get(i);
                    console.printf("beside it: %s receives ×%.2f of the tuned rung's MB/s; its late joiner caught up in %s (%,d from history)%n",
                            r.rung(), r.score() / tuned.get().score(), millis(x.lateCatchUpMillis()), x.lateHistoryReads());
                }
            }
        }

        /**
         * {@code  (×LOW–×HIGH within both rows' 99% intervals over their days)} when both rows ran several days; else
         * empty: one day each has no interval, and the table's footnote says so.
         */
        private static String ratioInterval(RungResult tuned, RungResult naive) {
            if (tuned.repeats().size() < 2 || naive.repeats().size() < 2) {
                return "";
            }
            double t = tuned.score();
            double n = naive.score();
            double tHalf = BetweenForks.halfWidth(tuned.repeats(), BetweenForks.CONFIDENCE);
            double nHalf = BetweenForks.halfWidth(naive.repeats(), BetweenForks.CONFIDENCE);
            double low = (t - tHalf) / (n + nHalf);
            double high = (t + tHalf) / (n - nHalf);
            return low > 0 && high > 0 && Double.isFinite(high)
                    ? String.format(java.util.Locale.ROOT, " (×%.1f–×%.1f within both rows' 99%% intervals over their days)", low, high)
                    : " (the rows' 99% intervals over their days reach 0: too few days to bound it)";
        }

        private void writeJson(WireDay day, long lateJoinAt, Ceilings ceilings, ArrayNode jsonConfigs) throws IOException {
            ObjectNode root = new ObjectMapper().createObjectNode();
            Machine.describe(root);
            root.put("network", link != null ? link.describe() : hosts.local() ? "loopback" : "placed hosts");
            if (!hosts.local()) {
                ObjectNode placedRoles = root.putObject("hosts");
                hosts.placed().hosts().forEach(placedRoles::put);
                ObjectNode offsets = root.putObject("clock_offsets_ns");
                clocks.offsets().keySet().forEach(h -> {
                    ClockOffsets.Pair p = clocks.between(clocks.reference(), h);
                    offsets.putObject(h + " - " + clocks.reference()).put("offset", p.nanos()).put("uncertainty", p.uncertaintyNanos());
                });
            }
            if (link == null) {
                JsonNumbers.put(root, "ceiling_mb_per_s", ceilings.single().mbPerSecond());
                root.put("ceiling_skipped", ceilings.single().skipped());
                JsonNumbers.put(root, "ceiling_parallel_mb_per_s", ceilings.parallel().mbPerSecond());
                root.put("ceiling_parallel_streams", 1 + CLIENTS);
            } else {
                JsonNumbers.put(root, "ceiling_mb_per_s", ceilings.socket());
                root.putNull("ceiling_skipped");
                root.put("ceiling_source", "link");
            }
            JsonNumbers.put(root, "fan_out_ceiling_mb_per_s", ceilings.measured() ? ceilings.receive() : Double.NaN);
            root.put("day_messages", day.messages());
            root.put("day_bytes", day.bytes());
            root.put("rate", rate);
            root.put("days", days);
            root.put("on_time_clients", ON_TIME_CLIENTS);
            root.put("clients", CLIENTS);
            root.put("late_join_at", lateJoinAt);
            root.set("configurations", jsonConfigs);
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(buffer, root);
            json.write(buffer.toByteArray());
        }
    }

    static String millis(double ms) {
        return Double.isNaN(ms) ? "-" : String.format("%.1f ms", ms);
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
            }, "forwarder-cpu-sampler");
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
}
