package dev.perflab.cli.brick;

import dev.perflab.io.Scratch;
import dev.perflab.base.Leftovers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.MemorySize;
import dev.perflab.brick.BrickGenerator;
import dev.perflab.brick.BrickLadder;
import dev.perflab.brick.Bricks;
import dev.perflab.brick.LineScanner;
import dev.perflab.brick.MoverSettings;
import dev.perflab.brick.ResultCheck;
import dev.perflab.brick.ResultFile;
import dev.perflab.cli.component.LinkedRun;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.JmhRows;
import dev.perflab.scenario.LabCommand;
import dev.perflab.scenario.Role;
import dev.perflab.scenario.RoleProcess;
import dev.perflab.scenario.RoleWindow;
import dev.perflab.scenario.link.LinkNamespaces;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./lab run brick}: generates one file, measures the machine's own ceilings on it ({@link Ceilings}),
 * then for each rung starts {@code ./lab brick serve} and {@code ./lab brick fetch} as two JVMs over loopback,
 * checks the result against the reference transform (streaming) and prints one table: seconds, MB/s in and
 * out, lines, CAS retries, byte-exact. Rungs with one request per round trip (r0, r1) move a slice of the
 * file (its first {@link #SLICE_BYTES} bytes, whole lines), stated in the table: the whole file would take
 * minutes. Files live in a temporary folder, deleted at the end.
 *
 * <p>{@code --link RATE} puts the server behind an emulated link ({@link LinkNamespaces}, as the SHA pipeline
 * and the socket pump do): serve in the receiver namespace, fetch in the sender namespace, the rate printed
 * beside the ceilings (the server's 256-byte responses are what crosses it). Where namespaces cannot be made
 * (not root, no iproute2) the run is skipped with that one line, exit 0.
 */
final class BrickScenario implements Scenario<BrickScenario.Options> {
    static final String BENCHMARK = BrickLadder.COMPONENT + ".move";
    /** What a rung with one request per round trip moves instead of the whole file. */
    static final long SLICE_BYTES = 16L << 20;
    static final long SEED = 1;
    /** A role that has not ended this long after it started has hung: it is stopped and the rung fails. */
    static final Duration ROLE_DEADLINE = Duration.ofMinutes(5);
    static final Duration LISTEN_DEADLINE = Duration.ofSeconds(60);

    @Override
    public List<Role> roles() {
        return List.of(new Role("serve", true, null, "holds the file and hands out its lines"),
                new Role("fetch", false, "serve", "asks for every line and writes each transformed, in order"));
    }

    @Override
    public String unit() {
        return "MB/s";
    }

    /** {@code ./lab run brick}'s own options. */
    static final class Options {
        @Option(names = "--size", paramLabel = "BYTES",
                description = "Size of the file the run generates and moves (e.g. 1g, 128m; default by run length: smoke 8m, quick 128m, standard and full 1g).")
        String size;

        @Mixin
        ScenarioOptions.Link link = new ScenarioOptions.Link();
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    static long defaultSize(RunLength length) {
        switch (length) {
            case SMOKE:
                return 8L << 20;
            case QUICK:
                return 128L << 20;
            default:
                return 1L << 30;
        }
    }

    /** One rung's outcome; {@code error} null when both roles ended cleanly. */
    record Row(Entry<MoverSettings> rung, long inBytes, boolean slice, long lines, long outBytes, double seconds,
               long casRetries, boolean exact, String error, double serveCpuSeconds, double fetchCpuSeconds) {
        Row(Entry<MoverSettings> rung, long inBytes, boolean slice, String error) {
            this(rung, inBytes, slice, 0, 0, Double.NaN, 0, false, error, Double.NaN, Double.NaN);
        }

        double mbPerSecondIn() {
            return inBytes / BrickCommand.MB / seconds;
        }

        double mbPerSecondOut() {
            return outBytes / BrickCommand.MB / seconds;
        }
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        long size = options.size != null ? MemorySize.any("--size", options.size).bytes() : defaultSize(request.length());
        if (size < BrickGenerator.ROUND_BYTES) {
            throw new LabException("--size: at least " + BrickGenerator.ROUND_BYTES + " bytes (one line of every length 0–200)");
        }
        List<Entry<MoverSettings>> rungs = rungs(request);
        String rate = options.link.rate();
        if (rate == null) {
            return run(request, size, rungs, null, null);
        }
        return LinkedRun.run(request, rate, link -> run(request, size, rungs, rate, link));
    }

    /** The run, on loopback ({@code link} null) or with the server behind an emulated link of {@code rate}. */
    /** The rungs named, else smoke's naive and tuned, else every rung and exhibit. */
    private static List<Entry<MoverSettings>> rungs(ScenarioRequest request) {
        return request.rungs() != null
                ? request.rungs().stream().map(BrickLadder.LADDER::resolve).distinct().collect(Collectors.toList())
                : request.length() == RunLength.SMOKE ? List.of(BrickLadder.LADDER.naive(), BrickLadder.LADDER.tuned())
                : BrickLadder.LADDER.entries().stream().filter(e -> e.kind() != Kind.EXERCISE).collect(Collectors.toList());
    }

    @Override
    public List<String> rungIds(ScenarioRequest request, Options options, dev.perflab.ladder.Ladder<?> ladder) {
        return rungs(request).stream().map(Entry::id).collect(Collectors.toList());
    }

    private int run(ScenarioRequest request, long size, List<Entry<MoverSettings>> rungs, String rate, LinkNamespaces link)
            throws IOException, InterruptedException {
        RunFolder results = request.results().open();
        PrintWriter console = request.console();
        String header = Machine.header();
        Path work = Leftovers.register(Scratch.folder("brick"));
        try {
            Path input = work.resolve("bricks");
            long inputBytes = generate(input, size);
            Path slice = work.resolve("bricks-slice");
            long sliceBytes = slice(input, slice, Math.min(SLICE_BYTES, inputBytes));
            console.printf(Locale.ROOT, "perflab run brick · %s%n", header);
            console.printf(Locale.ROOT, "file: %,d bytes (seed %d) in %s; each rung: ./lab brick serve and ./lab brick fetch, two JVMs over %s%n",
                    inputBytes, SEED, work, link == null ? "loopback TCP" : "an emulated link: " + link.describe()
                            + "; serve in the receiver namespace, fetch in the sender namespace");
            Ceilings.Measured ceilings = Ceilings.measure(input);
            console.printf(Locale.ROOT, "ceilings measured now: reading the file %.0f MB/s (page cache, one thread); loopback TCP %.0f MB/s (one connection, %,d MB)%n",
                    ceilings.fileMbPerSecond(), ceilings.loopbackMbPerSecond(), ceilings.loopbackBytes() / 1_000_000);
            if (link != null) {
                console.printf(Locale.ROOT, "link ceiling: %.1f MB/s each way (its rate; the server's responses cross it)%n",
                        link.bitsPerSecond() / 8.0 / BrickCommand.MB);
            }
            console.println();
            console.println(BrickTable.heading());
            console.flush();
            List<Row> rows = new ArrayList<>();
            for (Entry<MoverSettings> rung : rungs) {
                boolean sliced = rung.factory().batchLines() == 1 && sliceBytes < inputBytes;
                Row row = runRung(rung, sliced ? slice : input, sliced, work, link);
                console.println(BrickTable.row(row, BrickTable.previous(rows)));
                if (row.error() != null) {
                    console.println("    " + row.error());
                }
                console.flush();
                rows.add(row);
            }
            console.println();
            console.print(BrickTable.footer(rows, sliceBytes, ceilings));
            JmhRows jmh = new JmhRows();
            for (Row row : rows) {
                Map<String, JmhRows.Metric> extra = new LinkedHashMap<>();
                extra.put("seconds", JmhRows.Metric.single(row.seconds(), "s"));
                extra.put("mbPerSecondOut", JmhRows.Metric.single(row.mbPerSecondOut(), "MB/s"));
                extra.put("lines", JmhRows.Metric.single(row.lines(), "ops"));
                extra.put("inputBytes", JmhRows.Metric.single(row.inBytes(), "B"));
                extra.put("casRetries", JmhRows.Metric.single(row.casRetries(), "ops"));
                extra.put("exact", JmhRows.Metric.single(row.exact() ? 1 : 0, "bool"));
                extra.put("serveCpuSeconds", JmhRows.Metric.single(row.serveCpuSeconds(), "s"));
                extra.put("fetchCpuSeconds", JmhRows.Metric.single(row.fetchCpuSeconds(), "s"));
                extra.put("fileCeiling", JmhRows.Metric.single(ceilings.fileMbPerSecond(), "MB/s"));
                extra.put("loopbackCeiling", JmhRows.Metric.single(ceilings.loopbackMbPerSecond(), "MB/s"));
                if (link != null) {
                    extra.put("linkCeiling", JmhRows.Metric.single(link.bitsPerSecond() / 8.0 / BrickCommand.MB, "MB/s"));
                }
                jmh.add(BENCHMARK, "thrpt", link == null ? Map.of("rung", row.rung().id())
                                : Map.of("rung", row.rung().id(), "link", rate),
                        JmhRows.Metric.single(row.error() == null ? row.mbPerSecondIn() : Double.NaN, "MB/s"), Map.of(), extra);
            }
            Path rowsFile = results.saveRows(ResultsLayout.rows(BrickLadder.COMPONENT), jmh.json(), header, null);
            console.println("saved: " + rowsFile);
            console.flush();
            boolean failed = rows.stream().anyMatch(r -> r.rung().kind() != Kind.EXHIBIT && (r.error() != null || !r.exact()));
            return failed ? LabException.CHECK_FAILED : 0;
        } finally {
            deleteAll(work);
            Leftovers.release(work);
        }
    }

    private static long generate(Path file, long size) throws IOException {
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            return BrickGenerator.write(os, size, SEED);
        }
    }

    /** Copies the whole lines of {@code in}'s first {@code bytes} bytes to {@code out}; returns the bytes copied. */
    static long slice(Path in, Path out, long bytes) throws IOException {
        long[] copied = {0};
        try (InputStream is = Files.newInputStream(in);
             OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 20)) {
            LineScanner scanner = new LineScanner(in, is);
            while (scanner.next() && copied[0] + scanner.length() + Bricks.EOL_BYTES <= bytes) {
                os.write(scanner.buffer(), scanner.offset(), scanner.length());
                os.write('\r');
                os.write('\n');
                copied[0] += scanner.length() + Bricks.EOL_BYTES;
            }
        }
        return copied[0];
    }

    /**
     * One rung: serve, then fetch. With a link, serve runs in the receiver namespace bound to its address and
     * fetch in the sender namespace connects across the link; both see the same files (a network namespace
     * shares the file system).
     */
    private Row runRung(Entry<MoverSettings> rung, Path input, boolean sliced, Path work, LinkNamespaces link)
            throws IOException, InterruptedException {
        Path result = work.resolve("result-" + rung.id());
        long inBytes = Files.size(input);
        String host = link == null ? "127.0.0.1" : link.receiverAddress();
        try (RoleProcess serve = role("serve", List.of("--in", input.toString(), "--bind", host + ":0", "--rung", rung.id()),
                link == null ? List.of() : link.prefix(LinkNamespaces.Side.RECEIVER))) {
            int port = serve.awaitPort(LISTEN_DEADLINE);
            try (RoleProcess fetch = role("fetch", List.of("--connect", host + ":" + port, "--out", result.toString(),
                    "--rung", rung.id()), link == null ? List.of() : link.prefix(LinkNamespaces.Side.SENDER))) {
                // both at once: whichever side dies or freezes, the other notices (liveness) and the one left
                // alone is stopped soon after, not at the 5-minute deadline
                Map<String, ObjectNode> ended = RoleWindow.awaitEnd(List.of(serve, fetch), ROLE_DEADLINE);
                ObjectNode fetched = ended.get("fetch");
                ObjectNode served = ended.get("serve");
                String error = firstError(fetch, serve, fetched, served);
                if (error != null) {
                    return new Row(rung, inBytes, sliced, error);
                }
                ResultCheck.Outcome check = ResultCheck.check(input, result);
                Row row = new Row(rung, inBytes, sliced, fetched.path("lines").asLong(), fetched.path("resultBytes").asLong(),
                        fetched.path("seconds").asDouble(), served.path("casRetries").asLong(), check.exact(), check.problem(),
                        served.path("cpuSeconds").asDouble(Double.NaN), fetched.path("cpuSeconds").asDouble(Double.NaN));
                Files.deleteIfExists(result);
                return row;
            }
        } catch (dev.perflab.scenario.ScenarioException e) {
            return new Row(rung, inBytes, sliced, e.getMessage());
        } finally {
            Files.deleteIfExists(ResultFile.partialOf(result));
        }
    }

    private static String firstError(RoleProcess fetch, RoleProcess serve, ObjectNode fetched, ObjectNode served) {
        // a role that died or was stopped (no summary) is the cause; the other side's line only tells what it saw
        if (served == null && !serve.errors().isEmpty()) {
            return lastLine(serve);
        }
        if (fetched == null && !fetch.errors().isEmpty()) {
            return lastLine(fetch);
        }
        for (RoleProcess p : List.of(serve, fetch)) {
            if (!p.errors().isEmpty()) {
                return lastLine(p);
            }
        }
        if (fetched == null || served == null) {
            return (fetched == null ? "fetch" : "serve") + " ended without a summary";
        }
        return null;
    }

    /** {@code fetch: …}: a role's last error line, without the {@code lab: } its own CLI put before it. */
    private static String lastLine(RoleProcess p) {
        String line = p.errors().get(p.errors().size() - 1);
        return p.role() + ": " + (line.startsWith("lab: ") ? line.substring("lab: ".length()) : line);
    }

    /** A role's JVM, run behind {@code prefix} ({@code ip netns exec NAME} over a link, nothing on loopback). */
    private static RoleProcess role(String name, List<String> args, List<String> prefix) throws IOException {
        List<String> labArgs = new ArrayList<>(List.of(BrickLadder.COMPONENT, name));
        labArgs.addAll(args);
        return RoleProcess.start(name, LabCommand.of(prefix, List.of(), labArgs));
    }

    private static void deleteAll(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
