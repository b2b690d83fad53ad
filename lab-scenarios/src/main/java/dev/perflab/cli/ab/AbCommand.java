package dev.perflab.cli.ab;

import dev.perflab.ab.AbReport;
import dev.perflab.ab.Plant;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.BenchmarkOption;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.LengthOption;
import dev.perflab.cli.component.OutOption;
import dev.perflab.cli.component.ParamOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.RungOption;
import dev.perflab.history.GitState;
import dev.perflab.history.HistoryStore;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab ab COMPONENT --base REV --head REV}: two revisions of the lab measured on one machine in one run,
 * their forks interleaved, every row judged with a paired interval (dev.perflab.ab), rulers watching the
 * machine. Rows still undecided after the first pairs get more, look by look ({@link dev.perflab.ab.Looks}), within a
 * time budget. {@code --calibrate} measures how often that judgement is wrong ({@link AbCalibration}). Exit 0: no change
 * or an improvement; 1: a regression (or forks failed); 2: bad input; 3: noisy, a ruler moved, so nothing is judged;
 * 4: undecided, a row's interval can neither show nor rule out a change past the threshold.
 */
@Command(name = "ab", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A/B: two revisions of a component's JMH suites, one machine, one run, forks interleaved.",
                "Base and head forks run in balanced order (ABBA…); each row gets its head/base ratio with a paired t",
                "interval and a verdict: regression or improvement only beyond the threshold AND outside the interval; no change",
                "only when the whole interval lies within the threshold; undecided otherwise, and undecided rows get more pairs,",
                "look by look, within --budget. Rulers (a JDK-only benchmark; peers named by --rung or --all-rows) must not move.",
                "Exit 0: no change or improvement; 1: regression; 2: bad input; 3: noisy (a ruler moved); 4: undecided.",
                "--calibrate: A/A runs and runs with 5%%, 10%%, 20%% planted slowdowns, tabled as error rates (docs/ab.md)."})
public final class AbCommand implements Callable<Integer>, Registry.User {
    /**
     * The last look's pairs unless {@code --max-pairs} says otherwise: 4, 8, 16, 32, 64 from the default 4. The fifth
     * look calls fewer A/A rows than four (each look's level is stricter) and decides most of the rows that four left
     * undecided at a pair spread of 6–8%, the spread the lab's tuned rows show on a small machine; the budget, not
     * the looks, then ends a row that cannot decide (docs/ab.md's simulation; docs/measurements/2026-12-02-fifth-look.md).
     */
    static final int DEFAULT_MAX_PAIRS = 64;
    /**
     * Most pairs a row may ask for ({@code --pairs}, {@code --max-pairs}) and most runs of each kind a calibration
     * may ask for: beyond a thousand the forks take weeks, and the counts would overflow the plan's arithmetic.
     */
    static final int MAX_PAIRS = 1_000;
    static final int MAX_RUNS = 1_000;

    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Parameters(index = "0", arity = "0..1", paramLabel = "COMPONENT",
            description = "The component whose JMH suites are compared (./lab list); none with --project.")
    String componentName;

    @Option(names = "--project", paramLabel = "DIR", description = {"Another project's git repository instead of a component:"
            + " --base and --head are its revisions, each built in a git worktree of it by --build, and every benchmark"
            + " its jar lists is a row (narrowed by --benchmark and --param); forks run in DIR."})
    Path project;

    @Option(names = "--build", paramLabel = "CMD", description = "--project: the command, run by sh in a revision's worktree, that"
            + " builds its JMH jar (default for a project with a pom.xml: " + AbProject.MAVEN_BUILD + ").")
    String build;

    @Option(names = "--jar", paramLabel = "PATH", description = "--project: the JMH jar the build leaves, relative to the project"
            + " (default " + AbProject.ARCHETYPE_JAR + ", as JMH's Maven archetype makes it).")
    String jar;

    @ArgGroup(exclusive = true)
    BaseSide baseSide;

    static final class BaseSide {
        @Option(names = "--base", paramLabel = "REV", description = "The base revision (a commit, branch or tag), built in target/ab/.")
        String rev;

        @Option(names = "--base-jar", paramLabel = "JAR", description = "A built benchmarks jar for the base side instead.")
        Path jar;
    }

    @ArgGroup(exclusive = true)
    HeadSide headSide;

    static final class HeadSide {
        @Option(names = "--head", paramLabel = "REV", description = "The head revision, built in target/ab/.")
        String rev;

        @Option(names = "--head-jar", paramLabel = "JAR", description = "A built benchmarks jar for the head side instead.")
        Path jar;
    }

    @Mixin
    LengthOption length = new LengthOption(RunLength.QUICK);

    @Mixin
    RungOption rungOption = RungOption.orElse("the tuned rung in the quick and standard lengths, else the length's selection");

    @Mixin
    BenchmarkOption benchmarkOption = new BenchmarkOption();

    @Mixin
    ParamOption paramOption = new ParamOption();

    @Option(names = "--pairs", paramLabel = "N", defaultValue = "4",
            description = "Pairs of forks every row gets before it is first judged, run ABBA (default ${DEFAULT-VALUE}; at least 2).")
    int pairs;

    @Option(names = "--max-pairs", paramLabel = "N",
            description = "The most pairs an undecided row gets: it is judged again at twice the pairs each time, up to N (default "
                    + DEFAULT_MAX_PAIRS + ", or --pairs when that is more); every interval's level is adjusted for the looks.")
    Integer maxPairs;

    @Option(names = "--budget", paramLabel = "TIME", defaultValue = "15m",
            description = "Time from the first fork within which undecided rows get more pairs, e.g. 15m, 900s, 1h (default"
                    + " ${DEFAULT-VALUE}); the first pairs always run. 0: one look at --pairs, at the plain confidence.")
    String budget;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "5%",
            description = "Smallest change that counts: slower or faster by more than this (default ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--ruler-threshold", paramLabel = "PERCENT",
            description = "How far a ruler may move before the run is noisy (default: --threshold).")
    String rulerThreshold;

    @Option(names = "--confidence", paramLabel = "PERCENT", defaultValue = "95%",
            description = "Coverage of the paired t interval (default ${DEFAULT-VALUE}).")
    String confidence;

    @Option(names = "--all-rows", description = "The length's whole selection, as ./lab run measures it. Without it ab narrows"
            + " on its own and prints what it left out: the peers (unless --rung names them) and, in the quick and standard"
            + " lengths, each parameter --param leaves open to the component's ab point, the rungs below the tuned one"
            + " (unless --rung names rungs), and the suites outside it.")
    boolean allRows;

    @Option(names = "--no-peer-rulers", description = "Judge the peers' rows as rows, not as rulers (a revision that changes a peer).")
    boolean noPeerRulers;

    @Option(names = "--no-ruler", description = "Leave out the JDK-only ruler, which halves the forks of a one-row run; nothing"
            + " then watches the machine, so a drift between the sides cannot mark the run noisy.")
    boolean noRuler;

    @Option(names = "--duet", description = "Run each pair's base and head forks at the same time, side by side, instead of"
            + " back to back: on a shared machine both meet the same moment of it, and a pair takes about half the time. A"
            + " ratio is then of each side running beside the other (docs/ab.md says when that misleads).")
    boolean duet;

    @Option(names = "--plant", paramLabel = "ROWS=PERCENT",
            description = "Plant a slowdown in head's forks of these rows (a rung: tuned, r4…; a method; or ruler), sized on"
                    + " the row, e.g. --plant tuned=10%%. For tests and calibration.")
    Map<String, String> plant = new LinkedHashMap<>();

    @Option(names = "--plan", description = "Print the rows and the plan (forks, the least time they take), then exit without running a fork.")
    boolean planOnly;

    @Option(names = "--calibrate", description = {"Measure the error rates: A/A runs and runs with 5%%, 10%%, 20%% planted in the tuned rung"
            + " (in the selected rungs where --rung leaves it out).", "With --head: A/A runs of --base and runs of --base against --head,"
            + " a real change, in turn (how often ab calls that change, and how often it cries wolf beside it)."})
    boolean calibrate;

    /** Runs of each kind a calibration makes unless {@code --runs} says otherwise: the goals' ≥ 20 A/A runs. */
    static final int DEFAULT_RUNS = 20;

    @Option(names = "--runs", paramLabel = "N", description = "--calibrate: runs of each kind (A/A, 5%%, 10%%, 20%%; default 20).")
    Integer runs;

    @Option(names = "--resume", description = "--calibrate: go on with the calibration saved in --out (same options, same"
            + " machine): its runs count, its plants are reused, and runs are added until each kind has --runs.")
    boolean resume;

    @Option(names = "--merge", paramLabel = "DIR", split = ",",
            description = "--calibrate: run nothing; one table over the runs saved in these calibration folders (lanes of"
                    + " one selection on one kind of machine), written to --out.")
    List<Path> merge;

    @Option(names = "--plants", paramLabel = "PERCENT", split = ",",
            description = "--calibrate: plant only these of 5%%, 10%%, 20%% (default all three), e.g. --plants 10%% to spend"
                    + " the runs on the size a gate must catch; --plants none makes A/A runs alone (the false positives, and"
                    + " the pairs the goals need at the spread they measure).")
    List<String> plants;

    @Mixin
    HistoryOption history = new HistoryOption();

    @Mixin
    OutOption outOption = OutOption.orElse("results/COMPONENT/ab, with --calibrate results/COMPONENT/ab-calibration");

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        // a merge tables calibrations already made, each naming its own component (a project's too): none is needed
        boolean mergeAlone = merge != null && componentName == null && project == null;
        if (!mergeAlone && (componentName == null) == (project == null)) {
            throw new LabException(project == null ? "ab needs a COMPONENT (./lab list), or --project DIR for another project's revisions"
                    : "--project compares another project's revisions: drop the component '" + componentName + "'");
        }
        if (project == null && (build != null || jar != null)) {
            throw new LabException((build != null ? "--build" : "--jar") + " applies to --project only");
        }
        Component component = project == null && componentName != null ? registry.byName(componentName) : null;
        benchmarkOption.regex(); // checked before any build: a malformed regex is one line, not a failure inside JMH
        if (component != null && component.suites().isEmpty()) {
            throw new LabException("component '" + componentName + "' has no JMH suites to compare");
        }
        if (pairs < dev.perflab.ab.PairedRatio.MIN_PAIRS) {
            throw new LabException("--pairs " + pairs + ": at least " + dev.perflab.ab.PairedRatio.MIN_PAIRS
                    + " pairs are needed for an interval (4 or more make it useful)");
        }
        int most = maxPairs == null ? Math.max(pairs, DEFAULT_MAX_PAIRS) : maxPairs;
        for (int[] asked : new int[][] {{pairs, 0}, {most, 1}}) {
            if (asked[0] > MAX_PAIRS) {
                throw new LabException((asked[1] == 0 ? "--pairs " : "--max-pairs ") + asked[0] + ": at most " + String.format(Locale.ROOT,
                        "%,d", MAX_PAIRS) + " pairs a row (" + String.format(Locale.ROOT, "%,d", 2 * MAX_PAIRS) + " forks each: days of forks already)");
            }
        }
        if (most < pairs) {
            throw new LabException("--max-pairs " + most + " is below --pairs " + pairs + ": it is the most pairs an undecided row"
                    + " gets, so give at least " + pairs);
        }
        double t = percent("--threshold", threshold, false);
        double rulerT = rulerThreshold == null ? t : percent("--ruler-threshold", rulerThreshold, false);
        double c = percent("--confidence", confidence, true);
        double budgetSeconds = dev.perflab.report.Formats.durationOption("--budget", budget);
        dev.perflab.ab.Looks looks = budgetSeconds == 0 || most == pairs ? dev.perflab.ab.Looks.single(pairs, c)
                : dev.perflab.ab.Looks.doubling(pairs, most, c);
        PrintWriter console = spec.commandLine().getOut();
        Path home = Path.of(System.getProperty("perflab.home", "."));
        if (project != null) {
            return project(looks, budgetSeconds, t, rulerT, console);
        }
        AbRevisions revisions = new AbRevisions(home, console);
        if (merge != null) {
            if (!calibrate) {
                throw new LabException("--merge applies to --calibrate only");
            }
            if (runs != null || plants != null || resume || baseSide != null || headSide != null || !plant.isEmpty()) {
                throw new LabException("--merge tables runs already made: drop " + (runs != null ? "--runs" : plants != null ? "--plants"
                        : resume ? "--resume" : !plant.isEmpty() ? "--plant" : "--base/--head"));
            }
            if (outOption.dir() == null) {
                throw new LabException("--merge needs --out DIR for the merged table");
            }
            RunFolder out = RunFolder.open("--out", outOption.dir(), inputs().addAll(merge));
            return out.whole(() -> AbCalibration.merge(component != null ? component.name() : null, merge, out, console));
        }
        if (calibrate) {
            Calibrating runs = calibrating();
            Path dir = calibrationFolder(componentName);
            refuseDirty(revisions);
            AbRun.Side side = side("--base", baseSide == null ? null : baseSide.rev, baseSide == null ? null : baseSide.jar, revisions, true);
            AbRun.Side change = headSide == null ? null : side("--head", headSide.rev, headSide.jar, revisions, false);
            AbPlan plan = plan(component, side.jar(), change == null ? side.jar() : change.jar());
            return new AbCalibration(component, length.value(), plan, side, change, looks, budgetSeconds, t, rulerT, runs.runs(), runs.sizes(),
                    dir, console).duet(duet).run(resume);
        }
        if (baseSide == null || headSide == null) {
            throw new LabException("ab needs both sides: " + (baseSide == null ? "--base REV or --base-jar JAR" : "")
                    + (baseSide == null && headSide == null ? ", and " : "") + (headSide == null ? "--head REV or --head-jar JAR" : ""));
        }
        if (runs != null || plants != null || resume) {
            throw new LabException((runs != null ? "--runs" : plants != null ? "--plants" : "--resume") + " applies to --calibrate only");
        }
        Path dir = RunFolder.open("--out", outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.ab(componentName), inputs()).dir();
        refuseDirty(revisions);
        AbRun.Side base = side("--base", baseSide.rev, baseSide.jar, revisions, false);
        AbRun.Side head = side("--head", headSide.rev, headSide.jar, revisions, false);
        AbPlan plan = plan(component, base.jar(), head.jar());
        return compare(component, plan, base, head, looks, budgetSeconds, t, rulerT, dir, console);
    }

    /** {@code --calibrate}'s runs of each kind and the slowdowns it plants. */
    private record Calibrating(int runs, List<Double> sizes) {
    }

    /** {@code --calibrate}'s options, checked before anything is built or run (exit 2 when they do not fit). */
    private Calibrating calibrating() {
        if (planOnly) {
            throw new LabException("--plan shows one run's plan: drop --calibrate (a calibration prints each run's plan as it starts it)");
        }
        if (!plant.isEmpty()) {
            throw new LabException("--calibrate plants its own slowdowns: drop --plant");
        }
        if (headSide != null && (plants != null || baseSide == null)) {
            throw new LabException("--calibrate --head measures a real change against --base, with A/A runs of --base beside it: "
                    + (baseSide == null ? "give --base REV or --base-jar JAR" : "drop --plants (nothing is planted)"));
        }
        int n = runs == null ? DEFAULT_RUNS : runs;
        if (n < 1 || n > MAX_RUNS) {
            throw new LabException("--runs " + n + ": " + (n < 1 ? "at least 1" : String.format(Locale.ROOT, "at most %,d of each kind", MAX_RUNS)));
        }
        return new Calibrating(n, plants == null && headSide == null ? dev.perflab.ab.Calibration.PLANTED
                : plants == null ? List.of() : plantedSizes(plants));
    }

    /** The calibration's folder, checked and made; one that holds a calibration is refused unless {@code --resume}. */
    private Path calibrationFolder(String name) throws IOException {
        Path dir = RunFolder.open("--out", outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.abCalibration(name), inputs()).dir();
        if (!resume) {
            AbCalibration.refuseToReplace(dir);
        }
        return dir;
    }

    /** The plan printed ({@code --plan}), or the run made, its verdict's exit code. */
    private int compare(Component component, AbPlan plan, AbRun.Side base, AbRun.Side head, dev.perflab.ab.Looks looks, double budgetSeconds,
                        double t, double rulerT, Path dir, PrintWriter console) throws Exception {
        if (planOnly) {
            new AbRun(component.name(), plan, base, head, looks, budgetSeconds, t, rulerT, Map.of(), dir, console, length.value().name()
                    .toLowerCase(Locale.ROOT)).duet(duet).printPlan();
            plan.rows().forEach(row -> console.printf("  %d. %s%s%n", row.index(), row.label(), row.ruler() ? " (ruler)" : ""));
            return 0;
        }
        for (Map.Entry<String, String> e : plant.entrySet()) { // every --plant checked before the folder is touched
            percent("--plant " + e.getKey(), e.getValue(), false);
            plantedRows(component, plan, e.getKey());
        }
        HistoryStore.checkBeforeRun(history.target()); // a history that cannot be made: refused now, not after the forks
        // the plants' sizing (DIR/sizing/, files named by the rows) and the run's forks and verdict: one whole folder
        RunFolder folder = RunFolder.open("--out", dir);
        return folder.whole(() -> {
            try {
                Map<Integer, Plant> plants = plants(component, plan, head, plant.isEmpty() ? dir.resolve("sizing") : folder.tree("sizing"),
                        looks.last(), console);
                AbReport report = new AbRun(component.name(), plan, base, head, looks, budgetSeconds, t, rulerT, plants, dir, console,
                        length.value().name().toLowerCase(Locale.ROOT)).duet(duet).recordIn(history.target()).runIn(folder);
                return report.verdict().exitCode();
            } catch (IOException | InterruptedException | RuntimeException e) {
                throw e;
            } catch (Exception e) { // plants() declares what a JMH fork may throw
                throw new IOException(e.getMessage(), e);
            }
        });
    }

    /**
     * {@code --project DIR}: both revisions built in worktrees of DIR by its own build, every row its jars list (narrowed
     * by {@code --benchmark} and {@code --param}), forks run in DIR, the ruler from the lab's own jar. {@code --plant}
     * and {@code --calibrate} plant through the planting agent ({@link AbProject#plantAgent}); a calibration's A/A
     * runs are of {@code --base}, and {@code --head}, when given, is its real change.
     */
    private int project(dev.perflab.ab.Looks looks, double budgetSeconds, double t, double rulerT, PrintWriter console)
            throws Exception {
        String refused = merge != null ? "--merge tables calibrations already made: drop --project"
                : !calibrate && (runs != null || plants != null || resume) ? "--runs, --plants and --resume apply to --calibrate only"
                : rungOption.ids() != null ? "--rung chooses a ladder's rungs: a project's rows are chosen with --benchmark and --param"
                : baseSide == null || baseSide.rev == null || (!calibrate || headSide != null) && (headSide == null || headSide.rev == null)
                ? "ab --project builds both sides from the project's revisions: give --base REV" + (calibrate ? "" : " and --head REV")
                + " (without --project, --base-jar and --head-jar compare jars built elsewhere)" : null;
        if (refused != null) {
            throw new LabException(refused);
        }
        Path dir = project.toAbsolutePath().normalize();
        AbRevisions.requireRepository(dir, "--project " + project, "");
        AbRevisions revisions = AbRevisions.ofProject(dir, AbProject.work(), AbProject.build(dir, build), jar == null ? AbProject.ARCHETYPE_JAR : jar,
                console);
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        Calibrating calibration = calibrate ? calibrating() : null;
        Path out = calibrate ? calibrationFolder(name)
                : RunFolder.open("--out", outOption.dir() != null ? outOption.dir() : ResultsLayout.DEFAULT.ab(name), inputs()).dir();
        // the project's benchmarks have no plant hook compiled in: the agent plants at their methods' entry
        Path agent = calibrate || !plant.isEmpty() ? AbProject.plantAgent() : null;
        AbRevisions.Revision b = revisions.resolve("--base", baseSide.rev);
        AbRevisions.Revision h = headSide == null ? b : revisions.resolve("--head", headSide.rev);
        revisions.refuseDirty(List.of(b, h));
        Path baseJar = revisions.jar(b);
        Path headJar = h.sha().equals(b.sha()) ? baseJar : revisions.jar(h);
        // each side's forks run in its own revision's files, as committed: a benchmark that reads json/*.json reads its side's
        Path baseFiles = revisions.files(b);
        AbRun.Side base = new AbRun.Side("base", b.label(), baseJar, b.git(), baseFiles);
        AbRun.Side head = new AbRun.Side("head", h.label(), headJar, h.git(), h.sha().equals(b.sha()) ? baseFiles : revisions.files(h));
        Component component = AbProject.component(name, baseJar, headJar);
        AbPlan plan = AbPlan.of(component, length.value(), null, benchmarkOption.filter(), paramOption.params(), baseJar, headJar, allRows,
                !noPeerRulers, noRuler ? noRuler(console) : AbProject.rulerJar(console).orElse(null));
        if (agent != null) {
            plan = plan.withPlantAgent(agent);
        }
        if (calibrate) {
            return new AbCalibration(component, length.value(), plan, base, headSide == null ? null : head, looks, budgetSeconds, t, rulerT,
                    calibration.runs(), calibration.sizes(), out, console).duet(duet).run(resume);
        }
        return compare(component, plan, base, head, looks, budgetSeconds, t, rulerT, out, console);
    }

    /** Refuses a revision named that is the commit checked out while its tracked files have uncommitted changes. */
    private void refuseDirty(AbRevisions revisions) throws IOException, InterruptedException {
        List<AbRevisions.Revision> named = new ArrayList<>();
        if (baseSide != null && baseSide.rev != null) {
            named.add(revisions.resolve("--base", baseSide.rev));
        }
        if (headSide != null && headSide.rev != null) {
            named.add(revisions.resolve("--head", headSide.rev));
        }
        if (!named.isEmpty()) {
            revisions.refuseDirty(named);
        }
    }

    /** What every ab reads: the jars given, the project and the results history it records in; no --out may be or hold one. */
    private Inputs inputs() {
        return Inputs.of(baseSide == null ? null : baseSide.jar, headSide == null ? null : headSide.jar, project, history.target().file());
    }

    private AbPlan plan(Component component, Path baseJar, Path headJar) throws IOException, InterruptedException {
        return AbPlan.of(component, length.value(), rungOption.ids(), benchmarkOption.filter(), paramOption.params(), baseJar, headJar, allRows,
                !noPeerRulers, noRuler ? noRuler(spec.commandLine().getOut()) : headJar);
    }

    /** {@code --no-ruler}: no jar to run the ruler from, and a line saying what that costs. */
    private static Path noRuler(PrintWriter console) {
        console.println("ruler: none (--no-ruler), so no ruler watches the machine: a drift between the sides cannot mark this run noisy");
        return null;
    }

    /** One side: a revision built into a jar, or a jar checked; with neither (calibration only), the lab's own build. */
    private static AbRun.Side side(String option, String rev, Path jar, AbRevisions revisions, boolean ownBuildByDefault)
            throws Exception {
        if (jar != null) {
            AbRevisions.checkJmhJar(option + "-jar", jar);
            return new AbRun.Side(option.substring(2), "(prebuilt jar " + jar.getFileName() + ")", jar, GitState.UNKNOWN);
        }
        if (rev != null) {
            AbRevisions.Revision revision = revisions.resolve(option, rev);
            return new AbRun.Side(option.substring(2), revision.label(), revisions.jar(revision), revision.git());
        }
        if (!ownBuildByDefault) {
            throw new LabException(option + " REV or " + option + "-jar JAR is needed");
        }
        Path own = JmhProcess.benchmarksJar();
        AbRevisions.checkJmhJar("the lab's benchmarks jar", own);
        return new AbRun.Side(option.substring(2), "(this checkout's build)", own, GitState.ofLab());
    }

    /** The {@code --plant} slowdowns, sized on their rows from head's jar, by row index. */
    private Map<Integer, Plant> plants(Component component, AbPlan plan, AbRun.Side head, Path dir, int gatePairs, PrintWriter console)
            throws Exception {
        Map<Integer, Plant> plants = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : plant.entrySet()) {
            double fraction = percent("--plant " + e.getKey(), e.getValue(), false);
            List<AbPlan.Row> rows = plantedRows(component, plan, e.getKey());
            for (AbPlan.Row row : rows) {
                PlantSizing sizing = AbSizer.size(row, head, dir, fraction, console);
                try {
                    plants.put(row.index(), AbSizer.aim(row, head, dir, sizing, fraction, gatePairs, length.value(), console));
                } catch (IllegalArgumentException ex) {
                    throw new LabException("--plant " + e.getKey() + "=" + e.getValue() + " in " + row.label() + ": " + ex.getMessage());
                }
            }
        }
        return plants;
    }

    /** The rows a {@code --plant} selector names: {@code ruler}, a rung of the ladder, or a benchmark method. */
    static List<AbPlan.Row> plantedRows(Component component, AbPlan plan, String selector) {
        if (selector.equals("ruler")) {
            List<AbPlan.Row> rulers = plan.rows().stream().filter(r -> r.jar() != null).collect(Collectors.toList());
            if (rulers.isEmpty()) {
                throw new LabException("--plant ruler: head's jar has no ruler benchmark (" + AbPlan.RULER + ")");
            }
            return rulers;
        }
        String rung = null;
        try {
            rung = component.ladder().resolve(selector).id();
        } catch (UnknownEntryException e) {
            // not a rung: a method name, below
        }
        String id = rung;
        List<AbPlan.Row> rows = plan.judged().stream()
                .filter(r -> id != null ? id.equals(r.rung()) : r.method().equals(selector)).collect(Collectors.toList());
        if (rows.isEmpty()) {
            throw new LabException("--plant " + selector + ": no row of this run is " + (id != null ? "rung " + id : "a rung or method of that name")
                    + "; its rows: " + plan.judged().stream().map(AbPlan.Row::label).limit(4).collect(Collectors.joining(", "))
                    + (plan.judged().size() > 4 ? ", …" : ""));
        }
        return rows;
    }

    /** {@code --plants}: each one of the calibration's sizes, once, in the calibration's order; none for {@code none}. */
    static List<Double> plantedSizes(List<String> texts) {
        if (texts.stream().anyMatch(t -> t.trim().equals("none"))) {
            if (texts.size() > 1) {
                throw new LabException("--plants none makes A/A runs alone: it takes no sizes beside it (got " + String.join(",", texts) + ")");
            }
            return List.of();
        }
        List<Double> asked = new ArrayList<>();
        for (String text : texts) {
            double f = percent("--plants", text.trim(), true);
            if (dev.perflab.ab.Calibration.PLANTED.stream().noneMatch(p -> Math.abs(p - f) < 1e-9)) {
                throw new LabException("--plants " + text.trim() + ": the calibration plants 5%, 10% or 20%");
            }
            asked.add(f);
        }
        return dev.perflab.ab.Calibration.PLANTED.stream().filter(p -> asked.stream().anyMatch(f -> Math.abs(p - f) < 1e-9)).toList();
    }

    /**
     * A percentage with its % sign as a fraction, as {@code compare --threshold} reads it.
     *
     * @param open true when 0% and 100% are out of range too (a confidence)
     */
    static double percent(String option, String text, boolean open) {
        if (!text.endsWith("%")) {
            throw new LabException(option + " '" + text + "' needs its % sign (e.g. 5%); a bare number is ambiguous");
        }
        try {
            double p = Double.parseDouble(text.substring(0, text.length() - 1));
            if (open ? p > 0 && p < 100 : p >= 0 && p < 1000) {
                return p / 100;
            }
        } catch (NumberFormatException e) {
            // the message below says what was expected
        }
        throw new LabException(option + " '" + text + "' must be a percentage " + (open ? "between 0% and 100%, e.g. 95%" : "from 0%, e.g. 5%"));
    }
}
