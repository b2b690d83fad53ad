package dev.perflab.cli.ab;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.ab.AbChart;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.AbRow;
import dev.perflab.ab.AbVerdict;
import dev.perflab.ab.CacheSpread;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.ForkRows;
import dev.perflab.ab.Looks;
import dev.perflab.ab.Plant;
import dev.perflab.base.CacheProbe;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.run.JmhRun;
import dev.perflab.history.GitState;
import dev.perflab.history.HistoryRecorder;
import dev.perflab.history.HistoryTarget;
import dev.perflab.report.Formats;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code ./lab ab} run: every row's forks, base and head alternately in balanced order, then the verdict.
 *
 * <pre>
 *   pair 1:  row 1 base·head   row 2 base·head   …   ruler base·head
 *   pair 2:  row 1 head·base   row 2 head·base   …   ruler head·base
 *   pair 3:  row 1 base·head   …                                       (ABBA ABBA …: order and drift hit both sides alike)
 *
 *   DIR/forks/rowNN-{base,head}-pairP.json   JMH's JSON of each fork, as JMH wrote it, and its .log
 *   DIR/base.json, DIR/head.json             each side's fork rows, concatenated, every row as JMH wrote it
 *   DIR/verdict.json, verdict.md, ratios.png the verdict (dev.perflab.ab.AbReport), for a PR comment, the chart
 * </pre>
 *
 * Rows run round-robin, one pair of forks each per round, so a row's pairs spread over the whole run and the
 * ruler is measured in every round. A row's pair is its two forks run back to back, or at the same time with
 * {@code --duet} ({@link #duet}). The JDK-only ruler runs
 * from head's jar on both sides. A fork that fails leaves its pair out; the run saves what it measured and
 * then fails (exit 1), naming the forks.
 *
 * <p>Every row is judged at the first look ({@code --pairs}); the rows still undecided get pairs up to the next look
 * ({@link Looks}: twice the pairs each time, up to {@code --max-pairs}) and are judged again, every interval at the
 * level that keeps the run's confidence over all its looks. The rulers run in every added pair too, so a drift during
 * the added pairs still marks the run noisy. The added pairs stop when no row is undecided, at the last look, or when
 * the time budget ({@code --budget}, counted from the first fork) cannot hold another pair of the rows still open, as
 * measured on their forks so far; the last look then comes at the pairs the budget holds. Those rows stay undecided,
 * and the verdict says how many pairs each would take.
 *
 * <p>Before each pair, while no fork runs, a {@link CacheProbe} times {@value #PROBE_CHUNKS} chunks of a pointer
 * chase (about half a second): the run's {@link CacheSpread} says whether the machine ran cache-bound work
 * steadily meanwhile, which steal cannot tell.
 */
final class AbRun {
    /** The cache probe before each pair: this many chunks, timed after a stretch that warms it up (the first pair's also sizes a chunk, for the whole run). */
    static final int PROBE_CHUNKS = 10;
    /** How long a chunk of the probe takes on this machine when it is sized, in milliseconds. */
    static final double PROBE_CHUNK_MILLIS = 50;

    /**
     * One side of the comparison: which revision, and the jar its forks run from.
     *
     * @param git     the revision as the history records it ({@link GitState#UNKNOWN} for a prebuilt jar)
     * @param workDir the folder its forks run in (another project's, whose benchmarks may read files relative to it);
     *                null for the lab's own
     */
    record Side(String name, String rev, Path jar, GitState git, Path workDir) {
        /** A side whose forks run in the lab's own working directory. */
        Side(String name, String rev, Path jar, GitState git) {
            this(name, rev, jar, git, null);
        }
    }

    private final String component;
    private final AbPlan plan;
    private final Side base;
    private final Side head;
    private final Looks looks;
    private final double budgetSeconds;
    private final double threshold;
    private final double rulerThreshold;
    private final Map<Integer, Plant> plants;
    private final Path dir;
    private final PrintWriter console;
    private final String length;
    private HistoryTarget history = HistoryTarget.parse("history", HistoryTarget.NONE);
    private boolean duet;

    /**
     * @param looks         when the rows are judged: the pairs every row gets, the looks after it, the run's confidence
     * @param budgetSeconds the time from the first fork within which undecided rows get more pairs; NaN for no limit
     * @param plants        the slowdown planted in head's forks of a row, by the row's index; empty for none
     */
    AbRun(String component, AbPlan plan, Side base, Side head, Looks looks, double budgetSeconds, double threshold, double rulerThreshold,
          Map<Integer, Plant> plants, Path dir, PrintWriter console, String length) {
        this.component = component;
        this.length = length;
        this.plan = plan;
        this.base = base;
        this.head = head;
        this.looks = looks;
        this.budgetSeconds = budgetSeconds;
        this.threshold = threshold;
        this.rulerThreshold = rulerThreshold;
        this.plants = Map.copyOf(plants);
        this.dir = dir;
        this.console = console;
    }

    /** Records both sides' rows in this history after the run (a calibration's runs are not recorded). */
    AbRun recordIn(HistoryTarget target) {
        this.history = target;
        return this;
    }

    /**
     * Runs each pair's two forks at the same time ({@code --duet}, "duet benchmarking"): both meet the same moment of a
     * shared machine, so what the host does to one it does to the other, and a pair takes about half the time. Each
     * fork has the other beside it, though: the ratio is of the code while the other side runs, which a change that
     * only shows on an idle machine (more threads, more memory bandwidth) can hide. Back to back when false.
     */
    AbRun duet(boolean on) {
        this.duet = on;
        return this;
    }

    /** The sides in pair {@code p}'s order: base first in even pairs, head first in odd ones. */
    static List<String> order(int pair) {
        return pair % 2 == 0 ? List.of("base", "head") : List.of("head", "base");
    }

    /** Prints the run's header, its plan (rows, forks, the least time they take) and ab's own narrowing; the header. */
    String printPlan() {
        String header = Machine.header();
        console.printf("perflab ab %s: head %s against base %s · %s%n", component, head.rev(), base.rev(), header);
        int pairs = looks.first();
        int forks = plan.rows().size() * 2 * pairs;
        long rulers = plan.rows().stream().filter(AbPlan.Row::ruler).count();
        console.printf(Locale.ROOT, "plan: %d rows (%d ruler%s) × %d pairs × 2 sides = %d forks, one JMH run each; at least %s of"
                        + " warm-up and measurement%s (each fork's two JVM starts and set-up come on top, and a cache probe of about"
                        + " %s before each pair)%n",
                plan.rows().size(), rulers, rulers == 1 ? "" : "s", pairs, forks,
                Formats.duration(firstLookSeconds(pairs)), duet ? ", a pair's two forks at once" : "",
                Formats.duration((PROBE_CHUNKS + 2) * PROBE_CHUNK_MILLIS / 1000));
        if (!plan.narrowed().isEmpty()) {
            console.println(plan.narrowed());
        }
        if (duet) {
            console.printf("duet: each pair's base and head forks run at the same time, side by side (%d cores between them), so both"
                    + " meet the same moment of the machine; a ratio is of each side running beside the other%n", Machine.cores());
        }
        if (looks.count() > 1) {
            console.printf(Locale.ROOT, "then, for the rows still undecided (the rulers beside them), looks at %s pairs, each interval at %s"
                            + " so that all %d looks keep %s; %s%n",
                    looks.pairs().subList(1, looks.count()).stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")),
                    pct(looks.intervalConfidence()), looks.count(), pct(looks.confidence()), Double.isNaN(budgetSeconds) ? "no time budget"
                            : "within a budget of " + Formats.duration(budgetSeconds) + " from the first fork (--budget)"
                            + (firstLookSeconds(pairs) > budgetSeconds ? "; the first look alone takes longer, so no row gets more pairs" : ""));
        } else {
            console.printf(Locale.ROOT, "one look, at %d pairs, %s intervals; a row left undecided says how many pairs it would take%n",
                    pairs, pct(looks.confidence()));
        }
        console.flush();
        return header;
    }

    /** The least time the first look's forks take, warm-up and measurement: half of it when each pair's two run at once. */
    private double firstLookSeconds(int pairs) {
        return plan.seconds(pairs) / (duet ? 2 : 1);
    }

    /** Runs every fork, writes the outputs, prints the table; the report, or a LabException (exit 1) when forks failed. */
    AbReport run() throws IOException, InterruptedException {
        RunFolder folder = RunFolder.open("--out", dir);
        return folder.whole(() -> runIn(folder));
    }

    /**
     * {@link #run()} in its folder, inside a {@link RunFolder#whole} its caller opened (with the plants' sizing in
     * it), whose files are replaced all together or not at all.
     */
    AbReport runIn(RunFolder folder) throws IOException, InterruptedException {
        OutputFile verdictJson = folder.file("verdict.json");
        OutputFile verdictMd = folder.file("verdict.md");
        String header = printPlan();
        plants.forEach((index, plant) -> console.printf("planted in head's forks of %s: %s%n",
                plan.rows().get(index - 1).label(), plant.describe()));
        console.flush();
        long started = System.nanoTime();
        Forks forks = new Forks(new AbForks(console), plan.rows().size() * 2 * looks.first(), folder);
        List<AbPlan.Row> round = plan.rows();
        int look = looks.first();
        while (true) {
            forks.pairs(round, look);
            List<AbPlan.Row> open = undecided(round, forks);
            java.util.OptionalInt next = looks.after(look);
            if (open.isEmpty() || next.isEmpty()) {
                break;
            }
            round.stream().filter(AbPlan.Row::ruler).forEach(open::add);
            int target = nextLook(open, look, next.getAsInt(), forks, budgetSeconds - (System.nanoTime() - started) / 1e9);
            if (target <= look) {
                break;
            }
            round = open;
            look = target;
            if (target < next.getAsInt()) { // the budget cut this look short: it stands for the scheduled one, and is the last
                forks.pairs(round, look);
                break;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        AbForks runner = forks.runner;
        Map<Integer, List<Optional<ForkResult>>> baseForks = forks.base;
        Map<Integer, List<Optional<ForkResult>>> headForks = forks.head;
        List<AbRow> rows = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        for (AbPlan.Row row : plan.rows()) {
            Optional<AbRow> judged = row(row, baseForks, headForks);
            if (judged.isEmpty()) {
                unjudged.add(row.label());
            } else {
                rows.add(judged.get());
            }
        }
        boolean baseSaved = writeSide(baseForks, folder.path("base.json"));
        boolean headSaved = writeSide(headForks, folder.path("head.json"));
        AbReport report = new AbReport(component, new AbReport.Side(base.rev(), base.jar().toString()),
                new AbReport.Side(head.rev(), head.jar().toString()), header, threshold, rulerThreshold, looks, rows, seconds, runner.steal(),
                CacheSpread.of(forks.probed, forks.probe.kib()), budgetSeconds, duet);
        console.println();
        console.print(report.text());
        // the run's id: a calibration that meets this verdict twice (a folder merged twice, a run copied) counts it once
        verdictJson.write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out,
                report.json().put(AbCalibration.RUN_ID, java.util.UUID.randomUUID().toString())));
        verdictMd.writeString(report.markdown());
        Path png = folder.path("ratios.png");
        Optional<String> warning;
        try {
            warning = AbChart.write(report, png);
        } catch (LinkageError e) { // a runtime without java.desktop (a jlink'ed one) cannot even load the chart's class
            warning = Optional.of("PNG chart not written: " + png + " (this Java runtime cannot load the chart: "
                    + e.getClass().getSimpleName() + " " + e.getMessage() + "; a JDK with the java.desktop module draws it)");
        }
        console.println("saved: " + dir.resolve("verdict.json") + ", " + dir.resolve("verdict.md")
                + (warning.isEmpty() ? ", " + png : "") + "; each side's JMH JSON: " + folder.path("base.json") + ", "
                + folder.path("head.json") + " (every fork's in " + dir.resolve("forks") + ")");
        warning.ifPresent(console::println);
        if (baseSaved) {
            record(base, folder.path("base.json"), header);
        }
        if (headSaved && plants.isEmpty()) {
            record(head, folder.path("head.json"), header);
        } else if (headSaved && history.enabled()) {
            console.println("history: head's rows are not recorded: they carry planted slowdowns");
        }
        console.flush();
        if (!runner.failures().isEmpty()) {
            throw new LabException("forks failed, so " + (unjudged.isEmpty() ? "their pairs were left out" : "rows went unjudged: "
                    + String.join(", ", unjudged)) + " (what ran is saved): " + String.join("; ", runner.failures()),
                    LabException.CHECK_FAILED);
        }
        return report;
    }

    /**
     * A row from the pairs whose two forks both ran; empty with fewer than {@link dev.perflab.ab.PairedRatio#MIN_PAIRS}.
     */
    private Optional<AbRow> row(AbPlan.Row row, Map<Integer, List<Optional<ForkResult>>> baseForks,
                                Map<Integer, List<Optional<ForkResult>>> headForks) {
        List<ForkResult> b = new ArrayList<>();
        List<ForkResult> h = new ArrayList<>();
        List<Optional<ForkResult>> bs = baseForks.get(row.index());
        List<Optional<ForkResult>> hs = headForks.get(row.index());
        for (int p = 0; p < bs.size(); p++) {
            if (bs.get(p).isPresent() && hs.get(p).isPresent()) {
                b.add(bs.get(p).get());
                h.add(hs.get(p).get());
            }
        }
        if (b.size() < dev.perflab.ab.PairedRatio.MIN_PAIRS) {
            return Optional.empty();
        }
        Plant plant = plants.get(row.index());
        return Optional.of(AbRow.of(b, h, row.ruler(), row.ruler() ? rulerThreshold : threshold, looks.intervalConfidence(),
                plant == null ? "" : plant.describe()));
    }

    /**
     * The judged rows of this round that are still undecided at this look: they get pairs up to the next look. A row
     * decided once is not run again, so each row's pairs are consecutive rounds.
     */
    private List<AbPlan.Row> undecided(List<AbPlan.Row> round, Forks forks) {
        List<AbPlan.Row> open = new ArrayList<>();
        for (AbPlan.Row row : round) {
            if (!row.ruler()) {
                row(row, forks.base, forks.head).filter(r -> r.verdict() == AbVerdict.UNDECIDED).ifPresent(r -> open.add(row));
            }
        }
        return open;
    }

    /**
     * The pairs the next look comes at: the scheduled look's, or fewer where the budget left holds fewer pairs of the
     * rows still open (a pair of them as long as their forks took so far, with the probe before it); the pairs so far
     * when it holds none. Says which, in a line.
     */
    private int nextLook(List<AbPlan.Row> open, int look, int scheduled, Forks forks, double left) {
        double pairSeconds = forks.pairSeconds(open);
        int held = Double.isNaN(budgetSeconds) ? Integer.MAX_VALUE : (int) Math.max(0, Math.floor(left / pairSeconds));
        int target = (int) Math.min(scheduled, (long) look + held);
        String openRows = open.stream().filter(r -> !r.ruler()).map(AbPlan.Row::label).collect(java.util.stream.Collectors.joining(", "));
        if (target <= look) {
            console.printf(Locale.ROOT, "budget: %s left of %s holds no pair of the rows still undecided at %d pairs (a pair of them takes"
                    + " about %s): %s%n", Formats.duration(Math.max(0, left)), Formats.duration(budgetSeconds), look,
                    Formats.duration(pairSeconds), openRows);
        } else {
            console.printf(Locale.ROOT, "look at %d pairs: still undecided: %s; pairs %d to %d%s%n", look, openRows, look + 1, target,
                    target < scheduled ? " (the budget left, " + Formats.duration(left) + ", holds " + (target - look) + " of the "
                            + (scheduled - look) + " pairs to the next look, which is the last)" : "");
            forks.planned += open.size() * 2 * (target - look);
        }
        console.flush();
        return target;
    }

    /** The forks of a run so far, row by row, what they took, and the cache probe before each pair. */
    private final class Forks {
        final AbForks runner;
        /** The run's folder, where each fork's file is named. */
        final RunFolder folder;
        final Map<Integer, List<Optional<ForkResult>>> base = new LinkedHashMap<>();
        final Map<Integer, List<Optional<ForkResult>>> head = new LinkedHashMap<>();
        final Map<Integer, Double> seconds = new LinkedHashMap<>();
        final CacheProbe probe = new CacheProbe(CacheProbe.DEFAULT_KIB);
        final List<long[]> probed = new ArrayList<>();
        double probeSeconds;
        int pairs;
        int done;
        int planned;

        Forks(AbForks runner, int planned, RunFolder folder) {
            this.runner = runner;
            this.planned = planned;
            this.folder = folder;
        }

        /** The pairs after those run so far, up to {@code to}, of these rows, each after a cache probe. */
        void pairs(List<AbPlan.Row> round, int to) throws IOException, InterruptedException {
            for (; pairs < to; pairs++) {
                long probeStarted = System.nanoTime();
                probed.add(probe.chunks(PROBE_CHUNKS, PROBE_CHUNK_MILLIS));
                probeSeconds += (System.nanoTime() - probeStarted) / 1e9;
                for (AbPlan.Row row : round) {
                    long started = System.nanoTime();
                    List<String> sides = order(pairs);
                    if (duet) {
                        together(row, sides.get(0), sides.get(1));
                    } else {
                        for (String side : sides) {
                            record(row, side, fork(row, side, false));
                        }
                    }
                    seconds.merge(row.index(), (System.nanoTime() - started) / 1e9, Double::sum);
                }
            }
        }

        /**
         * A duet's pair: both forks at once, the first side's in this thread and the second's beside it. The first
         * takes JMH's machine-wide lock as any run does (so a JMH run of someone else's is still refused, or refuses
         * this one); the second runs without it. When one throws (the lab is stopped), the other is stopped too
         * before this returns.
         */
        private void together(AbPlan.Row row, String first, String second) throws IOException, InterruptedException {
            Prepared other = prepare(row, second);
            java.util.concurrent.FutureTask<Optional<ForkResult>> beside = new java.util.concurrent.FutureTask<>(() -> fork(other, true));
            Prepared own = prepare(row, first);
            Thread thread = new Thread(beside, "ab-duet-" + second);
            thread.setDaemon(true);
            thread.start();
            Optional<ForkResult> mine;
            try {
                mine = fork(own, false);
            } catch (IOException | InterruptedException | RuntimeException e) {
                beside.cancel(true); // interrupts the other fork's wait, which stops its JMH
                thread.join();
                throw e;
            }
            Optional<ForkResult> theirs;
            try {
                theirs = beside.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                if (e.getCause() instanceof InterruptedException stop) {
                    throw stop;
                }
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                beside.cancel(true);
                thread.join();
                throw e;
            }
            record(row, first, mine);
            record(row, second, theirs);
        }

        /** One fork of a pair as it will run: its jar, folder, plant, files and progress label (numbered as it starts). */
        private record Prepared(AbPlan.Row row, Side side, Path jar, Plant plant, Path json, String label) {
        }

        private Prepared prepare(AbPlan.Row row, String side) {
            boolean isHead = side.equals("head");
            Side own = isHead ? AbRun.this.head : AbRun.this.base;
            String name = String.format(Locale.ROOT, "forks/row%02d-%s-pair%d", row.index(), side, pairs + 1);
            Path json = folder.path(name + ".json");
            folder.path(name + ".log"); // the log AbForks writes beside it: named too, so a stopped run puts the previous one back
            return new Prepared(row, own, row.jar() != null ? row.jar() : own.jar(), isHead ? plants.get(row.index()) : null, json,
                    String.format(Locale.ROOT, "ab %d/%d %s", ++done, planned, side));
        }

        private Optional<ForkResult> fork(AbPlan.Row row, String side, boolean besideAnother) throws IOException, InterruptedException {
            return fork(prepare(row, side), besideAnother);
        }

        private Optional<ForkResult> fork(Prepared fork, boolean besideAnother) throws IOException, InterruptedException {
            return runner.run(fork.jar(), fork.side().workDir(), fork.row(), fork.plant() == null ? null : fork.plant().property(),
                    fork.json(), fork.label(), besideAnother);
        }

        private void record(AbPlan.Row row, String side, Optional<ForkResult> fork) {
            (side.equals("head") ? head : base).computeIfAbsent(row.index(), i -> new ArrayList<>()).add(fork);
        }

        /** Seconds one more pair of these rows takes, as their forks took so far, with the probe before it. */
        double pairSeconds(List<AbPlan.Row> rows) {
            return probeSeconds / pairs + rows.stream().mapToDouble(r -> seconds.get(r.index()) / base.get(r.index()).size()).sum();
        }
    }

    private static String pct(double fraction) {
        return new java.math.BigDecimal(fraction * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }

    /** One side's fork files, concatenated into one JMH JSON array (every row as JMH wrote it); false when none ran. */
    private static boolean writeSide(Map<Integer, List<Optional<ForkResult>>> forks, Path json) throws IOException {
        List<Path> files = forks.values().stream().flatMap(List::stream).flatMap(Optional::stream).map(ForkResult::file).toList();
        if (!files.isEmpty()) {
            JmhRun.mergeJsonArrays(files, json);
        }
        return !files.isEmpty();
    }

    /** One side's forks as a run of its revision in the history: source {@code ab}, one row per fork as JMH wrote it. */
    private void record(Side side, Path json, String header) {
        Map<String, String> suiteOf = new LinkedHashMap<>();
        plan.rows().forEach(r -> suiteOf.putIfAbsent(r.row().benchmark(), r.suite()));
        HistoryRecorder.record(history, () -> HistoryRecorder.run("ab", component, length, header,
                ForkRows.combine(new ObjectMapper().readTree(json.toFile())), b -> suiteOf.getOrDefault(b, "?"), json, List.of(), side.git()), console);
    }
}
