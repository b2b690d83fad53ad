package dev.perflab.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.perflab.base.BenchmarkFilter;
import dev.perflab.base.Jdk;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Headline;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.fleet.PlannedRow;
import dev.perflab.fleet.ShardPlan;
import dev.perflab.fleet.ShardRun;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.report.BenchmarkNames;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.Formats;
import dev.perflab.report.LadderReport;
import dev.perflab.report.Row;
import dev.perflab.report.Speedup;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code ./lab run COMPONENT} over a component's JMH suites: one JMH run per suite through the shaded
 * benchmarks jar (one forked JVM per benchmark and parameter set, {@code -prof gc} always on), JMH's JSON
 * saved untouched and merged into {@code DIR/COMPONENT.json}, and the ladder printed: each rung's score ±
 * error, × the previous rung, × r0, and bytes allocated per op.
 *
 * <pre>
 *   plan: each suite's rows (JMH -lp)  ──▶  estimate from the options  ──▶  per suite: JMH ──▶ SUITE.json
 *                                                                          └─ merge ──▶ COMPONENT.json, .md, charts
 * </pre>
 *
 * Rows a suite was asked for but did not write fail the run (exit 1) after the rows that ran are saved.
 */
public final class JmhRun {
    /** How many missing rows one suite's part of the message names; the rest are counted. */
    public static final int MISSING_ROWS_SHOWN = 3;
    /** What a row costs the shard planner: its seconds of warm-up and measurement ({@link JmhOptions#iterationSeconds()}). */
    private static final String SHARD_COST_UNIT = "s";
    /** How many rows a {@code --benchmark} selection lists before it counts the rest. */
    static final int LISTED_ROWS = 40;

    private final Component component;
    private final RunLength length;
    /** The run's folder: every file of the run is written through it, and its listeners (the history) hear of the rows. */
    private final RunFolder results;
    private final BenchmarkFilter benchmark;
    private final Map<String, String> userParams;
    private final Map<String, List<String>> jmhParams;
    private final List<Path> jdks;
    private final PrintWriter console;
    private final List<MissingRows> missing = new ArrayList<>();
    /** JMH's benchmark list, read when {@code --benchmark} needs it. */
    private BenchmarkCatalog catalog;
    /** The shard this run is, or null for a whole run. */
    private ShardRun shard;
    /** Print the plan and stop before anything is measured. */
    private boolean planOnly;
    /** Whether to write the HTML page beside the JSON ({@code --no-html} turns it off). */
    private boolean page = true;
    /** {@code --forks}: forked JVMs per row instead of the run length's, or null for the length's own. */
    private Integer forks;

    public JmhRun(Component component, RunLength length, RunFolder results, BenchmarkFilter benchmark, Map<String, String> userParams,
           Map<String, List<String>> jmhParams, List<Path> jdks, PrintWriter console) {
        this.component = component;
        this.length = length;
        this.results = results;
        this.benchmark = benchmark;
        this.userParams = userParams;
        this.jmhParams = jmhParams;
        this.jdks = jdks;
        this.console = console;
    }

    /** This run as one shard of a run split across machines ({@code --shard}); null for the whole run. */
    JmhRun shard(ShardRun shardRun) {
        this.shard = shardRun;
        return this;
    }

    /** {@code --plan-only}: print the plan (and the shards) and measure nothing. */
    JmhRun planOnly(boolean only) {
        this.planOnly = only;
        return this;
    }

    /** {@code --forks N}: every row runs in N forked JVMs, whatever its run length or annotations say; null: theirs. */
    JmhRun forks(Integer n) {
        this.forks = n;
        return this;
    }

    /** The options a row of {@code suite} runs with: its length's (or annotations'), with {@code --forks} when given. */
    private JmhOptions options(JmhSuite suite, String benchmark, BenchmarkCatalog catalog) {
        JmhOptions options = suite.options(length, benchmark, catalog);
        return forks == null ? options : options.withForks(forks);
    }

    /**
     * JMH's iteration flags for {@code suite}: the length's, or none for the standard run (the annotations apply);
     * {@code --forks} replaces the length's {@code -f}, or is added after the annotations, which JMH's flags override.
     */
    private List<String> jmhArgs(JmhSuite suite) {
        if (forks == null) {
            return suite.jmhArgs(length);
        }
        return suite.optionsFor(length).map(o -> o.withForks(forks).args()).orElse(List.of("-f", forks.toString()));
    }

    /** Leaves out the HTML page beside the JSON ({@code --no-html}). */
    JmhRun withoutPage() {
        page = false;
        return this;
    }

    /** Runs the suites (on each JDK of {@code --jdk}, else on the current one); 0, or exit 1 when rows are missing. */
    int run() throws IOException, InterruptedException {
        String name = component.name();
        if (jdks == null || jdks.isEmpty() || planOnly) {
            runOnce(results, List.of(), shard != null ? shard.header() : Machine.header());
            return failIfMissing();
        }
        Map<String, Path> byJdk = new LinkedHashMap<>();
        for (Jdk jdk : jdks.stream().map(Jdk::at).map(Jdk::requireRuns).collect(Collectors.toList())) {
            String label = uniqueLabel(jdk.label(), byJdk.keySet());
            byJdk.put(label, runOnce(results.folder(label), List.of("-jvm", jdk.java().toString()), Machine.header(jdk)));
        }
        String comparison = JdkComparison.text(byJdk);
        OutputFile jdksText = results.file(ResultsLayout.jdks(name));
        jdksText.writeString(comparison);
        console.println();
        console.print(comparison);
        console.println("saved: " + jdksText.path());
        console.flush();
        return failIfMissing();
    }

    /**
     * JMH {@code -p} overrides: the user's {@code --param}s, and {@code rung} as resolved ids (an exercise such as
     * {@code student} included when named). A smoke run narrows what the user did not choose to the component's
     * smoke rungs and params; {@code --rung} and {@code --param} still win.
     */
    public static Map<String, List<String>> jmhParams(Component target, RunLength runLength, List<String> rungs, Map<String, String> params) {
        Ladder<?> ladder = target.ladder();
        Map<String, List<String>> result = new LinkedHashMap<>();
        params.forEach((name, values) -> result.put(name, List.of(values.split(","))));
        List<String> chosen = rungs;
        if (runLength == RunLength.SMOKE) {
            chosen = rungs != null ? rungs : target.smokeRungs();
            target.smokeParams().forEach(result::putIfAbsent);
        }
        if (chosen != null) {
            result.put("rung", chosen.stream().map(ladder::resolve).map(Entry::id).distinct().collect(Collectors.toList()));
        }
        return result;
    }

    /**
     * Rows a suite was asked for that its JMH run did not write (a benchmark that threw: JMH prints the
     * stack trace in its log, goes on with the next benchmark and exits 0), or a whole suite whose JMH
     * run failed.
     *
     * @param rows the missing combinations, as people read them; empty when the whole run failed
     * @param why  what happened, when the whole run failed; null otherwise
     */
    record MissingRows(String suite, List<JmhProcess.Configuration> rows, String why, Path log) {
        String describe() {
            String what = why != null ? "suite " + suite + " " + why
                    : rows.stream().limit(MISSING_ROWS_SHOWN).map(Object::toString).collect(Collectors.joining(", "))
                    + (rows.size() > MISSING_ROWS_SHOWN ? " and " + (rows.size() - MISSING_ROWS_SHOWN) + " more" : "");
            return what + " (JMH log " + log + ")";
        }
    }

    /** 0 when every requested row is in the results; else the one line that says which are not (exit 1). */
    private int failIfMissing() {
        if (missing.isEmpty()) {
            return 0;
        }
        throw new LabException("rows missing from the results, so the run failed (the rows that ran are saved): "
                + missing.stream().map(MissingRows::describe).collect(Collectors.joining("; ")), LabException.CHECK_FAILED);
    }

    private static String uniqueLabel(String label, Set<String> taken) {
        String candidate = label;
        for (int i = 2; taken.contains(candidate); i++) {
            candidate = label + "-" + i;
        }
        return candidate;
    }

    /**
     * Runs every suite once (on one JVM), saves the merged JSON in {@code dir}, prints the ladder; returns the
     * JSON. Rows a suite did not write are added to {@link #missing}; the rows that ran are saved all the same.
     */
    private Path runOnce(RunFolder folder, List<String> extraJmhArgs, String header) throws IOException, InterruptedException {
        if (planOnly) {
            folder.check(); // a plan writes nothing, so it makes no folder
        } else {
            folder.open();
        }
        String name = component.name();
        console.printf("perflab run %s (%s) · %s%n", name, length.id(), header);
        Map<JmhSuite, List<JmhProcess.Configuration>> planned = plan();
        BenchmarkCatalog catalog = length == RunLength.STANDARD ? catalog() : null;
        Map<JmhSuite, List<JmhProcess.Configuration>> mine = planned;
        ShardPlan shardPlan = null;
        if (shard != null) {
            ShardCosts costs = shardCosts(planned, catalog);
            shardPlan = shard.plan(costs.rows(), costs.unit());
            shard.print(shardPlan, costs.describe(shardPlan), console);
            mine = shareOf(planned, shardPlan.rows(shard.shard().index()));
        }
        printSelected(mine);
        printEstimate(mine, catalog);
        if (planOnly) {
            return null;
        }
        if (shardPlan != null && mine.values().stream().allMatch(List::isEmpty)) {
            console.printf("shard %s has no rows of this run: nothing to measure%n", shard.shard());
            shard.save(name, length.id(), shardPlan, folder, header, null, console);
            return null;
        }
        long started = System.nanoTime();
        List<Path> jsons = new ArrayList<>();
        int missingBefore = missing.size();
        for (Map.Entry<JmhSuite, List<JmhProcess.Configuration>> suite : mine.entrySet()) {
            JmhSuite s = suite.getKey();
            Map<String, List<String>> suiteParams = s.params(length, jmhParams);
            if (shard != null && suite.getValue().isEmpty() && !planned.get(s).isEmpty()) {
                console.printf("suite %s: none of its rows is in shard %s%n", s.name(), shard.shard());
                continue;
            }
            List<Invocation> parts = Invocation.of(include(s), suiteParams, planned.get(s), suite.getValue());
            for (int i = 0; i < parts.size(); i++) {
                runSuite(s, parts.get(i), parts.size() == 1 ? "" : "-" + (i + 1), suiteParams, extraJmhArgs, folder).ifPresent(jsons::add);
            }
        }
        if (jsons.isEmpty() && missing.size() > missingBefore) {
            failIfMissing();
        }
        if (jsons.isEmpty()) {
            throw new LabException("nothing to measure: " + (benchmark.all() ? "" : benchmark + " with ")
                    + "the rungs and params chosen leaves no row of " + name + " in this run (" + length.id() + ")");
        }
        Path merged = folder.saveRows(ResultsLayout.rows(name), merged(jsons, shardPlan != null ? shardPlan.rows() : null),
                header, length.id());
        console.printf("%nran %d suites in %s%n", jsons.size(), Formats.duration((System.nanoTime() - started) / 1e9));
        printLadder(merged, folder, header);
        if (shard != null) {
            shard.save(name, length.id(), shardPlan, folder, header, merged.getFileName().toString(), console);
        }
        return merged;
    }

    /** Every row of the run, suite by suite, as JMH lists them; a {@code --param} no benchmark has is refused. */
    private Map<JmhSuite, List<JmhProcess.Configuration>> plan() throws IOException, InterruptedException {
        Map<JmhSuite, List<JmhProcess.Configuration>> planned = new LinkedHashMap<>();
        Set<String> knownParams = new TreeSet<>();
        List<JmhSuite> running = component.suites().stream().filter(s -> s.runsIn(length)).toList();
        if (!benchmark.all() && running.stream().allMatch(s -> benchmark.select(s.methods(catalog().benchmarks())).isEmpty())) {
            throw new LabException("no " + component.name() + " benchmark matches " + benchmark + " in this run (" + length.id()
                    + "); it is found anywhere in Class.method, and the methods are: " + String.join(", ", methodsOf(running)));
        }
        for (JmhSuite suite : component.suites()) {
            if (suite.runsIn(length)) {
                planned.put(suite, JmhProcess.listConfigurations(include(suite), suite.params(length, jmhParams), knownParams));
            }
        }
        for (String param : userParams.keySet()) {
            if (!knownParams.contains(param)) {
                throw new LabException("--param " + param + ": no " + component.name() + " benchmark in this run has a parameter '"
                        + param + "'; known: " + String.join(", ", knownParams));
            }
        }
        return planned;
    }

    /** A suite's JMH include in this run: the length's methods, or those {@code --benchmark} selects. */
    private String include(JmhSuite suite) {
        return suite.include(length, benchmark, benchmark.all() ? List.of() : catalog().benchmarks());
    }

    private BenchmarkCatalog catalog() {
        if (catalog == null) {
            catalog = BenchmarkCatalog.load();
        }
        return catalog;
    }

    /** {@code OrderBookCancelBenchmark.cancelFirst}, …: every method of these suites, as {@code --benchmark} reads them. */
    private List<String> methodsOf(List<JmhSuite> suites) {
        return suites.stream().flatMap(s -> s.methods(catalog().benchmarks()).stream()).map(BenchmarkNames::shortName).toList();
    }

    /**
     * With {@code --benchmark}, the rows it selected, one line each (at most {@link #LISTED_ROWS}), so a regex that
     * selects more or less than meant shows before anything runs.
     */
    private void printSelected(Map<JmhSuite, List<JmhProcess.Configuration>> planned) {
        if (benchmark.all()) {
            return;
        }
        List<JmhProcess.Configuration> rows = planned.values().stream().flatMap(List::stream).toList();
        console.printf("%s selects %d rows:%n", benchmark, rows.size());
        rows.stream().limit(LISTED_ROWS).forEach(r -> console.println("  " + r));
        if (rows.size() > LISTED_ROWS) {
            console.printf("  … and %d more%n", rows.size() - LISTED_ROWS);
        }
    }

    /**
     * Every row this run would make, in run order, each with its expected warm-up and measurement seconds: what
     * {@code --shard} splits. JMH lists them; nothing is measured.
     */
    public List<PlannedRow> plannedRows() throws IOException, InterruptedException {
        return plannedRows(plan(), length == RunLength.STANDARD ? BenchmarkCatalog.load() : null);
    }

    /** The planned rows for the shard planner, in run order, each with its expected warm-up and measurement seconds. */
    List<PlannedRow> plannedRows(Map<JmhSuite, List<JmhProcess.Configuration>> planned, BenchmarkCatalog catalog) {
        return shardCosts(planned, catalog).rows();
    }

    /** What a single-shot run's shards are weighed by: its calls, since their length is unknown before they run. */
    static final String SHOTS_COST_UNIT = "single-shot calls";

    /**
     * The planned rows, in run order, each with what the shard planner weighs it by, and the words for it. A timed
     * row costs its warm-up and measurement seconds. A single-shot row has no such time (JMH ignores the iteration
     * time there: each iteration is one call, as long as its work), so a run of single-shot rows alone is weighed
     * by its calls; in a run with both, a single-shot row keeps its annotations' seconds, and the line says that
     * those rows' share is not a time.
     */
    record ShardCosts(List<PlannedRow> rows, String unit, long singleShotRows) {
        String describe(ShardPlan plan) {
            if (unit.equals(SHOTS_COST_UNIT)) {
                return String.format(Locale.ROOT, "%d rows, %s in all, split %d ways by their count (a single shot is as long"
                        + " as its work, unknown before it runs)", rows.size(), plan.amount(plan.totalCost()), plan.count());
            }
            String line = String.format(Locale.ROOT, "%d rows, %s of warm-up and measurement in all (each row's JMH options),"
                    + " split %d ways by that expected time", rows.size(), plan.amount(plan.totalCost()), plan.count());
            return singleShotRows == 0 ? line : line + String.format(Locale.ROOT, "; %d single-shot rows counted by their"
                    + " annotations' iteration times, which their calls do not keep", singleShotRows);
        }
    }

    ShardCosts shardCosts(Map<JmhSuite, List<JmhProcess.Configuration>> planned, BenchmarkCatalog catalog) {
        BenchmarkCatalog modes = catalog != null || planned.values().stream().allMatch(List::isEmpty) ? catalog : catalog();
        List<PlannedRow> timed = new ArrayList<>();
        List<PlannedRow> shots = new ArrayList<>();
        long singleShotRows = 0;
        for (Map.Entry<JmhSuite, List<JmhProcess.Configuration>> suite : planned.entrySet()) {
            for (JmhProcess.Configuration c : suite.getValue()) {
                JmhOptions options = options(suite.getKey(), c.benchmark(), catalog);
                boolean singleShot = modes != null && modes.singleShot(c.benchmark());
                singleShotRows += singleShot ? 1 : 0;
                timed.add(new PlannedRow(c.benchmark(), c.params(), options.iterationSeconds()));
                shots.add(new PlannedRow(c.benchmark(), c.params(), calls(options)));
            }
        }
        return singleShotRows > 0 && singleShotRows == timed.size()
                ? new ShardCosts(shots, SHOTS_COST_UNIT, singleShotRows) : new ShardCosts(timed, SHARD_COST_UNIT, singleShotRows);
    }

    /** A single-shot row's calls: one per warm-up and measurement iteration, in every fork. */
    private static long calls(JmhOptions options) {
        return (long) Math.max(options.forks(), 1) * (options.warmupIterations() + options.iterations());
    }

    /** Where a row JMH wrote stands in the run's plan; rows the plan lacks go last. */
    private static int planIndex(JsonNode row, List<PlannedRow> order) {
        Map<String, String> params = new LinkedHashMap<>();
        row.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), p.getValue().asText()));
        String benchmark = row.path("benchmark").asText();
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).matches(benchmark, params)) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** The planned rows, suite by suite, narrowed to {@code share} (a shard's rows). */
    static Map<JmhSuite, List<JmhProcess.Configuration>> shareOf(Map<JmhSuite, List<JmhProcess.Configuration>> planned,
                                                                 List<PlannedRow> share) {
        Map<JmhSuite, List<JmhProcess.Configuration>> mine = new LinkedHashMap<>();
        planned.forEach((suite, configurations) -> mine.put(suite, configurations.stream()
                .filter(c -> share.stream().anyMatch(r -> r.matches(c.benchmark(), c.params()))).collect(Collectors.toList())));
        return mine;
    }

    /**
     * The run's time before it starts, added up from every planned row's options: the standard run's are the
     * benchmark classes' annotations, read from JMH's benchmark list. What the options cannot know (starting
     * each fork's JVM, setting up its state, an invocation that outlasts its iteration) comes on top.
     */
    private void printEstimate(Map<JmhSuite, List<JmhProcess.Configuration>> planned, BenchmarkCatalog catalog) {
        BenchmarkCatalog modes = catalog != null || planned.values().stream().allMatch(List::isEmpty) ? catalog : catalog();
        double seconds = 0;
        long shots = 0;
        int rows = 0;
        int forks = 0;
        for (Map.Entry<JmhSuite, List<JmhProcess.Configuration>> suite : planned.entrySet()) {
            for (JmhProcess.Configuration row : suite.getValue()) {
                JmhOptions options = options(suite.getKey(), row.benchmark(), catalog);
                if (modes != null && modes.singleShot(row.benchmark())) {
                    // one call per iteration, as long as its work: the iteration time does not apply
                    shots += calls(options);
                } else {
                    seconds += options.iterationSeconds();
                }
                forks += Math.max(options.forks(), 1);
                rows++;
            }
        }
        String time = seconds > 0 || shots == 0 ? "at least " + Formats.duration(seconds) + " of warm-up and measurement" : "";
        String calls = shots == 0 ? "" : String.format(Locale.ROOT, "%s%,d single-shot calls, each as long as its work", time.isEmpty() ? "" : ", and ",
                shots);
        console.printf("plan: %d rows in %d suites, %d forked JVMs; %s%s (each fork's start and set-up come on top)%n",
                rows, planned.values().stream().filter(l -> !l.isEmpty()).count(), forks, time, calls);
        console.flush();
    }

    /**
     * Runs one suite's JMH; returns its JSON when JMH wrote one. JMH writes to a temporary name that is renamed
     * only when it ends, so an interrupted run never leaves an empty file over the previous run's. Requested rows
     * the JSON lacks, or the whole suite when JMH failed, are added to {@link #missing}.
     */
    private Optional<Path> runSuite(JmhSuite suite, Invocation invocation, String part, Map<String, List<String>> suiteParams,
                                    List<String> extraJmhArgs, RunFolder folder) throws IOException, InterruptedException {
        String include = invocation.include();
        List<JmhProcess.Configuration> planned = invocation.rows();
        int total = planned.size();
        if (total == 0) {
            console.printf("suite %s: %s, skipped%n", suite.name(),
                    suiteParams.containsKey("rung") && suiteParams.get("rung").isEmpty() ? "none of the named rungs is measured here"
                            : "no benchmark matches");
            return Optional.empty();
        }
        String name = component.name();
        Path json = folder.path(ResultsLayout.suiteRows(name, suite.name(), part));
        Path partial = folder.path(ResultsLayout.suitePartial(name, suite.name(), part));
        Path log = folder.path(ResultsLayout.suiteLog(name, suite.name(), part));
        List<String> args = new ArrayList<>(List.of(include));
        args.addAll(jmhArgs(suite));
        args.addAll(List.of("-prof", "gc", "-rf", "json", "-rff", partial.toString()));
        args.addAll(extraJmhArgs);
        invocation.params().forEach((param, values) -> args.addAll(List.of("-p", param + "=" + String.join(",", values))));
        console.printf("suite %s: %d benchmarks, JMH %s; log %s%n", suite.name() + part, total,
                suite.optionsFor(length).map(o -> (forks == null ? o : o.withForks(forks)).toString())
                        .orElse("options of the benchmark class's annotations" + (forks == null ? "" : ", -f " + forks)), log);
        console.flush();
        Files.deleteIfExists(partial);
        int exit;
        boolean written = false;
        Leftovers.checkNotStopping();
        // Ctrl-C while JMH runs: the partial file is removed; the run's folder (RunFolder.whole) puts the previous
        // run's files back and says so in one line
        Leftovers.register(partial);
        try {
            exit = JmhProcess.run(suite.name(), total, args, log, console);
        } finally {
            if (Files.isRegularFile(partial) && Files.size(partial) > 0 && !Leftovers.stopping()) {
                folder.promote(partial.getFileName().toString(), json.getFileName().toString());
                written = true;
            } else {
                Files.deleteIfExists(partial);
            }
            Leftovers.release(partial);
        }
        if (!written) {
            missing.add(new MissingRows(suite.name(), planned, "failed (JMH exit " + exit + ", no results written)", log));
            return Optional.empty();
        }
        List<JmhProcess.Configuration> absent = absentRows(planned, json);
        if (!absent.isEmpty()) {
            missing.add(new MissingRows(suite.name(), absent, null, log));
        } else if (exit != 0) {
            missing.add(new MissingRows(suite.name(), List.of(), "failed (JMH exit " + exit + ")", log));
        }
        return Optional.of(json);
    }

    /** The planned combinations that have no row (same benchmark, same params) in JMH's JSON. */
    static List<JmhProcess.Configuration> absentRows(List<JmhProcess.Configuration> planned, Path json) throws IOException {
        Set<JmhProcess.Configuration> written = new HashSet<>();
        for (JsonNode row : new ObjectMapper().readTree(json.toFile())) {
            Map<String, String> rowParams = new LinkedHashMap<>();
            row.path("params").fields().forEachRemaining(p -> rowParams.put(p.getKey(), p.getValue().asText()));
            written.add(new JmhProcess.Configuration(row.path("benchmark").asText(), rowParams));
        }
        return planned.stream().filter(c -> !written.contains(c)).collect(Collectors.toList());
    }

    /** Concatenates JMH's result arrays into {@code output}; every row stays exactly as JMH wrote it. */
    public static void mergeJsonArrays(List<Path> inputs, Path output) throws IOException {
        mergeJsonArrays(inputs, output, null);
    }

    /** The same, written to {@code output}, the rows in {@code order} when given (see {@link #merged}). */
    static void mergeJsonArrays(List<Path> inputs, Path output, List<PlannedRow> order) throws IOException {
        ArrayNode merged = merged(inputs, order);
        OutputFile.check("--out", output).write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, merged));
    }

    /**
     * JMH's result arrays, concatenated, the rows put in {@code order} (the whole run's planned rows) when given: a
     * shard runs its rows in several JMH invocations, and a ladder table orders rungs by where they first appear, as
     * the whole run writes them.
     */
    static ArrayNode merged(List<Path> inputs, List<PlannedRow> order) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> all = new ArrayList<>();
        for (Path input : inputs) {
            mapper.readTree(input.toFile()).forEach(all::add);
        }
        if (order != null) {
            all.sort(java.util.Comparator.comparingInt(row -> planIndex(row, order)));
        }
        ArrayNode merged = mapper.createArrayNode();
        all.forEach(merged::add);
        return merged;
    }

    /**
     * The component's headline speedups, one line each, with the range they take within both rows' errors:
     * {@code tuned over naive, replay of 250k commands: ×712 (×650–×780 within the errors)}. A headline whose
     * rows this run did not measure (a {@code --rung} or {@code --benchmark} that left them out) is not printed.
     */
    private String headlines(LadderReport report) {
        StringBuilder out = new StringBuilder();
        for (Headline h : component.headlines()) {
            Optional<Row> top = single(report, h.benchmark(), h.params());
            Optional<Row> base = single(report, h.baseBenchmark(), h.baseParams());
            if (top.isEmpty() || base.isEmpty()) {
                continue;
            }
            OptionalDouble speedup = LadderReport.speedup(base.get(), top.get());
            double[] range = Speedup.interval(base.get(), top.get());
            out.append(String.format(Locale.ROOT, "%s%s over %s, %s: %s (%s–%s within both rows' errors)%n",
                    out.length() == 0 ? "\n" : "", top.get().rung(), base.get().rung(), h.what(), Formats.speedup(speedup),
                    Formats.speedup(OptionalDouble.of(range[0])), Double.isInfinite(range[1]) ? "×∞" : Formats.speedup(OptionalDouble.of(range[1]))));
        }
        return out.toString();
    }

    /** The one row of {@code benchmark} with these params, rung names ({@code tuned}) resolved on the component's ladder. */
    private Optional<Row> single(LadderReport report, String benchmark, Map<String, String> params) {
        Map<String, String> resolved = new LinkedHashMap<>(params);
        resolved.computeIfPresent("rung", (k, name) -> component.ladder().resolve(name).id());
        List<Row> rows = report.find(benchmark, resolved);
        return rows.size() == 1 ? Optional.of(rows.get(0)) : Optional.empty();
    }

    private void printLadder(Path json, RunFolder folder, String header) throws IOException {
        String name = component.name();
        LadderReport report = LadderReport.read(List.of(json));
        String headlines = headlines(report);
        console.println();
        console.print(report.text(header));
        console.print(headlines);
        OutputFile markdownFile = folder.file(ResultsLayout.markdown(name));
        Path markdown = markdownFile.path();
        markdownFile.writeString(report.markdown(header)
                + (headlines.isEmpty() ? "" : "\n" + headlines.strip().replace("\n", "  \n") + "\n"));
        console.println();
        console.println("saved: " + json + ", " + markdown);
        ChartOutput charts = report.png(folder::path, name, header);
        console.println("charts: " + charts.files().stream().map(Path::toString).collect(Collectors.joining(", ")));
        charts.warning().ifPresent(w -> console.println("charts: " + w));
        if (page) {
            RunPage.write(folder, json, name, length, console, headlines.lines().filter(l -> !l.isBlank()).toList());
        }
        console.flush();
    }
}
