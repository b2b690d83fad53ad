package dev.perflab.cli.sha;

import dev.perflab.io.Scratch;
import dev.perflab.base.Leftovers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.JsonNumbers;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.net.Endpoint;
import dev.perflab.proc.ChildProcess;
import dev.perflab.scenario.CeilingInterval;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleWindow;
import dev.perflab.scenario.RungResult;
import dev.perflab.sha.PipelineSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./lab run sha-pipeline}: measures the SHA-256 ceiling with JMH, then runs the three roles as three
 * JVMs over loopback TCP (Unix domain sockets from r18 on) for each rung, one rung after another, and
 * prints the ladder.
 *
 * <pre>
 *   JMH ShaCeilingBenchmark.intrinsicAllThreads ──▶ ceiling tasks/s (same command, same machine)
 *   for each rung:
 *     collector JVM  ◀──TCP──  executor JVM  ◀──TCP──  generator JVM   (r18 on: unix:/tmp/perflab-sha.…/ROLE.sock)
 *     (listens first)          (listens, connects)     (sends for warm-up + measure seconds)
 *     CPU of the three sampled at the start and end of the measured window
 *     then wait for the three summaries; the executor may first drain a backlog (r0–r4), up to
 *     {@link #drainSeconds} (an error past it), so a slow drain is reported, never cut silently
 *   DIR/sha-pipeline.json: one JMH-shaped row per rung (benchmark sha-pipeline.endToEnd, params rung,
 *     tasks/s; secondary: generated, executed, collected, lost, cpu, errors, sampleErrors, ceiling %)
 * </pre>
 *
 * <p>The roles start in the scenario's order ({@link dev.perflab.scenario.RoleChain}); a rung is one
 * {@link RoleWindow}. The rows are what {@code ./lab report}, {@code gate} and {@code compare} read; the
 * scenario's own JSON (counts, CPU, errors per rung) is written too when {@code --json} names a file.
 */
public final class ShaPipelineRun {
    /** How long each rung runs. */
    public record Timing(double warmupSeconds, double measureSeconds, List<String> ceilingJmhOptions) {
    }

    /** The benchmark name of the rows this run writes; gates select them by it. */
    public static final String BENCHMARK = "sha-pipeline.endToEnd";
    /**
     * The executor's drain deadline, per second the generator runs. Per-task rungs with an unbounded queue
     * (r0–r4) read tasks about 5–6 times faster than they execute them (16 cores: r1 read 1.49M tasks in
     * 7 s and executed 37k/s), so the backlog left at the generator's end takes up to about 5 times the
     * run to drain; 10 leaves room. Past it the executor reports the tasks not executed as an error.
     */
    private static final int DRAIN_SECONDS_PER_RUN_SECOND = 10;
    private static final int MIN_DRAIN_SECONDS = 60;
    private final List<Role> roles;
    private final List<Entry<PipelineSettings>> rungs;
    private final Timing timing;
    private final long rate;
    private final RunFolder folder;
    private final Path dir;
    private final Path json;
    private final Path sampleOut;
    /** {@code --sample-out} while the run writes it (null without one). */
    private OutputFile.Staged sample;
    private final PipelineNetwork network;
    private final PrintWriter console;
    /** Why the ceiling is not measured ({@code --no-ceiling}), or null: JMH measures it before and after the rungs. */
    private String noCeiling;

    public ShaPipelineRun(List<Role> roles, List<Entry<PipelineSettings>> rungs, Timing timing, long rate, RunFolder results, Path json,
                          Path sampleOut, PipelineNetwork network, PrintWriter console) {
        this.roles = List.copyOf(roles);
        this.rungs = rungs;
        this.timing = timing;
        this.rate = rate;
        this.folder = results;
        this.dir = results.dir();
        this.json = json;
        this.sampleOut = sampleOut;
        this.network = network;
        this.console = console;
    }

    /** Leaves the ceiling out ({@code --no-ceiling}), saying why with {@code line}: the % column and its goals with it. */
    public ShaPipelineRun withoutCeiling(String line) {
        noCeiling = line;
        return this;
    }

    /** Runs everything; returns 0 if every correct rung conserved its counts and verified its sample. */
    public int run() throws IOException, InterruptedException {
        Path rowsFile = folder.path(ResultsLayout.rows(dev.perflab.sha.ShaLadder.COMPONENT));
        prepareOutput(folder, rowsFile, json, sampleOut);
        // the sample grows rung by rung under a temporary name, renamed over --sample-out with the rows: a failed or
        // interrupted run, or a full disk, leaves the previous sample as it was
        sample = sampleOut == null ? null : OutputFile.check("--sample-out", sampleOut).stage();
        try {
            int exit = runRungs(rowsFile);
            if (sample != null) {
                sample.commit();
            }
            return exit;
        } finally {
            if (sample != null) {
                sample.discard(); // nothing once committed
            }
        }
    }

    private int runRungs(Path rowsFile) throws IOException, InterruptedException {
        if (sample != null) {
            appendSample(new byte[0]);
        }
        String header = Machine.header();
        console.printf("perflab run sha-pipeline · %s%n", header);
        console.printf("each rung: %.1f s warm-up + %.1f s measured, %s; %s%n", timing.warmupSeconds(),
                timing.measureSeconds(), rate == 0 ? "generator as fast as it can" : String.format("%,d tasks/s offered", rate),
                network.describe());
        List<Double> ceilingSamples = new ArrayList<>(noCeiling != null ? List.of() : measureCeiling("sha-ceiling"));
        CeilingInterval before = CeilingInterval.of(ceilingSamples);
        double ceiling = noCeiling != null ? Double.NaN : before.mean();
        if (noCeiling != null) {
            console.printf("%s%n%n", noCeiling);
        } else {
            console.printf("ceiling: SHA-256 of 32-byte payloads on all %d cores (JMH, intrinsic on): %s%n%n",
                    Machine.cores(), before.describe("tasks/s"));
        }
        console.println(PipelineTable.heading());
        console.flush();
        List<PipelineRow> rows = new ArrayList<>();
        for (Entry<PipelineSettings> rung : rungs) {
            if (rung.factory().unixSockets() && !network.sharesOneHost()) {
                console.printf("  %s: skipped: its Unix domain sockets would not cross %s%n", rung.id(), network.describe());
                continue;
            }
            PipelineRow row = runRung(rung);
            console.println(PipelineTable.row(row, previousRung(rows), ceiling));
            row.errors().forEach(e -> console.println("    " + e));
            console.flush();
            rows.add(row);
        }
        console.println();
        CeilingInterval both = null;
        if (noCeiling == null) {
            ceilingSamples.addAll(measureCeiling("sha-ceiling-after"));
            both = CeilingInterval.of(ceilingSamples);
            console.printf("ceiling again, after the rungs; before and after: %s%n", both.describe("tasks/s"));
        }
        console.print(PipelineTable.footer(rows, both, network));
        List<RungResult> results = new ArrayList<>();
        JmhRows jmhRows = new JmhRows();
        for (PipelineRow row : rows) {
            RungResult result = result(row, ceiling);
            result.addTo(jmhRows, BENCHMARK, "ops/s", rate == 0 ? Map.of() : Map.of("rate", Long.toString(rate)));
            results.add(result);
        }
        folder.saveRows(rowsFile.getFileName().toString(), jmhRows.json(), header, null);
        if (json != null) {
            writeJson(json, rows, ceiling);
        }
        console.println("saved: " + rowsFile + (json != null ? ", " + json : "") + (sampleOut != null ? ", " + sampleOut : ""));
        console.flush();
        return RungResult.exitCode(results) == 0 ? 0 : LabException.CHECK_FAILED;
    }

    /**
     * Fails at once, in one line, if an output cannot be written, rather than after every rung has run. The
     * results files are only checked ({@link OutputFile}: the previous ones stay whole until the new ones are
     * complete), as is the sample file, which grows rung by rung under a temporary name.
     */
    private static void prepareOutput(RunFolder results, Path rowsFile, Path jsonFile, Path sampleOut) {
        results.open().file(rowsFile.getFileName().toString());
        if (jsonFile != null) {
            OutputFile.check("--json", jsonFile).notSameAs("the rows file this run saves", rowsFile);
        }
        if (sampleOut != null) {
            OutputFile.check("--sample-out", sampleOut).notSameAs("the rows file this run saves", rowsFile).notSameAs("--json", jsonFile);
        }
    }

    /** Adds one rung's sample lines to the staged {@code --sample-out}. */
    private void appendSample(byte[] lines) {
        try {
            Files.write(sample.file(), lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException failed) {
            throw new LabException("--sample-out " + sampleOut + ": cannot write (" + dev.perflab.base.InputFile.reason(failed)
                    + "); the previous file, if any, is unchanged");
        }
    }

    private static PipelineRow previousRung(List<PipelineRow> rows) {
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (!rows.get(i).exhibit()) {
                return rows.get(i);
            }
        }
        return null;
    }

    /**
     * Runs the ceiling benchmark (before the rungs, and again after them, so its interval carries the machine's drift
     * over the run); returns every measured iteration's score, in digests (tasks) per second.
     */
    private List<Double> measureCeiling(String name) throws IOException, InterruptedException {
        Path result = folder.path(name + ".json");
        List<String> args = new ArrayList<>(List.of("^dev\\.perflab\\.bench\\.sha\\.ShaCeilingBenchmark\\.intrinsicAllThreads$"));
        args.addAll(timing.ceilingJmhOptions());
        args.addAll(List.of("-p", "messageBytes=32", "-rf", "json", "-rff", result.toString()));
        Path log = dir.resolve(name + ".log");
        int exit = JmhProcess.run("ceiling", 1, args, log, console);
        if (exit != 0 || !Files.isRegularFile(result)) {
            throw new LabException("JMH failed measuring the SHA-256 ceiling (exit " + exit + "); see " + log, LabException.CHECK_FAILED);
        }
        folder.writeMachine(result, Machine.header(), null);
        JsonNode rows = new ObjectMapper().readTree(result.toFile());
        if (rows == null || !rows.isArray() || rows.size() == 0 || !rows.get(0).path("primaryMetric").has("score")) {
            // e.g. a JVM option that made every fork fail (a profiler agent in JAVA_TOOL_OPTIONS did once)
            throw new LabException("JMH wrote no SHA-256 ceiling score into " + result + "; see " + log, LabException.CHECK_FAILED);
        }
        JsonNode metric = rows.get(0).path("primaryMetric");
        List<Double> samples = new ArrayList<>();
        metric.path("rawData").forEach(fork -> fork.forEach(iteration -> samples.add(iteration.asDouble())));
        return samples.isEmpty() ? List.of(metric.path("score").asDouble()) : samples;
    }

    private PipelineRow runRung(Entry<PipelineSettings> rung) throws IOException, InterruptedException {
        String id = rung.id();
        double seconds = timing.warmupSeconds() + timing.measureSeconds();
        console.printf("  %s: running %.0f s…%n", id, seconds);
        console.flush();
        Path rungSample = sampleOut != null ? Leftovers.register(Scratch.file("sha-sample", ".txt")) : null;
        // r18 on: the listeners' socket files, in a short path of their own (Linux allows 107 bytes)
        Path sockets = rung.factory().unixSockets() ? Leftovers.register(Scratch.folder("sha")) : null;
        try {
            RoleWindow.Result r = RoleWindow.run(roles,
                    role -> role.name().equals("collector") ? network.collectorHost() : network.executorHost(),
                    (role, connect) -> command(role, id, connect, rungSample, seconds, sockets),
                    timing.warmupSeconds(), timing.measureSeconds(), Machine.cores(),
                    // the executor may drain a backlog before it ends; the others end on time
                    role -> role.name().equals("executor")
                            ? Duration.ofSeconds(drainSeconds(seconds)).plus(RoleWindow.FINISH_TIMEOUT)
                            : RoleWindow.FINISH_TIMEOUT);
            long backlog = r.count("executor", "backlog_at_end");
            if (backlog > 0 && r.number("executor", "drain_s") >= 1) {
                console.printf("  %s: the executor still held %,d tasks when the generator stopped; drained in %.1f s%n",
                        id, backlog, r.number("executor", "drain_s"));
            }
            if (rungSample != null) {
                appendSample(Files.readAllBytes(rungSample));
            }
            return new PipelineRow(id, rung.kind() == Kind.EXHIBIT, r.number("collector", "tasks_per_s"),
                    r.count("generator", "generated"), r.count("executor", "executed"), r.count("collector", "collected"),
                    r.count("collector", "sampled"), r.count("collector", "sample_errors"), r.cpuPercent(), r.errors());
        } finally {
            if (rungSample != null) {
                Files.deleteIfExists(rungSample);
                Leftovers.release(rungSample);
            }
            if (sockets != null) {
                deleteSocketDirectory(sockets);
                Leftovers.release(sockets);
            }
        }
    }

    /** The executor's drain deadline for a generator that runs {@code seconds}. */
    static long drainSeconds(double seconds) {
        return Math.max(MIN_DRAIN_SECONDS, (long) Math.ceil(DRAIN_SECONDS_PER_RUN_SECOND * seconds));
    }

    /** Deletes the socket files a killed role left behind, then their directory. */
    private static void deleteSocketDirectory(Path sockets) throws IOException {
        try (var files = Files.list(sockets)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(sockets);
    }

    /**
     * One role's command line: collector and executor behind the executor's prefix, the generator behind its own;
     * each JVM writes its crash log, if it crashes, into the run's folder rather than the working directory.
     * With {@code sockets} (a rung with Unix domain sockets) the two listeners bind {@code unix:SOCKETS/ROLE.sock}.
     */
    List<String> command(Role role, String id, String connect, Path sample, double seconds, Path sockets) {
        List<String> jvmFlags = List.of(ChildProcess.errorFileFlag(dir));
        List<String> args = new ArrayList<>(List.of("--rung", id));
        switch (role.name()) {
            case "collector":
                args.addAll(List.of("--bind", bind(network.collectorBind(), sockets, role), "--warmup-seconds",
                        String.valueOf(timing.warmupSeconds()), "--measure-seconds", String.valueOf(timing.measureSeconds())));
                if (sample != null) {
                    args.addAll(List.of("--sample-out", sample.toString()));
                }
                return ShaRoles.command(network.executorPrefix(), role.name(), jvmFlags, args);
            case "executor":
                args.addAll(List.of("--bind", bind(network.executorBind(), sockets, role), "--connect", connect,
                        "--drain-seconds", String.valueOf(drainSeconds(seconds))));
                return ShaRoles.command(network.executorPrefix(), role.name(), jvmFlags, args);
            default:
                args.addAll(List.of("--connect", connect, "--seconds", String.valueOf(seconds), "--rate", String.valueOf(rate)));
                return ShaRoles.command(network.generatorPrefix(), role.name(), jvmFlags, args);
        }
    }

    private static String bind(String tcp, Path sockets, Role role) {
        return sockets == null ? tcp : Endpoint.UNIX_PREFIX + sockets.resolve(role.name() + ".sock");
    }

    /** A printed row as the lab-wide result: counts generated → executed → collected, and the pipeline's extras. */
    private static RungResult result(PipelineRow row, double ceiling) {
        Map<String, JmhRows.Metric> extra = new LinkedHashMap<>();
        extra.put("sampleErrors", JmhRows.Metric.single(row.sampleErrors() < 0 ? Double.NaN : row.sampleErrors(), "ops"));
        extra.put("ceiling", JmhRows.Metric.single(100 * row.tasksPerSecond() / ceiling, "%"));
        return new RungResult(row.rung(), row.exhibit(), row.tasksPerSecond(), row.counts(), row.cpuPercent(),
                row.errors(), row.sampleErrors() == 0, extra);
    }




    private void writeJson(Path file, List<PipelineRow> rows, double ceiling) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        JsonNumbers.put(root, "ceiling_tasks_per_s", ceiling);
        Machine.describe(root);
        root.put("network", network.describe());
        root.put("warmup_s", timing.warmupSeconds());
        root.put("measure_s", timing.measureSeconds());
        root.put("rate_offered_tasks_per_s", rate);
        ArrayNode out = root.putArray("rungs");
        for (PipelineRow r : rows) {
            ObjectNode n = out.addObject();
            n.put("rung", r.rung());
            JsonNumbers.put(n, "tasks_per_s", r.tasksPerSecond());
            n.put("generated", r.generated());
            n.put("executed", r.executed());
            n.put("collected", r.collected());
            n.put("sampled", r.sampled());
            n.put("sample_errors", r.sampleErrors());
            JsonNumbers.put(n, "cpu_percent", r.cpuPercent());
            JsonNumbers.put(n, "tasks_per_cpu_second", r.tasksPerCpuSecond(Machine.cores()));
            n.put("exhibit", r.exhibit());
            n.put("correct", r.correct());
            ArrayNode errors = n.putArray("errors");
            r.errors().forEach(errors::add);
        }
        OutputFile.check("--json", file).write(stream -> mapper.writerWithDefaultPrettyPrinter().writeValue(stream, root));
    }
}
