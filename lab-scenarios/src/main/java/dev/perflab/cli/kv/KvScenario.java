package dev.perflab.cli.kv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.Counts;
import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOptions;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.kv.Folders;
import dev.perflab.kv.KvRunResult;
import dev.perflab.kv.KvRunSettings;
import dev.perflab.kv.KvStoreFactory;
import dev.perflab.kv.KvTimeline;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import dev.perflab.proc.ChildProcess;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.Role;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./lab run kv}: every store asked for, one after another, each in its own JVM ({@link KvWriterMain})
 * writing into a fresh folder under {@code DIR/stores-TIMESTAMP/ID}, removed after its run unless
 * {@code --keep}. Then one table, one timeline (text, JSON, PNG) and JMH-shaped rows ({@link KvReport}).
 *
 * <pre>
 *   parent (this JVM)                          child JVM per store
 *   free-space check ──▶ for each store: ────▶ KvWriterMain: N writers ─▶ DIR/stores-…/ID/store
 *   progress every 5 s ◀── "progress S W T" ──  reporter, once a second
 *   KvReport ◀── ID.result.json ───────────────  close, reopen, count
 * </pre>
 * Exit 1 when a rung or peer fails the count check; an exhibit failing it is what it is for.
 */
final class KvScenario implements Scenario<KvScenario.Options> {
    /** Most writer threads {@code --threads} takes: far past what any machine here has cores for, short of a fork bomb. */
    static final int MAX_THREADS = 1_024;
    /** Most runs per store {@code --runs} takes: beyond it a typo (30 for 3) would plan a run of hours. */
    static final int MAX_RUNS = 20;

    /** {@code ./lab run kv}'s own options. */
    static final class Options {
        @Option(names = "--store", split = ",", paramLabel = "ID",
                description = "Only these stores (rungs and peers: ids, r-prefixes, naive, tuned); the same as --rung, as kv calls them.")
        List<String> stores;

        @Option(names = "--records", paramLabel = "N", converter = Counts.class,
                description = "Most records per store (10m, 500k, 2000000); default by run length: smoke 12m, quick 30m, standard and full 10m.")
        Long records;

        @Option(names = "--threads", paramLabel = "N",
                description = "Writer threads (default 10, the report's; smoke 4).")
        Integer threads;

        @Option(names = "--seconds", paramLabel = "S", converter = ScenarioOptions.PositiveSeconds.class,
                description = "Most seconds per store (default by run length: smoke 8, quick 15, standard 60, full 120).")
        Double seconds;

        @Option(names = "--keep", description = "Keep the stores' files (default: each store's folder is removed after its run).")
        boolean keep;

        @Option(names = "--runs", paramLabel = "N",
                description = {"Run each store N times (1 to " + MAX_RUNS + "), each in a fresh writer JVM with its own warm-up and store;"
                        + " kv.json keeps each run as a fork, so a ratio between stores gets the spread between runs (default 1)."})
        Integer runs;

        @Mixin
        ScenarioOptions.Json json = new ScenarioOptions.Json();
    }

    /** Disk a store may need per record, a bound over every store here (LMDB's and H2's pages are the largest). */
    static final long DISK_BYTES_PER_RECORD = 400;
    /** Progress lines show this many seconds of rates each. */
    static final int PROGRESS_EVERY_SECONDS = 5;
    static final int DEFAULT_THREADS = 10;

    private final Ladder<KvStoreFactory> ladder;

    KvScenario(Ladder<KvStoreFactory> ladder) {
        this.ladder = ladder;
    }

    /** Records, threads and seconds per run length, before the user's options. */
    static KvRunSettings defaults(RunLength length) {
        return switch (length) {
            case SMOKE -> new KvRunSettings(12_000_000, 4, 8);
            case QUICK -> new KvRunSettings(30_000_000, DEFAULT_THREADS, 15);
            case STANDARD -> new KvRunSettings(10_000_000, DEFAULT_THREADS, 60);
            case FULL -> new KvRunSettings(10_000_000, DEFAULT_THREADS, 120);
        };
    }

    @Override
    public List<Role> roles() {
        return List.of(new Role("writer", false, null, "one JVM per store: N writer threads, a per-second reporter, the count check"));
    }

    @Override
    public String unit() {
        return "ops/s";
    }

    @Override
    public Options newOptions() {
        return new Options();
    }

    @Override
    public int run(ScenarioRequest request, Options options) throws IOException, InterruptedException {
        KvRunSettings d = defaults(request.length());
        int runs = options.runs != null ? options.runs : 1;
        if (runs < 1 || runs > MAX_RUNS) {
            throw new LabException("--runs " + runs + ": give 1 to " + MAX_RUNS + " runs per store");
        }
        if (options.threads != null && options.threads > MAX_THREADS) {
            throw new LabException("--threads must be at most " + MAX_THREADS + ", got " + options.threads);
        }
        KvRunSettings settings;
        try {
            settings = new KvRunSettings(options.records != null ? options.records : d.records(),
                    options.threads != null ? options.threads : d.threads(),
                    options.seconds != null ? options.seconds : d.seconds());
        } catch (IllegalArgumentException e) {
            throw new LabException(e.getMessage());
        }
        if (options.stores != null && request.rungs() != null) {
            throw new LabException("--store and --rung name the same thing; give one of them");
        }
        List<Entry<KvStoreFactory>> stores = stores(options.stores != null ? options.stores : request.rungs(), request.length());
        OutputFile json = options.json.check(request.results().path(ResultsLayout.rows(dev.perflab.kv.KvLadder.COMPONENT)), request.inputs());
        PrintWriter out = request.console();
        RunFolder results = request.results().open();
        Path dir = results.dir();
        checkDisk(dir, settings, options.keep ? stores.size() * runs : 1);
        // a folder of this run's own (two runs with one --out started in the same second never share one),
        // removed on Ctrl-C unless --keep asked for the stores
        Path runDir = Files.createTempDirectory(dir, "stores-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-");
        if (!options.keep) {
            Leftovers.register(runDir);
        }
        String machine = Machine.header();
        out.println(machine + " · " + ladder.title());
        out.printf(Locale.ROOT, "%d stores%s · %,d records max · %d writer threads · %s s max each · stores in %s%s%n", stores.size(),
                runs > 1 ? " × " + runs + " runs" : "", settings.records(), settings.threads(), trim(settings.seconds()), runDir,
                options.keep ? " (kept)" : " (removed after each)");
        out.println("each store in its own writer JVM: " + String.join(" ", WRITER_JVM_FLAGS)
                + " (heap committed and touched before the run; huge pages where the kernel allows)");
        out.flush();
        List<KvReport.Row> rows = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        try {
            for (Entry<KvStoreFactory> e : stores) {
                for (int run = 1; run <= runs; run++) {
                    String folder = runs > 1 ? e.id() + "-run-" + run : e.id();
                    KvReport.Row row = runOne(e, run, runs, settings, runDir.resolve(folder), out, skipped);
                    if (!options.keep) {
                        Folders.deleteTree(runDir.resolve(folder));
                    }
                    if (row == null) {
                        break; // skipped: its library is missing, which one more run will not change
                    }
                    rows.add(row);
                }
            }
        } finally {
            if (!options.keep) {
                Folders.deleteTree(runDir);
                Leftovers.release(runDir);
            }
        }
        KvReport report = new KvReport(machine, settings, rows, skipped);
        out.println();
        out.print(report.table());
        for (Path p : report.write(results, json)) {
            out.println("saved: " + p);
        }
        out.flush();
        boolean broken = rows.stream().anyMatch(r -> r.kind() != Kind.EXHIBIT && !r.result().countMatches());
        return broken ? LabException.CHECK_FAILED : 0;
    }

    @Override
    public List<String> rungIds(ScenarioRequest request, Options options, dev.perflab.ladder.Ladder<?> any) {
        return stores(options.stores != null ? options.stores : request.rungs(), request.length()).stream().map(Entry::id)
                .collect(Collectors.toList());
    }

    private List<Entry<KvStoreFactory>> stores(List<String> named, RunLength length) {
        if (named != null) {
            return named.stream().map(ladder::resolve).distinct().collect(Collectors.toList());
        }
        if (length == RunLength.SMOKE) {
            return List.of(ladder.naive(), ladder.tuned());
        }
        return ladder.correct();
    }

    /** Empty when the disk under {@code results/} holds what a standard run writes; else how much is missing. */
    static Optional<String> standardRunDiskProblem() {
        KvRunSettings standard = defaults(RunLength.STANDARD);
        long need = standard.records() * DISK_BYTES_PER_RECORD;
        Path dir = ResultsLayout.DEFAULT.stores().toAbsolutePath();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        try {
            long free = dir == null ? 0 : Files.getFileStore(dir).getUsableSpace();
            return free >= need ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                    "%s free at %s, a standard kv run needs about %s", InputFile.size(free), dir, InputFile.size(need)));
        } catch (IOException e) {
            return Optional.of("cannot read the free space at " + dir + ": " + e.getMessage());
        }
    }

    private static void checkDisk(Path dir, KvRunSettings s, int storesAtOnce) throws IOException {
        long need;
        try {
            need = Math.multiplyExact(Math.multiplyExact(s.records(), DISK_BYTES_PER_RECORD), (long) storesAtOnce);
        } catch (ArithmeticException e) {
            throw new LabException(String.format(Locale.ROOT, "--records %,d: no disk holds %d B per record of that many; lower --records",
                    s.records(), DISK_BYTES_PER_RECORD));
        }
        long free = Files.getFileStore(dir).getUsableSpace();
        if (free < need) {
            throw new LabException(String.format(Locale.ROOT, "%s: %s free, the kv run needs about %s (%d B per record × %,d records%s); lower --records or use --out on a larger disk",
                    dir.toAbsolutePath(), InputFile.size(free), InputFile.size(need), DISK_BYTES_PER_RECORD, s.records(), storesAtOnce > 1 ? " × " + storesAtOnce + " kept stores" : ""));
        }
    }

    /**
     * One store's writer JVM; it writes its crash log, if it crashes, into the run's folder {@code dir} (the
     * --out folder, which outlives the store folders removed after each store) rather than the working directory.
     */
    static List<String> writerCommand(Path dir, List<String> args) {
        List<String> flags = new ArrayList<>(WRITER_JVM_FLAGS);
        flags.add(ChildProcess.errorFileFlag(dir));
        return ChildProcess.javaCommand(List.of(), flags, KvWriterMain.class.getName(), args);
    }

    /**
     * Every store's writer JVM, rungs and peers alike: a heap of a quarter of the machine's memory (the JVM's
     * default maximum) committed and touched at start, on transparent huge pages where the kernel offers them
     * ({@code madvise} or {@code always}). Without this the heap grows during the measured seconds and the
     * kernel's first touches of its new pages land in them (a probe of r5 over 60 s found the JVM's system time
     * high in exactly the seconds the heap grew), and an index of gigabytes walks 4-KiB page tables; both made
     * the last seconds of a fast store slower than its first for reasons that are not the store's (probes:
     * the kv logs in docs/measurements/README.md).
     */
    static final List<String> WRITER_JVM_FLAGS = List.of(
            "-XX:InitialRAMPercentage=25", "-XX:MaxRAMPercentage=25", "-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages");

    /**
     * The line of a failed writer's error output that says what went wrong: its own one-line message ({@code STORE:
     * …}), else the first line of a stack trace it could not catch, never a frame ({@code \tat …}, {@code ... 11
     * more}), which is what its last line is.
     */
    static String telling(List<String> errors, String store) {
        return errors.stream().filter(l -> l.startsWith(store + ": ")).findFirst()
                .or(() -> errors.stream().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)) && !l.startsWith("..."))
                        .findFirst())
                .orElse(errors.get(errors.size() - 1));
    }

    /** Run {@code run} of {@code runs} of one store, in {@code storeRun}; null when the store was skipped. */
    private KvReport.Row runOne(Entry<KvStoreFactory> e, int run, int runs, KvRunSettings s, Path storeRun, PrintWriter out, List<String> skipped)
            throws IOException, InterruptedException {
        Leftovers.checkNotStopping();
        Files.createDirectories(storeRun);
        Path resultFile = storeRun.resolve("result.json");
        out.printf("%s (%s)%s%n", e.id(), e.summary(), runs > 1 ? String.format(Locale.ROOT, ", run %d of %d", run, runs) : "");
        out.flush();
        List<String> command = writerCommand(storeRun.getParent().getParent(), List.of(
                e.id(), Long.toString(s.records()), Integer.toString(s.threads()), Double.toString(s.seconds()),
                storeRun.toString(), resultFile.toString()));
        List<String> errors = new ArrayList<>();
        List<String> skip = new ArrayList<>();
        StringBuilder rates = new StringBuilder();
        int exit;
        try (ChildProcess child = ChildProcess.start("kv-" + e.id(), command, line -> {
            if (line.startsWith(KvWriterMain.PROGRESS)) {
                String[] f = line.substring(KvWriterMain.PROGRESS.length()).split(" ");
                int second = Integer.parseInt(f[0]);
                rates.append(' ').append(KvReport.compact(Long.parseLong(f[1])));
                if (second % PROGRESS_EVERY_SECONDS == 0) {
                    synchronized (out) {
                        out.printf(Locale.ROOT, "  %3d s:%s writes/s · total %s%n", second, rates, KvReport.compact(Long.parseLong(f[2])));
                        out.flush();
                    }
                    rates.setLength(0);
                }
            } else if (line.startsWith(KvWriterMain.SKIPPED)) {
                skip.add(line.substring(KvWriterMain.SKIPPED.length()));
            } else {
                synchronized (out) {
                    out.println("  " + line);
                    out.flush();
                }
            }
        }, errors::add)) {
            exit = child.waitFor();
        }
        if (!skip.isEmpty()) {
            String[] reason = skip.get(0).split(KvWriterMain.INSTALL_SEPARATOR, 2);
            String line = e.id() + " skipped: " + reason[0] + (reason.length > 1 ? "; install with: " + reason[1] : "");
            out.println("  " + line);
            skipped.add(line);
            return null;
        }
        if (exit != 0 || !Files.exists(resultFile)) {
            String why = errors.isEmpty() ? "exit " + exit : telling(errors, e.id());
            // the writer's line names its store, and so does every line this result is printed in
            why = why.startsWith(e.id() + ": ") ? why.substring(e.id().length() + 2) : why;
            out.println("  failed: " + why);
            KvRunResult failed = new KvRunResult(e.id(), new KvTimeline(new long[0], 0), 0, 0, -1, 0, why);
            return new KvReport.Row(e.id(), e.kind(), failed, null, run);
        }
        JsonNode j = new ObjectMapper().readTree(resultFile.toFile());
        long[] writes = new long[j.get("writes").size()];
        for (int i = 0; i < writes.length; i++) {
            writes[i] = j.get("writes").get(i).asLong();
        }
        KvRunResult r = new KvRunResult(e.id(), new KvTimeline(writes, j.get("lastIntervalSeconds").asDouble()),
                j.get("puts").asLong(), j.get("failedPuts").asLong(), j.get("finalCount").asLong(), j.get("seconds").asDouble(),
                j.get("error").isNull() ? null : j.get("error").asText());
        out.printf(Locale.ROOT, "  %s · %,d puts in %.1f s · sustain %s · count check: %s%n", e.id(), r.puts(), r.seconds(),
                KvReport.ratio(r.timeline().sustainRatio()),
                r.countMatches() ? "ok (" + String.format(Locale.ROOT, "%,d", r.finalCount()) + " records after reopen)"
                        : (e.kind() == Kind.EXHIBIT ? "CAUGHT: " : "FAILED: ") + r.failure());
        out.flush();
        return new KvReport.Row(e.id(), e.kind(), r, KvReport.warmUp(j.get("warmup")), run);
    }

    static String trim(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }
}
