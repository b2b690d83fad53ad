package dev.perflab.cli.ab;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.ab.AbChart;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.AbRow;
import dev.perflab.ab.CacheSpread;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.ForkRows;
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
 * ruler is measured in every round. A row's pair is its two forks run back to back. The JDK-only ruler runs
 * from head's jar on both sides. A fork that fails leaves its pair out; the run saves what it measured and
 * then fails (exit 1), naming the forks.
 *
 * <p>With {@code --max-pairs} above {@code --pairs}, the run goes on after the pairs every row gets, one pair at a
 * time, for the rows whose interval is still wider than the threshold on either side of the ratio
 * ({@link dev.perflab.ab.PairedRatio#widerThan}). On a quiet machine few rows are; in a noisy stretch a run spends
 * more pairs exactly where its interval is too wide to tell a 10% loss from none, instead of calling that "no
 * change". The rule reads the interval's width, not its verdict, so that looking again does not add false positives.
 * The rulers run in every added pair too, so a drift during the added pairs still marks the run noisy.
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
     * @param git the revision as the history records it ({@link GitState#UNKNOWN} for a prebuilt jar)
     */
    record Side(String name, String rev, Path jar, GitState git) {
    }

    private final String component;
    private final AbPlan plan;
    private final Side base;
    private final Side head;
    private final int pairs;
    private final int maxPairs;
    private final double threshold;
    private final double rulerThreshold;
    private final double confidence;
    private final Map<Integer, Plant> plants;
    private final Path dir;
    private final PrintWriter console;
    private final String length;
    private HistoryTarget history = HistoryTarget.parse("history", HistoryTarget.NONE);

    /**
     * @param pairs    pairs of forks every row gets
     * @param maxPairs pairs a row whose interval is too wide may get ({@link dev.perflab.ab.PairedRatio#widerThan}); {@code pairs} for none more
     * @param plants   the slowdown planted in head's forks of a row, by the row's index; empty for none
     */
    AbRun(String component, AbPlan plan, Side base, Side head, int pairs, int maxPairs, double threshold, double rulerThreshold,
          double confidence, Map<Integer, Plant> plants, Path dir, PrintWriter console, String length) {
        this.component = component;
        this.length = length;
        this.plan = plan;
        this.base = base;
        this.head = head;
        this.pairs = pairs;
        this.maxPairs = Math.max(pairs, maxPairs);
        this.threshold = threshold;
        this.rulerThreshold = rulerThreshold;
        this.confidence = confidence;
        this.plants = Map.copyOf(plants);
        this.dir = dir;
        this.console = console;
    }

    /** Records both sides' rows in this history after the run (a calibration's runs are not recorded). */
    AbRun recordIn(HistoryTarget target) {
        this.history = target;
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
        int forks = plan.rows().size() * 2 * pairs;
        long rulers = plan.rows().stream().filter(AbPlan.Row::ruler).count();
        console.printf(Locale.ROOT, "plan: %d rows (%d ruler%s) × %d pairs × 2 sides = %d forks, one JMH run each; at least %s of"
                        + " warm-up and measurement (each fork's two JVM starts and set-up come on top, and a cache probe of about"
                        + " %s before each pair)%n",
                plan.rows().size(), rulers, rulers == 1 ? "" : "s", pairs, forks,
                Formats.duration(plan.seconds(pairs)), Formats.duration((PROBE_CHUNKS + 2) * PROBE_CHUNK_MILLIS / 1000));
        if (!plan.narrowed().isEmpty()) {
            console.println(plan.narrowed());
        }
        if (maxPairs > pairs) {
            console.printf(Locale.ROOT, "then up to %d pairs for a row whose interval is still wider than the threshold on either side"
                            + " of its ratio, the rulers beside it: at most %s more%n",
                    maxPairs, Formats.duration(plan.seconds(maxPairs) - plan.seconds(pairs)));
        }
        console.flush();
        return header;
    }

    /** Runs every fork, writes the outputs, prints the table; the report, or a LabException (exit 1) when forks failed. */
    AbReport run() throws IOException, InterruptedException {
        OutputFile.checkDirectory("--out", dir);
        OutputFile verdictJson = OutputFile.check("--out", dir.resolve("verdict.json"));
        OutputFile verdictMd = OutputFile.check("--out", dir.resolve("verdict.md"));
        String header = printPlan();
        plants.forEach((index, plant) -> console.printf("planted in head's forks of %s: %s%n",
                plan.rows().get(index - 1).label(), plant.describe()));
        console.flush();
        long started = System.nanoTime();
        int forks = plan.rows().size() * 2 * pairs;
        AbForks runner = new AbForks(console);
        Map<Integer, List<Optional<ForkResult>>> baseForks = new LinkedHashMap<>();
        Map<Integer, List<Optional<ForkResult>>> headForks = new LinkedHashMap<>();
        int done = 0;
        CacheProbe probe = new CacheProbe(CacheProbe.DEFAULT_KIB);
        List<long[]> probed = new ArrayList<>();
        List<AbPlan.Row> round = plan.rows();
        for (int p = 0; p < maxPairs && !round.isEmpty(); p++) {
            if (p >= pairs) {
                round = tooWide(round, baseForks, headForks);
                if (round.isEmpty()) {
                    break;
                }
                forks += round.size() * 2;
                console.printf(Locale.ROOT, "pair %d of up to %d: %s%n", p + 1, maxPairs, round.stream().filter(r -> !r.ruler())
                        .map(AbPlan.Row::label).collect(java.util.stream.Collectors.joining(", ", "", ": interval still wider than ±"
                                + AbRow.percent(threshold))));
                console.flush();
            }
            probed.add(probe.chunks(PROBE_CHUNKS, PROBE_CHUNK_MILLIS));
            for (AbPlan.Row row : round) {
                for (String side : order(p)) {
                    boolean isHead = side.equals("head");
                    Side s = isHead ? head : base;
                    Path jar = row.headJar() ? head.jar() : s.jar();
                    Plant plant = isHead ? plants.get(row.index()) : null;
                    Path json = dir.resolve("forks").resolve(String.format(Locale.ROOT, "row%02d-%s-pair%d.json", row.index(), side, p + 1));
                    String label = String.format(Locale.ROOT, "ab %d/%d %s", ++done, forks, side);
                    Optional<ForkResult> fork = runner.run(jar, row, plant == null ? null : plant.property(), json, label);
                    (isHead ? headForks : baseForks).computeIfAbsent(row.index(), i -> new ArrayList<>()).add(fork);
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
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
        boolean baseSaved = writeSide(baseForks, dir.resolve("base.json"));
        boolean headSaved = writeSide(headForks, dir.resolve("head.json"));
        AbReport report = new AbReport(component, new AbReport.Side(base.rev(), base.jar().toString()),
                new AbReport.Side(head.rev(), head.jar().toString()), header, threshold, rulerThreshold, confidence, pairs, rows, seconds, runner.steal(),
                CacheSpread.of(probed, probe.kib()));
        console.println();
        console.print(report.text());
        // the run's id: a calibration that meets this verdict twice (a folder merged twice, a run copied) counts it once
        verdictJson.write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out,
                report.json().put(AbCalibration.RUN_ID, java.util.UUID.randomUUID().toString())));
        verdictMd.writeString(report.markdown());
        Path png = dir.resolve("ratios.png");
        Optional<String> warning;
        try {
            warning = AbChart.write(report, png);
        } catch (LinkageError e) { // a runtime without java.desktop (a jlink'ed one) cannot even load the chart's class
            warning = Optional.of("PNG chart not written: " + png + " (this Java runtime cannot load the chart: "
                    + e.getClass().getSimpleName() + " " + e.getMessage() + "; a JDK with the java.desktop module draws it)");
        }
        console.println("saved: " + dir.resolve("verdict.json") + ", " + dir.resolve("verdict.md")
                + (warning.isEmpty() ? ", " + png : "") + "; each side's JMH JSON: " + dir.resolve("base.json") + ", "
                + dir.resolve("head.json") + " (every fork's in " + dir.resolve("forks") + ")");
        warning.ifPresent(console::println);
        if (baseSaved) {
            record(base, dir.resolve("base.json"), header);
        }
        if (headSaved && plants.isEmpty()) {
            record(head, dir.resolve("head.json"), header);
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
        return Optional.of(AbRow.of(b, h, row.ruler(), row.ruler() ? rulerThreshold : threshold, confidence,
                plant == null ? "" : plant.describe()));
    }

    /**
     * The next pair's rows: of this pair's judged rows, those whose interval is still wider than the threshold
     * ({@link dev.perflab.ab.PairedRatio#widerThan}), and every ruler beside them, so the rulers keep watching the
     * machine while those rows run; none when every judged row's interval is narrow enough. A row left out once is
     * not run again, so each row's pairs are consecutive rounds.
     */
    private List<AbPlan.Row> tooWide(List<AbPlan.Row> round, Map<Integer, List<Optional<ForkResult>>> baseForks,
                                       Map<Integer, List<Optional<ForkResult>>> headForks) {
        List<AbPlan.Row> open = new ArrayList<>();
        for (AbPlan.Row row : round) {
            if (!row.ruler()) {
                row(row, baseForks, headForks).filter(r -> r.ratio().widerThan(threshold)).ifPresent(r -> open.add(row));
            }
        }
        if (!open.isEmpty()) {
            round.stream().filter(AbPlan.Row::ruler).forEach(open::add);
        }
        return open;
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
