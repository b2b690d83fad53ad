package dev.perflab.cli.profile;

import dev.perflab.base.BenchmarkFilter;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.cli.component.BenchmarkOption;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.OutOption;
import dev.perflab.cli.component.ParamOption;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.RungOption;
import dev.perflab.cli.component.Scenario;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.report.BenchmarkNames;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.Role;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab profile COMPONENT}: flame graphs of rungs under JMH with async-profiler ({@code -prof async}), or,
 * with {@code --role ROLE}, of one role's JVMs in the component's end-to-end run ({@link ScenarioProfile}).
 *
 * <p>One JMH invocation per rung, each with one fork and its own {@code dir=}: JMH 1.37 names a profile
 * after the benchmark and its parameters only, so a second fork of the same benchmark would overwrite the
 * first one's files. The agent comes from the async-profiler Maven artifact ({@link AsyncProfilerLibrary}).
 * Each rung is recorded as JFR only, and its flame graphs are converted from that recording
 * ({@link JfrConverter}): the recording is where async-profiler says which engine sampled
 * ({@link SamplingEngine}), JMH 1.37 asked for a flame graph and JFR together writes the graph empty, and
 * {@code --diff} reuses the same recordings ({@link DifferentialFlameGraph}). What it profiles by default
 * (benchmark, params, JMH options) is the component's {@link ProfileDefaults}.
 */
@Command(name = "profile", mixinStandardHelpOptions = true, description = {
        "Flame graphs of rungs under JMH with async-profiler (its agent from the Maven artifact); about 10 s per rung.",
        "Per rung, in DIR/<rung>/<benchmark-params>/: flame-<event>-forward.html and flame-<event>-reverse.html,",
        "converted from the jfr-<event>.jfr beside them; and DIR/<rung>/jmh.log.",
        "With --role ROLE: one end-to-end run of the component's scenario, the agent in that role's JVMs only;",
        "per rung and process, DIR/<rung>/<process>/: the same graphs, flame-<event>-threads.html (one tower per",
        "thread) and the jfr-<event>.jfr; DIR/run/ holds the run's rows and DIR/run.log its output. Options for",
        "the run itself go after --, e.g. ./lab profile forwarder --role forwarder --rung r2 -- --rate 100000.",
        "DIR/engine.txt names the engine that sampled; --diff A B adds DIR/diff-A-to-B-more-in-B.html and -more-in-A.html.",
        "With --jar JAR instead of a component: another project's JMH jar, the rows --benchmark and --param choose",
        "(one fork each, 3 × 1 s warm-up, 3 × 2 s measured), in DIR/<benchmark-params>/, e.g.",
        "  ./lab profile --jar target/benchmarks.jar --benchmark 'Sums.loop' --param size=1000"})
public final class ProfileCommand implements Callable<Integer>, Registry.User {
    static final List<String> EVENTS = List.of("cpu", "alloc", "lock", "wall");
    /** One sample per millisecond of CPU: ~3,000 samples in a 3-second measurement, not async-profiler's 300. */
    static final String CPU_INTERVAL_NS = "1000000";
    /** The files async-profiler writes through JMH; earlier runs' are removed so none is taken for this run's. */
    private static final Pattern PROFILER_FILE = Pattern.compile("(flame|jfr|collapsed|summary|tree)-.*");

    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Parameters(index = "0", arity = "0..1", paramLabel = "COMPONENT",
            description = "Component to profile, e.g. orderbook (one with JMH suites); none with --jar.")
    String component;

    @Option(names = "--jar", paramLabel = "JAR",
            description = "Profile this JMH benchmarks jar (another project's: java -jar JAR runs JMH) instead of a component; needs --benchmark.")
    Path jar;

    @Mixin
    RungOption rungOption = RungOption.defaultingTo("naive", "tuned");

    /** Without it, the component's benchmark ({@link ProfileDefaults}), e.g. OrderBookCancelBenchmark.cancelLast. */
    @Mixin
    BenchmarkOption benchmarkOption = new BenchmarkOption();

    /** The benchmark profiled: {@code --benchmark}, else the component's; set by {@link #call()} (tests set it directly). */
    String benchmark;

    /** JMH's include of exactly the benchmarks {@code --benchmark} selects; set by {@link #call} (null: the regex as given). */
    private String include;

    /** Without it, the component's values ({@link ProfileDefaults}), e.g. depth=1000. */
    @Mixin
    ParamOption paramOption = new ParamOption();

    /** The component's defaults; set by {@link #call()} (tests set it directly). */
    ProfileDefaults defaults;

    @Option(names = "--event", defaultValue = "cpu", paramLabel = "EVENT",
            description = "cpu, alloc, lock or wall (default ${DEFAULT-VALUE}).")
    String event;

    @Mixin
    OutOption outOption = OutOption.orElse("results/profile/COMPONENT, with --role results/profile/COMPONENT/ROLE");

    @Option(names = "--diff", arity = "2", paramLabel = "ID",
            description = "Also write differential flame graphs of these two rungs (profiled even if not in --rung).")
    List<String> diff;

    @Option(names = "--role", paramLabel = "ROLE",
            description = "Profile this role of the component's end-to-end run instead of a JMH benchmark, e.g. forwarder.")
    String role;

    @Option(names = "--length", paramLabel = "LENGTH", defaultValue = "standard",
            description = "With --role: the run length of the profiled run (smoke, quick, standard, full; default ${DEFAULT-VALUE}).")
    String length;

    @Parameters(index = "1..*", paramLabel = "RUN_OPTION",
            description = "With --role, after --: options of ./lab run COMPONENT for the profiled run, e.g. -- --rate 100000.")
    List<String> scenarioArgs = new ArrayList<>();

    /** What one rung's run left behind. */
    record RungProfile(String id, Path log, List<Path> flameGraphs, List<Path> recordings, String engine) {
    }

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (jar != null) {
            return profileJar();
        }
        if (component == null) {
            throw new LabException("give a COMPONENT to profile (./lab list shows them), or --jar JAR for another project's JMH jar");
        }
        Component target = registry.byName(component);
        registry.renamedNote(component).ifPresent(note -> {
            spec.commandLine().getErr().println(note);
            spec.commandLine().getErr().flush();
        });
        if (role != null) {
            return profileRole(target);
        }
        if (!scenarioArgs.isEmpty()) {
            throw new LabException("options after -- (" + String.join(" ", scenarioArgs) + ") are for a profiled end-to-end run: add --role ROLE");
        }
        Ladder<?> ladder = target.ladder();
        defaults = target.profile().orElseThrow(() -> new LabException("component '" + target.name()
                + "' has no JMH benchmark to profile" + target.scenario().map(s -> "; profile a role of its end-to-end run: --role "
                + ScenarioProfile.roleNames(s)).orElse("; ./lab list shows the components")));
        benchmark = benchmarkOption.regex() != null ? benchmarkOption.regex() : defaults.benchmark();
        checkEvent(event);
        List<String> ids = rungIds(ladder, rungOption.ids(), diff);
        checkOneProfilePerDiffRung();
        Path dir = outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.profile(component);
        checkUsableInProfilerOption(dir);
        RunFolder folder = RunFolder.open("--out", dir);
        String jar = JmhProcess.jmhSource();
        List<String> selected = BenchmarkFilter.of("--benchmark", benchmark).select(BenchmarkCatalog.load().benchmarks());
        if (selected.isEmpty()) {
            throw new LabException("no benchmark matches --benchmark " + benchmark + " (found anywhere in Class.method, e.g. "
                    + defaults.benchmark() + "); methods are listed by: java -jar lab-benchmarks/target/benchmarks.jar -l");
        }
        include = BenchmarkFilter.include(selected);
        Path library = AsyncProfilerLibrary.extract(home().resolve("target").resolve("async-profiler"));
        AsyncProfilerLibrary.checkLoads(library, event, java());
        Files.createDirectories(dir);
        PrintWriter console = spec.commandLine().getOut();
        console.printf("perflab profile %s · %s · %s %s, event %s, rungs %s · async-profiler %s (%s) · %s%n", component,
                Machine.header(), selected.stream().map(BenchmarkNames::shortName).collect(Collectors.joining(", ")), jmhParams(), event, String.join(", ", ids), AsyncProfilerLibrary.VERSION,
                library, jar);
        console.flush();
        return folder.wholeOrUnchanged(() -> {
            Map<String, RungProfile> profiles = new LinkedHashMap<>();
            for (String id : ids) {
                profiles.put(id, profile(id, library, folder.tree(id), console));
            }
            Path engineFile = writeEngineFile(folder, printEngine(profiles, console), profiles);
            if (diff != null) {
                writeDiff(folder, profiles.get(ladder.resolve(diff.get(0)).id()), profiles.get(ladder.resolve(diff.get(1)).id()), console);
            }
            console.println("saved: " + engineFile);
            console.flush();
            return 0;
        });
    }

    /** {@code --role}: one end-to-end run, the agent in that role's JVMs; flame graphs per rung and process. */
    private int profileRole(Component target) throws IOException, InterruptedException {
        Scenario<?> scenario = target.scenario().orElseThrow(() -> new LabException("component '" + target.name()
                + "' has no end-to-end run with roles; profile its JMH benchmark without --role"));
        Role chosen = scenario.roles().stream().filter(r -> r.name().equals(role)).findFirst().orElseThrow(() -> new LabException(
                "--role '" + role + "' is not a role of " + target.name() + "'s run; its roles: " + ScenarioProfile.roleNames(scenario)));
        if (!scenario.takesRoleJvmFlags()) {
            throw new LabException(target.name() + "'s end-to-end run cannot start a role under the profiler yet"
                    + " (its scenario does not take role JVM flags)");
        }
        if (benchmarkOption.regex() != null || !paramOption.params().isEmpty()) {
            throw new LabException("--benchmark and --param choose a JMH benchmark; with --role the end-to-end run is profiled: drop them");
        }
        checkEvent(event);
        RunLength runLength = runLength(length);
        Ladder<?> ladder = target.ladder();
        List<String> ids = rungIds(ladder, rungOption.ids(), diff);
        Path dir = outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.profile(target.name(), role);
        checkUsableInProfilerOption(dir);
        RunFolder folder = RunFolder.open("--out", dir);
        Path library = AsyncProfilerLibrary.extract(home().resolve("target").resolve("async-profiler"));
        AsyncProfilerLibrary.checkLoads(library, event, java());
        Files.createDirectories(dir);
        PrintWriter console = spec.commandLine().getOut();
        console.printf("perflab profile %s --role %s · %s · %s run, event %s, rungs %s · async-profiler %s (%s)%n", target.name(), role,
                Machine.header(), runLength.name().toLowerCase(java.util.Locale.ROOT), event, String.join(", ", ids),
                AsyncProfilerLibrary.VERSION, library);
        console.flush();
        return folder.wholeOrUnchanged(() -> profileRole(folder, ladder, ids, runLength, scenario, chosen, library, console));
    }

    /** The profiled run of {@link #profileRole(Component)}, its folder written whole or not at all. */
    private int profileRole(RunFolder folder, Ladder<?> ladder, List<String> ids, RunLength runLength, Scenario<?> scenario,
            Role chosen, Path library, PrintWriter console) throws IOException, InterruptedException {
        Path dir = folder.dir();
        ids.forEach(folder::tree); // DIR/RUNG/PROCESS/: the recordings and graphs of each role's process
        folder.tree("run");
        ScenarioProfile profile = new ScenarioProfile(library, event, chosen, dir);
        Path log = folder.path("run.log");
        int exit;
        try (PrintWriter tee = Tee.of(console, log)) {
            exit = profile.run(scenario, ids, runLength, scenarioArgs, tee);
        }
        Map<String, List<RungProfile>> byRung = profile.convert(console);
        if (byRung.isEmpty()) {
            throw new LabException("no " + role + " JVM wrote a recording; see " + log, 1);
        }
        Map<String, RungProfile> firsts = new LinkedHashMap<>();
        byRung.forEach((id, list) -> firsts.put(id, list.get(0)));
        Map<String, RungProfile> all = new LinkedHashMap<>();
        byRung.values().forEach(list -> list.forEach(p -> all.put(p.id(), p)));
        benchmark = "end-to-end run, role " + role;
        Path engineFile = writeEngineFile(folder, printEngine(all, console), all);
        if (diff != null) {
            RungProfile a = firsts.get(ladder.resolve(diff.get(0)).id());
            RungProfile b = firsts.get(ladder.resolve(diff.get(1)).id());
            if (a == null || b == null) {
                throw new LabException("--diff: a rung's " + role + " wrote no recording; see " + log, 1);
            }
            writeDiff(folder, new RungProfile(ladder.resolve(diff.get(0)).id(), a.log(), a.flameGraphs(), a.recordings(), a.engine()),
                    new RungProfile(ladder.resolve(diff.get(1)).id(), b.log(), b.flameGraphs(), b.recordings(), b.engine()), console);
        }
        console.println("saved: " + engineFile + ", " + log);
        if (exit != 0) {
            console.println("the profiled run exited " + exit + " (its lines are above and in " + log + "); the flame graphs were written");
        }
        console.flush();
        return exit;
    }

    /** JMH's run of each row of a jar: one fork, long enough for a few thousand samples, short enough for many rows. */
    static final List<String> JAR_RUN = List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "3", "-r", "2s");

    /**
     * {@code --jar JAR}: another project's benchmarks, the rows {@code --benchmark} and {@code --param} choose (listed
     * by the jar's own JMH first, so a regex that matches nothing is one line naming some of its benchmarks), in one
     * JMH run with the profiler attached; the graphs in DIR/<benchmark-params>/.
     */
    private int profileJar() throws IOException, InterruptedException {
        var parsed = spec.commandLine().getParseResult();
        for (String option : List.of("--rung", "--diff", "--role")) {
            if (parsed.hasMatchedOption(option)) {
                throw new LabException(option + " chooses a component's rungs or roles; a --jar has neither: drop it");
            }
        }
        if (component != null) {
            throw new LabException("give a COMPONENT (" + component + ") or --jar " + jar + ", not both");
        }
        if (benchmarkOption.regex() == null) {
            throw new LabException("--jar needs --benchmark REGEX (found anywhere in Class.method, as JMH's include), e.g. --benchmark 'MyBench.loop'");
        }
        checkEvent(event);
        if (outOption.dir() != null) { // before anything reads the jar: an --out that is or holds it is refused at once
            dev.perflab.base.Inputs.of(jar).refuse("--out", outOption.dir());
        }
        dev.perflab.foreign.ForeignJar foreign = dev.perflab.foreign.ForeignJar.open("--jar", jar);
        benchmark = benchmarkOption.regex();
        List<String> chosen = new ArrayList<>(List.of(benchmark));
        paramOption.params().forEach((name, values) -> chosen.addAll(List.of("-p", name + "=" + values)));
        dev.perflab.foreign.JmhArguments jmh = dev.perflab.foreign.JmhArguments.parse(chosen);
        List<JmhProcess.Configuration> rows = dev.perflab.foreign.JarRun.plan(foreign, jmh);
        Path dir = outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.profile(foreign.name());
        checkUsableInProfilerOption(dir);
        dev.perflab.base.Inputs.of(jar).refuse("--out", dir);
        RunFolder folder = RunFolder.open("--out", dir);
        Path library = AsyncProfilerLibrary.extract(home().resolve("target").resolve("async-profiler"));
        AsyncProfilerLibrary.checkLoads(library, event, java());
        PrintWriter console = spec.commandLine().getOut();
        console.printf("perflab profile --jar %s · %s · %s, %d row%s: %s · event %s · async-profiler %s (%s)%n", jar, Machine.header(),
                foreign.describeJmh(), rows.size(), rows.size() == 1 ? "" : "s",
                rows.stream().map(Object::toString).collect(Collectors.joining(", ")), event, AsyncProfilerLibrary.VERSION, library);
        console.flush();
        String id = foreign.name();
        return folder.wholeOrUnchanged(() -> {
            // async-profiler names a folder per row, after the jar's benchmark and its parameters: the whole --out is the run's
            Path owned = folder.tree("");
            RungProfile profile = profile(id, jar, rows.size(), owned, () -> {
                List<String> args = new ArrayList<>(chosen);
                args.addAll(JAR_RUN);
                args.addAll(List.of("-prof", profilerOption(library, event, owned)));
                return args;
            }, console);
            Map<String, RungProfile> profiles = Map.of(id, profile);
            Path engineFile = writeEngineFile(folder, printEngine(profiles, console), profiles);
            console.println("saved: " + engineFile);
            console.flush();
            return 0;
        });
    }

    static RunLength runLength(String name) {
        for (RunLength l : RunLength.values()) {
            if (l.name().equalsIgnoreCase(name)) {
                return l;
            }
        }
        throw new LabException("--length '" + name + "' is not one of smoke, quick, standard, full");
    }

    static void checkEvent(String event) {
        if (!EVENTS.contains(event)) {
            throw new LabException("--event '" + event + "' is not one of " + String.join(", ", EVENTS));
        }
    }

    /** The rungs to profile, resolved to ids in the order given, the two {@code --diff} rungs added. */
    static List<String> rungIds(Ladder<?> ladder, List<String> rungs, List<String> diff) {
        if (rungs.isEmpty()) {
            throw new LabException("--rung needs at least one rung");
        }
        Set<String> ids = new LinkedHashSet<>();
        Stream.concat(rungs.stream(), diff == null ? Stream.empty() : diff.stream())
                .map(name -> ladder.resolve(name)).map(Entry::id).forEach(ids::add);
        if (diff != null && ladder.resolve(diff.get(0)).id().equals(ladder.resolve(diff.get(1)).id())) {
            throw new LabException("--diff needs two different rungs, got " + ladder.resolve(diff.get(0)).id() + " twice");
        }
        return List.copyOf(ids);
    }

    /** A differential graph compares two profiles: one parameter set per rung, known before anything runs. */
    private void checkOneProfilePerDiffRung() {
        if (diff != null && jmhParams().values().stream().anyMatch(values -> values.contains(","))) {
            throw new LabException("--diff compares one profile per rung; give one value per --param, not " + jmhParams());
        }
    }

    /**
     * JMH splits {@code -prof async:…} options at ';' and values at ',', and the agent's own options are split at
     * ',', so the output folder may hold neither.
     */
    static void checkUsableInProfilerOption(Path dir) {
        String path = dir.toAbsolutePath().toString();
        if (path.contains(";") || path.contains(",")) {
            throw new LabException("--out " + dir + ": async-profiler's options cannot take a folder whose path contains ';' or ','");
        }
    }

    Map<String, String> jmhParams() {
        return paramOption.params().isEmpty() ? defaults.params() : paramOption.params();
    }

    /**
     * {@code -prof async:…}: a JFR recording per benchmark and parameter set, in one folder per rung. Only
     * JFR: it names the engine, and JMH 1.37 asked for {@code output=flamegraph,jfr} writes an empty flame
     * graph (async-profiler keeps no call-trace table while it records JFR), so the graphs are converted from it.
     */
    static String profilerOption(Path library, String event, Path rungDir) {
        String option = "async:libPath=" + library.toAbsolutePath() + ";output=jfr;event=" + event
                + ";dir=" + rungDir.toAbsolutePath();
        return event.equals("cpu") ? option + ";interval=" + CPU_INTERVAL_NS : option;
    }

    List<String> jmhArguments(String id, Path library, Path rungDir) {
        List<String> args = new ArrayList<>(List.of(include != null ? include : benchmark));
        args.addAll(defaults.options().args());
        args.addAll(List.of("-p", "rung=" + id));
        jmhParams().forEach((name, values) -> args.addAll(List.of("-p", name + "=" + values)));
        args.addAll(List.of("-prof", profilerOption(library, event, rungDir)));
        return args;
    }

    /** Runs JMH for one rung with the profiler attached (one progress line), then finds what it wrote. */
    private RungProfile profile(String id, Path library, Path rungDir, PrintWriter console) throws IOException, InterruptedException {
        return profile(id, null, 1, rungDir, () -> jmhArguments(id, library, rungDir), console);
    }

    /**
     * Runs {@code jmhArgs} on {@code benchmarksJar} (null: the lab's own) into {@code rungDir}, {@code rows} rows, then
     * finds the recordings and converts each into flame graphs.
     */
    private RungProfile profile(String id, Path benchmarksJar, int rows, Path rungDir, java.util.function.Supplier<List<String>> jmhArgs,
            PrintWriter console) throws IOException, InterruptedException {
        Files.createDirectories(rungDir);
        removeEarlierProfiles(rungDir);
        Path log = rungDir.resolve("jmh.log");
        int exit = JmhProcess.run(benchmarksJar, "profile " + id, rows, jmhArgs.get(), log, console);
        if (exit != 0) {
            throw jmhFailure(id, log, exit);
        }
        List<Path> recordings = find(rungDir, "jfr-" + event + ".jfr");
        if (recordings.isEmpty()) {
            throw new LabException("async-profiler wrote no recording for " + id + "; see " + log, 1);
        }
        String engine = SamplingEngine.fromJfr(recordings.get(0)).orElse(SamplingEngine.UNKNOWN);
        String sampler = SamplingEngine.label(event, engine);
        List<Path> flames = new ArrayList<>();
        for (Path jfr : recordings) {
            String run = jfr.getParent().getFileName().toString().replaceFirst("^([a-z_]\\w*\\.)+", "");
            Path forward = flameGraphs(jfr, id + " · " + run + " · " + event + " sampled by " + sampler).get(0);
            console.println("  " + id + ": " + forward + " (" + sampler + ")");
            flames.add(forward);
        }
        console.flush();
        return new RungProfile(id, log, flames, recordings, engine);
    }

    private List<Path> flameGraphs(Path jfr, String title) {
        try {
            return JfrConverter.flameGraphs(jfr, event, title);
        } catch (IOException e) {
            throw new LabException("cannot convert " + jfr + " into a flame graph: " + e.getMessage(), 1);
        }
    }

    private LabException jmhFailure(String id, Path log, int exit) throws IOException {
        String text = Files.readString(log, StandardCharsets.UTF_8);
        if (jar != null) {
            // an old JMH without the async profiler says so in its own words; the lab does not guess at versions
            String said = text.lines().filter(l -> l.contains("profiler") || l.contains("Profiler")).findFirst()
                    .map(l -> ": JMH says " + l.strip()).orElse("");
            return new LabException("JMH failed while profiling " + jar + " (exit " + exit + ")" + said + "; see " + log, 1);
        }
        if (text.contains("No matching benchmarks")) {
            return new LabException("no benchmark matches --benchmark " + benchmark
                    + "; methods are listed by: java -jar lab-benchmarks/target/benchmarks.jar -l");
        }
        return new LabException("JMH failed while profiling " + id + " (exit " + exit + "); see " + log, 1);
    }

    private static void removeEarlierProfiles(Path rungDir) throws IOException {
        try (Stream<Path> files = Files.walk(rungDir)) {
            for (Path file : files.filter(Files::isRegularFile).filter(p -> !aside(rungDir, p))
                    .filter(p -> PROFILER_FILE.matcher(p.getFileName().toString()).matches()).collect(Collectors.toList())) {
                Files.delete(file);
            }
        }
    }

    /** Prints which engine sampled, with a hint where perf events were refused; returns the line. */
    private String printEngine(Map<String, RungProfile> profiles, PrintWriter console) {
        String engines = engineLine(profiles);
        console.println("engine: " + engines);
        if (profiles.values().stream().anyMatch(p -> SamplingEngine.isFallback(event, p.engine()))) {
            console.println("  a timer fallback samples no kernel frames; perf events need a lower "
                    + "/proc/sys/kernel/perf_event_paranoid, or a container that allows perf_event_open");
        }
        return engines;
    }

    /** One engine for all rungs in the usual case; each rung's otherwise. */
    private String engineLine(Map<String, RungProfile> profiles) {
        Set<String> engines = profiles.values().stream().map(RungProfile::engine).collect(Collectors.toCollection(LinkedHashSet::new));
        String paranoid = SamplingEngine.perfEventParanoid();
        if (engines.size() == 1) {
            return SamplingEngine.describe(event, engines.iterator().next(), paranoid);
        }
        return profiles.values().stream().map(p -> p.id() + ": " + SamplingEngine.describe(event, p.engine(), paranoid))
                .collect(Collectors.joining("; "));
    }

    private Path writeEngineFile(RunFolder folder, String engines, Map<String, RungProfile> profiles) {
        StringBuilder text = new StringBuilder()
                .append("event: ").append(event).append('\n')
                .append("engine: ").append(engines).append('\n')
                .append("perf_event_paranoid: ").append(SamplingEngine.perfEventParanoid()).append('\n')
                .append("async-profiler: ").append(AsyncProfilerLibrary.VERSION).append('\n')
                .append("machine: ").append(Machine.header()).append('\n')
                .append("jdk: ").append(Machine.jdk()).append('\n')
                .append("benchmark: ").append(benchmark).append(' ').append(role != null ? "" : jar != null ? paramOption.params().toString() : jmhParams().toString()).append('\n');
        for (RungProfile p : profiles.values()) {
            text.append("rung ").append(p.id()).append(": engine ").append(p.engine()).append('\n');
            p.flameGraphs().forEach(f -> text.append("  flamegraph: ").append(f).append('\n'));
            p.recordings().forEach(f -> text.append("  jfr: ").append(f).append('\n'));
            text.append("  log: ").append(p.log()).append('\n');
        }
        folder.file("engine.txt").writeString(text.toString());
        return folder.dir().resolve("engine.txt");
    }

    private void writeDiff(RunFolder folder, RungProfile a, RungProfile b, PrintWriter console) throws IOException {
        for (RungProfile p : List.of(a, b)) {
            if (p.recordings().size() != 1) {
                throw new LabException("--diff needs one profile per rung, " + p.id() + " has " + p.recordings().size()
                        + "; narrow --benchmark or --param to one benchmark and one value each");
            }
        }
        DifferentialFlameGraph.files(a.id(), b.id()).forEach(folder::path);
        try {
            for (Path graph : DifferentialFlameGraph.write(a.recordings().get(0), a.id(), b.recordings().get(0), b.id(), event, folder.dir())) {
                console.println("  diff: " + graph);
            }
        } catch (IOException e) {
            throw new LabException("cannot write the differential flame graph of " + a.id() + " and " + b.id() + ": "
                    + e.getMessage(), 1);
        }
    }

    private static List<Path> find(Path dir, String fileName) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().equals(fileName)).filter(p -> !aside(dir, p)).sorted()
                    .collect(Collectors.toList());
        }
    }

    /** Whether {@code file} is in the previous run's files, kept aside in the folder while this run writes it. */
    private static boolean aside(Path dir, Path file) {
        for (Path name : dir.relativize(file)) {
            if (name.toString().startsWith(".previous-")) {
                return true;
            }
        }
        return false;
    }

    private static Path home() {
        return Path.of(System.getProperty("perflab.home", "."));
    }

    private static String java() {
        return Machine.javaExecutable();
    }
}
