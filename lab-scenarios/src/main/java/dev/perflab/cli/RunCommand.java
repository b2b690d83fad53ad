package dev.perflab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioOption;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.LadderReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab run COMPONENT}: the main job. Runs the component's JMH suites through the shaded jar (one
 * forked JVM per benchmark and parameter set, {@code -prof gc} always on), saves JMH's JSON untouched,
 * and prints the ladder: each rung's score ± error, × previous rung, × r0, and bytes allocated per op.
 * A component with an end-to-end {@link Scenario} runs that instead, unless {@code --jmh} asks for its
 * suites. Everything it runs comes from the {@link Component}: suites, smoke rungs and params, scenario.
 */
@Command(name = "run", mixinStandardHelpOptions = true, description = {"Run a component's JMH suites and print its ladder.",
        "Writes DIR/<component>.json (JMH's JSON), <component>.md, <component>-*.png and the JMH logs.",
        "Times on a 2-core machine for orderbook: --smoke ~40 s, --quick ~9 min, default ~50 min (worked out), --full several hours.",
        "sha-pipeline runs generator, executor and collector as three JVMs over TCP (Unix domain sockets from r18 on) for each rung (--jmh: its JMH suites);",
        "  --smoke ~35 s, --quick ~1 min, default ~4 min (4 min 10 s measured with r0–r18, a rebuild included).",
        "kv writes into each store in its own JVM (--store, --records, --threads, --seconds, --keep);",
        "  --smoke ~30 s, --quick ~4 min, default ~15 min."})
final class RunCommand implements Callable<Integer>, Registry.User {
    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "Component to run, e.g. orderbook (see ./lab list).")
    String component;

    @ArgGroup(exclusive = true)
    Length length = new Length();

    static final class Length {
        @Option(names = "--quick", description = "Short iterations, fewer sizes: a first look (~8 min here).")
        boolean quick;

        @Option(names = "--standard", description = "The default length, named (mvn -Pjmh -Dlength=standard passes it).")
        boolean standard;

        @Option(names = "--full", description = "More forks and longer iterations, fit for publishing.")
        boolean full;

        @Option(names = "--smoke", description = {"CI smoke pass: cancel suite, naive and tuned rungs, depth 1 and 1000.",
                "Check it with ./lab gate --results DIR/orderbook.json (ci/gates.yaml)."})
        boolean smoke;

        RunLength value() {
            return smoke ? RunLength.SMOKE : quick ? RunLength.QUICK : full ? RunLength.FULL : RunLength.STANDARD;
        }
    }

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default results/<component>).")
    Path out;

    @Option(names = {"--rung", "--store"}, split = ",", paramLabel = "ID", description = "Only these rungs/peers (ids, r-prefixes, naive, tuned); the exercise rung runs only when named here, e.g. r1,student,r2; --store is the same option, as kv calls them.")
    List<String> rungs;

    @Option(names = "--benchmark", paramLabel = "REGEX", description = "Only benchmark methods matching this regex, e.g. cancelLast.")
    String benchmark;

    @Option(names = "--param", paramLabel = "NAME=V1,V2", description = "Restrict a JMH @Param, e.g. --param depth=1,1000.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--jdk", split = ",", paramLabel = "HOME",
            description = "Run the ladder on each of these JDKs (JMH -jvm) and print each rung's ratio between them; see ./lab jdks.")
    List<Path> jdks;

    @ArgGroup(exclusive = false, heading = "%nscenario options (components with an end-to-end run: sha-pipeline over TCP, kv):%n")
    ScenarioOptions sha = new ScenarioOptions();

    static final class ScenarioOptions {
        @Option(names = "--seconds", paramLabel = "S", description = "Measured seconds per rung (after its warm-up); default by run length: smoke 1.5, quick 2, standard 5, full 15.")
        Double seconds;

        @Option(names = "--json", paramLabel = "FILE", description = "Also write the scenario's own JSON here (rung, counts, CPU, errors); DIR/COMPONENT.json holds JMH-shaped rows either way.")
        Path json;

        @Option(names = "--sample-out", paramLabel = "FILE", description = "Write every rung's collector sample as lines '<payloadHex> <digestHex>'.")
        Path sampleOut;

        @Option(names = "--rate", paramLabel = "TASKS_PER_S", defaultValue = "0", description = "Offered tasks/s; 0 (default) = as fast as the pipeline takes them.")
        long rate;

        @Option(names = "--link", paramLabel = "RATE", description = "Run the generator and the executor in two network namespaces joined by a veth pair limited to RATE (100mbit, 1gbit); needs root and iproute2, skipped with a message otherwise.")
        String link;

        @Option(names = "--size", paramLabel = "BYTES", description = "Size of the data the run generates (brick: the served file, e.g. 1g; default by run length).")
        String size;

        @Option(names = "--records", paramLabel = "N", converter = Counts.class,
                description = "kv: most records per store (10m, 500k, 2000000); default by run length: smoke 3m, quick 2m, standard and full 10m.")
        Long records;

        @Option(names = "--threads", paramLabel = "N", description = "kv: writer threads (default 10, the report's).")
        Integer threads;

        @Option(names = "--keep", description = "kv: keep the stores' files (default: each store's folder is removed after its run).")
        boolean keep;

        @Option(names = "--jmh", description = "Run the component's JMH suites (sha-pipeline: executor alone, SHA-256 ceiling) instead of its end-to-end run; default DIR results/COMPONENT/jmh.")
        boolean jmh;

        /** The scenario options the user gave, for checking against what a scenario takes. */
        Set<ScenarioOption> given() {
            Set<ScenarioOption> set = java.util.EnumSet.noneOf(ScenarioOption.class);
            if (seconds != null) {
                set.add(ScenarioOption.SECONDS);
            }
            if (json != null) {
                set.add(ScenarioOption.JSON);
            }
            if (sampleOut != null) {
                set.add(ScenarioOption.SAMPLE_OUT);
            }
            if (rate != 0) {
                set.add(ScenarioOption.RATE);
            }
            if (link != null) {
                set.add(ScenarioOption.LINK);
            }
            if (size != null) {
                set.add(ScenarioOption.SIZE);
            }
            if (records != null) {
                set.add(ScenarioOption.RECORDS);
            }
            if (threads != null) {
                set.add(ScenarioOption.THREADS);
            }
            if (keep) {
                set.add(ScenarioOption.KEEP);
            }
            return set;
        }
    }

    @Override
    public Integer call() throws Exception {
        Component target = registry.byName(component);
        Ladder<?> ladder = target.ladder();
        RunLength runLength = length.value();
        if (out != null) {
            OutputFile.checkDirectory("--out", out);
        }
        Optional<Scenario> scenario = target.scenario().filter(s -> !sha.jmh);
        if (scenario.isPresent() && (benchmark != null || !params.isEmpty() || jdks != null)) {
            throw new LabException("--benchmark, --param and --jdk apply to JMH suites: add --jmh; to run " + component
                    + " end to end on another JDK use JAVA_HOME=HOME ./lab run " + component);
        }
        Set<ScenarioOption> allowed = scenario.map(Scenario::options).orElse(Set.of());
        for (ScenarioOption option : sha.given()) {
            if (!allowed.contains(option)) {
                String takers = registry.all().stream()
                        .filter(c -> c.scenario().map(s -> s.options().contains(option)).orElse(false))
                        .map(c -> "./lab run " + c.name()).collect(Collectors.joining(", "));
                throw new LabException(option.flag() + " applies to " + (takers.isEmpty() ? "no component's" : takers)
                        + " (an end-to-end run, without --jmh); " + component
                        + (target.scenario().isEmpty() ? " has none" : sha.jmh ? " with --jmh runs JMH" : "'s does not take it"));
            }
        }
        if (scenario.isPresent()) {
            return scenario.get().run(new ScenarioRequest(rungs, runLength, out != null ? out : Path.of("results", component),
                    sha.seconds, sha.rate, sha.json, sha.sampleOut, sha.link, sha.size, spec.commandLine().getOut(),
                    sha.records, sha.threads, sha.keep));
        }
        if (target.suites().isEmpty()) {
            throw new LabException("component '" + component + "' has no benchmark suites yet");
        }
        if (sha.jmh && target.scenario().isEmpty()) {
            throw new LabException("--jmh chooses the JMH suites over an end-to-end run; " + component + " has only JMH suites: drop --jmh");
        }
        Map<String, List<String>> jmhParams = jmhParams(target, runLength);
        Path dir = out != null ? out : target.scenario().isPresent() ? Path.of("results", component, "jmh")
                : Path.of("results", component);
        PrintWriter console = spec.commandLine().getOut();
        List<MissingRows> missing = new ArrayList<>();
        if (jdks == null || jdks.isEmpty()) {
            runOnce(target, dir, List.of(), Machine.header(), runLength, jmhParams, console, missing);
            return failIfMissing(missing);
        }
        Map<String, Path> results = new LinkedHashMap<>();
        for (Jdk jdk : jdks.stream().map(Jdk::at).collect(Collectors.toList())) {
            String label = uniqueLabel(jdk.label(), results.keySet());
            results.put(label, runOnce(target, dir.resolve(label), List.of("-jvm", jdk.java().toString()), Machine.header(jdk),
                    runLength, jmhParams, console, missing));
        }
        String comparison = JdkComparison.text(results);
        Path jdksText = dir.resolve(component + "-jdks.txt");
        OutputFile.check("--out", jdksText).writeString(comparison);
        console.println();
        console.print(comparison);
        console.println("saved: " + jdksText);
        console.flush();
        return failIfMissing(missing);
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

    /** How many missing rows one suite's part of the message names; the rest are counted. */
    static final int MISSING_ROWS_SHOWN = 3;

    /** 0 when every requested row is in the results; else the one line that says which are not (exit 1). */
    private int failIfMissing(List<MissingRows> missing) {
        if (missing.isEmpty()) {
            return 0;
        }
        throw new LabException("rows missing from the results, so the run failed (the rows that ran are saved): "
                + missing.stream().map(MissingRows::describe).collect(Collectors.joining("; ")), LabException.CHECK_FAILED);
    }

    private static String uniqueLabel(String label, java.util.Set<String> taken) {
        String candidate = label;
        for (int i = 2; taken.contains(candidate); i++) {
            candidate = label + "-" + i;
        }
        return candidate;
    }

    /**
     * Runs every suite once (on one JVM), saves the merged JSON in {@code dir}, prints the ladder; returns the
     * JSON. Rows a suite did not write are added to {@code missing}; the rows that ran are saved all the same.
     */
    private Path runOnce(Component target, Path dir, List<String> extraJmhArgs, String header, RunLength runLength,
                         Map<String, List<String>> jmhParams, PrintWriter console, List<MissingRows> missing)
            throws IOException, InterruptedException {
        OutputFile.checkDirectory("--out", dir);
        console.printf("perflab run %s (%s) · %s%n", component, runLength.name().toLowerCase(Locale.ROOT), header);
        Map<JmhSuite, List<JmhProcess.Configuration>> planned = new LinkedHashMap<>();
        java.util.Set<String> knownParams = new java.util.TreeSet<>();
        for (JmhSuite suite : target.suites()) {
            if (suite.runsIn(runLength)) {
                planned.put(suite, JmhProcess.listConfigurations(suite.include(runLength, benchmark),
                        suite.params(jmhParams), knownParams));
            }
        }
        for (String name : params.keySet()) {
            if (!knownParams.contains(name)) {
                throw new LabException("--param " + name + ": no " + component + " benchmark in this run has a parameter '"
                        + name + "'; known: " + String.join(", ", knownParams));
            }
        }
        List<Path> jsons = new ArrayList<>();
        int missingBefore = missing.size();
        for (Map.Entry<JmhSuite, List<JmhProcess.Configuration>> suite : planned.entrySet()) {
            runSuite(suite.getKey(), suite.getValue(), runLength, suite.getKey().params(jmhParams), extraJmhArgs, dir,
                    console, missing)
                    .ifPresent(jsons::add);
        }
        if (jsons.isEmpty() && missing.size() > missingBefore) {
            failIfMissing(missing);
        }
        if (jsons.isEmpty()) {
            throw new LabException("no " + component + " benchmark matches --benchmark " + benchmark
                    + "; methods are listed by: java -jar lab-benchmarks/target/benchmarks.jar -l");
        }
        Path merged = dir.resolve(component + ".json");
        mergeJsonArrays(jsons, merged);
        Machine.writeHeader(merged, header);
        printLadder(merged, dir, header, console);
        return merged;
    }

    /** JMH {@code -p} overrides: the user's {@code --param}s, and {@code rung} as resolved ids (an exercise such as {@code student} included when named). */
    Map<String, List<String>> jmhParams(Component target, RunLength runLength) {
        Ladder<?> ladder = target.ladder();
        Map<String, List<String>> result = new LinkedHashMap<>();
        params.forEach((name, values) -> result.put(name, List.of(values.split(","))));
        List<String> chosen = rungs;
        if (runLength == RunLength.SMOKE) {
            // the smoke pass narrows what the user did not choose; --rung and --param still win and are checked
            chosen = rungs != null ? rungs : target.smokeRungs();
            target.smokeParams().forEach(result::putIfAbsent);
        }
        if (chosen != null) {
            result.put("rung", chosen.stream().map(name -> ladder.resolve(name)).map(Entry::id).distinct()
                    .collect(Collectors.toList()));
        }
        return result;
    }

    /**
     * Runs one suite's JMH; returns its JSON when JMH wrote one. Requested rows the JSON lacks, or the whole
     * suite when JMH failed, are added to {@code missing}.
     */
    private Optional<Path> runSuite(JmhSuite suite, List<JmhProcess.Configuration> planned, RunLength runLength,
                                    Map<String, List<String>> jmhParams, List<String> extraJmhArgs, Path dir,
                                    PrintWriter console, List<MissingRows> missing)
            throws IOException, InterruptedException {
        String include = suite.include(runLength, benchmark);
        int total = planned.size();
        if (total == 0) {
            console.printf("suite %s: %s, skipped%n", suite.name(),
                    jmhParams.containsKey("rung") && jmhParams.get("rung").isEmpty() ? "none of the named rungs is measured here"
                            : "no benchmark matches");
            return Optional.empty();
        }
        Path json = dir.resolve(component + "-" + suite.name() + ".json");
        Path log = dir.resolve(component + "-" + suite.name() + ".log");
        List<String> args = new ArrayList<>(List.of(include));
        args.addAll(suite.optionsFor(runLength).orElseThrow().args());
        args.addAll(List.of("-prof", "gc", "-rf", "json", "-rff", json.toString()));
        args.addAll(extraJmhArgs);
        jmhParams.forEach((name, values) -> args.addAll(List.of("-p", name + "=" + String.join(",", values))));
        console.printf("suite %s: %d benchmarks, JMH %s; log %s%n", suite.name(), total,
                suite.optionsFor(runLength).orElseThrow(), log);
        console.flush();
        Files.deleteIfExists(json);
        int exit = JmhProcess.run(suite.name(), total, args, log, console);
        if (!Files.isRegularFile(json)) {
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
        Set<JmhProcess.Configuration> written = new java.util.HashSet<>();
        for (JsonNode row : new ObjectMapper().readTree(json.toFile())) {
            Map<String, String> rowParams = new LinkedHashMap<>();
            row.path("params").fields().forEachRemaining(p -> rowParams.put(p.getKey(), p.getValue().asText()));
            written.add(new JmhProcess.Configuration(row.path("benchmark").asText(), rowParams));
        }
        return planned.stream().filter(c -> !written.contains(c)).collect(Collectors.toList());
    }

    /** Concatenates JMH's result arrays; every row stays exactly as JMH wrote it. */
    static void mergeJsonArrays(List<Path> inputs, Path output) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode merged = mapper.createArrayNode();
        for (Path input : inputs) {
            JsonNode rows = mapper.readTree(input.toFile());
            rows.forEach(merged::add);
        }
        OutputFile.check("--out", output).write(out -> mapper.writerWithDefaultPrettyPrinter().writeValue(out, merged));
    }

    private void printLadder(Path json, Path dir, String header, PrintWriter console) throws IOException {
        LadderReport report = LadderReport.read(List.of(json));
        console.println();
        console.print(report.text(header));
        Path markdown = dir.resolve(component + ".md");
        OutputFile.check("--out", markdown).writeString(report.markdown(header));
        console.println();
        console.println("saved: " + json + ", " + markdown);
        ChartOutput charts = report.png(dir, component, header);
        console.println("charts: " + charts.files().stream().map(Path::toString).collect(Collectors.joining(", ")));
        charts.warning().ifPresent(w -> console.println("charts: " + w));
        console.flush();
    }
}
