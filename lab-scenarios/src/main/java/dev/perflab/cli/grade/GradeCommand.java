package dev.perflab.cli.grade;

import dev.perflab.ab.ForkResult;
import dev.perflab.ab.Looks;
import dev.perflab.ab.PairedRatio;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.cli.check.CheckCommand;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.OutOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.RungOption;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.ExerciseCompiler;
import dev.perflab.report.Formats;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab grade COMPONENT [--rung ID] [--smoke] [--rounds N] [--file FILE…] [--out DIR]}: the contract, then
 * the learner's rung against the exercise's reference rung, target by target (see the package comment). Exit 0:
 * PASS; 1: NOT YET (a check fails or a target is not met); 3: UNDECIDED (an interval straddles a target: more rounds,
 * or a quieter machine, will tell); 2: bad input.
 *
 * <p>By default the grade is sequential, as {@code ./lab ab} is ({@link Looks}): it judges at 6 rounds, and while a
 * target is still UNDECIDED (and none is NOT YET) it adds rounds to 12 and then 24, each interval at the level that
 * keeps 95% over the three looks. A correct solution's interval straddled the ×1.2 bound in most 6-round grades on 2
 * cores, because 6 pairs of quick forks tell apart only about 9%–21%
 * (docs/measurements/2026-11-29-grade-calibration.md); more rounds for those grades alone decide them without making
 * every grade four times as long. {@code --rounds N} grades at one look of N rounds. {@code --budget TIME} keeps a grade's
 * wait within TIME: a look the time left cannot hold is brought forward to the rounds it can, and is the last (the
 * looks' levels stay as they are, so the 95% still holds: {@link Looks}).
 */
@Command(name = "grade", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Grade an exercise: its contract, then your rung against the reference rung, forks of one jar in"
                + " alternating rounds (ABBA), each target PASS, NOT YET, or UNDECIDED when its interval cannot tell.",
                "Exit 0: PASS; 1: NOT YET; 3: UNDECIDED; 2: bad input. The targets: exercises/README.md."})
public final class GradeCommand implements Callable<Integer>, Registry.User {
    /** The CLI's main class, by name: the grade runs below the lab-wide commands and starts it only as a child JVM. */
    static final String LAB_MAIN = "dev.perflab.cli.Lab";
    /** Exit code when an interval cannot tell PASS from NOT YET. */
    public static final int UNDECIDED = 3;
    /** The intervals' coverage, as {@code ./lab ab}'s default. */
    static final double CONFIDENCE = 0.95;
    /** Rounds of the first look: about two minutes of forks for the order book's three rows on 2 cores. */
    static final int DEFAULT_ROUNDS = 6;
    /** Rounds of the last look, for a grade still UNDECIDED: four times the first, about ten minutes on 2 cores. */
    static final int MOST_ROUNDS = 24;
    /** Rounds of a smoke grade (CI's end-to-end check): the fewest that still make an interval worth reading. */
    static final int SMOKE_ROUNDS = 3;

    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "The exercise's component, e.g. orderbook.")
    String component;

    /** The learner's rung: the exercise or a mystery rung. */
    @Mixin
    RungOption rung = RungOption.defaultingTo("student");

    @Option(names = "--smoke", description = "Short forks and " + SMOKE_ROUNDS + " rounds: that grading works, not a grade to trust.")
    boolean smoke;

    @Option(names = "--rounds", paramLabel = "N",
            description = "Rounds of forks (pairs for each target), judged once. Default: judged at " + DEFAULT_ROUNDS
                    + " rounds, then, while a target is UNDECIDED, at 12 and " + MOST_ROUNDS + " (--smoke: " + SMOKE_ROUNDS + ", once).")
    Integer rounds;

    @Option(names = "--budget", paramLabel = "TIME",
            description = "Time from the first fork within which an UNDECIDED grade gets more rounds, e.g. 5m or 300s; the"
                    + " first " + DEFAULT_ROUNDS + " rounds always run (default: no limit, up to " + MOST_ROUNDS + " rounds)."
                    + " A grade the budget stops stays UNDECIDED and says so.")
    String budget;

    @Option(names = "--file", split = ",", paramLabel = "FILE",
            description = "Grade these source files in place of the learner's (a reference or planted solution from"
                    + " exercises/teacher): compiled into DIR/classes, first on every class path the grade uses.")
    List<Path> files;

    @Option(names = "--calibrate", paramLabel = "RUNS",
            description = {"Measure the grade itself: RUNS grades of the reference solution (exercises/teacher/reference) and"
                    + " RUNS of it planted 30%% slower than the target, alternately, then the naive solution once. Goals: the"
                    + " reference passes and the planted one is NOT YET in at least 95%% of runs. For a quiet machine."})
    Integer calibrate;

    /** Where the forks' JSON and logs and grade.txt go. */
    @Mixin
    OutOption out = OutOption.orElse("results/grade/COMPONENT-RUNG");

    @Override
    public void use(Registry newRegistry) {
        this.registry = newRegistry;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Component target = registry.byName(component);
        Entry<?> entry = target.ladder().resolve(rung.one());
        Exercise exercise = Exercises.find(target.name(), entry.id());
        if (rounds != null && rounds < PairedRatio.MIN_PAIRS) {
            throw new LabException("--rounds " + rounds + ": an interval needs at least " + PairedRatio.MIN_PAIRS + " rounds");
        }
        Looks n = looks(rounds, smoke);
        double budgetSeconds = budget == null ? Double.NaN : Formats.durationOption("--budget", budget);
        if (budget != null && (n.count() == 1 || calibrate != null)) {
            throw new LabException("--budget " + budget + " limits the looks of a default grade; "
                    + (calibrate != null ? "--calibrate measures the grade without one" : (smoke ? "--smoke" : "--rounds " + rounds)
                    + " is one look of its rounds: drop one of the two"));
        }
        // the sources graded are the run's inputs: an --out that is or holds one would overwrite the learner's work
        if (files != null && calibrate == null) {
            requireFiles(files);
        }
        Inputs inputs = files != null ? Inputs.none().addAll(files) : Inputs.of(Path.of(exercise.file()));
        RunFolder dir = RunFolder.open("--out", out.dir() != null ? out.dir() : ResultsLayout.DEFAULT.grade(target.name(), entry.id()), inputs);
        PrintWriter console = spec.commandLine().getOut();
        console.printf("perflab grade %s · %s%n", exercise.id(), Machine.header());
        console.printf("%s%nyour file: %s; measured against %s%n", entry.summary(),
                files != null ? String.join(", ", files.stream().map(Path::toString).toList()) + " (--file, in its place)" : exercise.file(),
                exercise.reference());
        console.flush();
        String before = System.getProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY);
        try {
            // a grade is written whole or not at all (a Ctrl-C leaves the previous grade as it was); a calibration keeps
            // every run that ended, for the table it rewrites after each
            return calibrate != null ? calibrate(target, exercise, n, dir, console) : dir.whole(() -> grade(target, exercise, n, budgetSeconds, dir, console, before));
        } finally {
            restore(before);
        }
    }

    /** The contract (in a child JVM when {@code --file} gave other sources), then the speed once every check passes. */
    private int grade(Component target, Exercise exercise, Looks n, double budgetSeconds, RunFolder dir, PrintWriter console, String before)
            throws IOException, InterruptedException {
        // the classes compiled from --file are the run's workings, not its results: outside the whole-grade promise
        Path classes = files != null ? compile(dir.dir().resolve("classes"), before) : null;
        console.println();
        console.println("1. the contract");
        console.flush();
        String name = target.name();
        int contract = classes != null ? checkIn(classes, name, exercise.rung(), console) : CheckCommand.check(target.ladder(), exercise.rung(), console);
        if (contract != 0) {
            return finish(dir, console, Target.Verdict.NOT_YET, "the contract fails (the ✗ lines above): fix them with ./lab check "
                    + name + " --rung " + exercise.rung() + " first; speed is graded once every check passes", "");
        }
        if (Machine.cores() < exercise.cores()) {
            return finish(dir, console, Target.Verdict.UNDECIDED, String.format(java.util.Locale.ROOT, "the contract passes; the speed is"
                    + " not graded on %d cores: %s's cause shows with %d cores or more, and with fewer the shipped rung itself meets"
                    + " the target (exercises/teacher/README.md). Grade it on a machine with %d cores or more; here, compare the"
                    + " profiles (exercises/mysteries.md)", Machine.cores(), exercise.id(), exercise.cores(), exercise.cores()), "");
        }
        return measure(target, exercise, n, budgetSeconds, dir, console);
    }

    private int calibrate(Component target, Exercise exercise, Looks n, RunFolder dir, PrintWriter console) throws IOException, InterruptedException {
        if (files != null || calibrate < 1) {
            throw new LabException(files != null ? "--calibrate grades the exercise's own reference and naive solutions: drop --file"
                    : "--calibrate " + calibrate + ": at least 1 run");
        }
        if (Machine.cores() < exercise.cores()) {
            console.printf("note: %s is graded on %d cores or more; this machine has %d, so the calibration measures how the grade"
                    + " does where it is not given (the naive solution may well pass)%n", exercise.id(), exercise.cores(), Machine.cores());
        }
        return new GradeCalibration(target, exercise, options(target, exercise, smoke), n, dir, console).run(calibrate);
    }

    /** The exercise classes JMH's runs had before this grade. */
    static void restore(String before) {
        if (before == null) {
            System.clearProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY);
        } else {
            System.setProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY, before);
        }
    }

    private int measure(Component target, Exercise exercise, Looks n, double budgetSeconds, RunFolder dir, PrintWriter console)
            throws IOException, InterruptedException {
        GradeRounds grade = new GradeRounds(exercise.rows(), options(target, exercise, smoke), exercise.reference(), name -> dir.path("forks/" + name),
                console);
        console.println();
        console.printf("2. the speed: %d rows × %d rounds = %d forks of one JMH run each, the rows' order reversed every other"
                        + " round; %s (each fork's JVM start comes on top)%n",
                exercise.rows().size(), n.first(), exercise.rows().size() * n.first(), grade.length(n.first()));
        if (n.count() > 1) {
            console.printf("   judged at %s; while a target is UNDECIDED, more rounds up to %d (those %d rounds: %s)%n", n.describe()
                    .replace(" pairs,", " rounds,"), n.last(), n.last() - n.first(), grade.length(n.last() - n.first()));
            if (!Double.isNaN(budgetSeconds)) {
                console.printf("   within a budget of %s from the first fork (--budget): a look it cannot hold comes at the rounds it"
                        + " can, and is the last%n", Formats.duration(budgetSeconds));
            }
        }
        console.flush();
        Graded graded = speed(exercise, grade, n, budgetSeconds, System::nanoTime, console);
        List<Target.Judgement> judgements = graded.judgements();
        console.println();
        console.println(Target.Verdict.joined(judgements));
        grade.failures().forEach(f -> console.println("fork failed: " + f));
        Target.Verdict verdict = graded.verdict();
        String why = switch (verdict) {
            case PASS -> "every target is met, within the intervals of " + graded.rounds() + " rounds";
            case NOT_YET -> "a target is not met (the hint under it says where to look)";
            case UNDECIDED -> "an interval straddles its target, so " + graded.rounds() + " rounds cannot tell: run again with "
                    + (graded.cut() ? "a longer --budget (it held " + graded.rounds() + " of the " + n.last() + " rounds)" : "more --rounds")
                    + ", or on a quieter machine (close other programs; a laptop on its charger)";
        };
        return finish(dir, console, verdict, why, Target.Verdict.joined(judgements) + "\n");
    }

    /** The looks of a grade: {@code --rounds N} one look; --smoke one look of 3; by default 6, 12 and 24 rounds. */
    static Looks looks(Integer rounds, boolean smoke) {
        return rounds != null ? Looks.single(rounds, CONFIDENCE) : smoke ? Looks.single(SMOKE_ROUNDS, CONFIDENCE)
                : Looks.doubling(DEFAULT_ROUNDS, MOST_ROUNDS, CONFIDENCE);
    }

    /**
     * A grade's speed: its targets' judgements at the look it stopped at.
     *
     * @param rounds the rounds they rest on
     * @param forks  every row's forks, round by round (empty where a fork failed)
     * @param cut    whether the time budget stopped the looks before their last
     */
    record Graded(List<Target.Judgement> judgements, int rounds, Map<GradeRow, List<Optional<ForkResult>>> forks, boolean cut) {
        Target.Verdict verdict() {
            return Target.Verdict.of(judgements.stream().map(Target.Judgement::verdict).toList());
        }
    }

    /** {@link #speed(Exercise, RoundSource, Looks, double, LongSupplier, PrintWriter)} with no time budget. */
    static Graded speed(Exercise exercise, RoundSource grade, Looks looks, PrintWriter console) throws IOException, InterruptedException {
        return speed(exercise, grade, looks, Double.NaN, System::nanoTime, console);
    }

    /**
     * Runs the first look's rounds and judges every target of the exercise on them, each interval at the looks' level;
     * while the grade is UNDECIDED (no target NOT YET, one that cannot tell), adds rounds to the next look. Within a
     * budget, the next look comes at the rounds the time left holds (a round as long as the rounds so far took), and is
     * then the last; with no round held, the grade stops where it is.
     *
     * @param budgetSeconds the time from the first round within which looks are added; NaN for no limit
     * @param clock         nanoseconds, as {@link System#nanoTime()}
     */
    static Graded speed(Exercise exercise, RoundSource grade, Looks looks, double budgetSeconds, LongSupplier clock, PrintWriter console)
            throws IOException, InterruptedException {
        long started = clock.getAsLong();
        int reached = looks.first();
        Map<GradeRow, List<Optional<ForkResult>>> forks = grade.more(GradeRounds.none(exercise.rows()), reached);
        boolean cut = false;
        while (true) {
            Map<GradeRow, List<Optional<ForkResult>>> sofar = forks;
            if (grade.overTime().isPresent()) {
                return overTime(exercise, grade.overTime().get(), sofar, looks.intervalConfidence());
            }
            Graded graded = new Graded(exercise.targets().stream()
                    .map(t -> t.judge(exercise.rung(), sofar, looks.intervalConfidence())).toList(), reached, sofar, cut);
            java.util.OptionalInt next = looks.after(reached);
            if (graded.verdict() != Target.Verdict.UNDECIDED || next.isEmpty() || cut) {
                return graded;
            }
            String open = graded.judgements().stream().filter(j -> j.verdict() == Target.Verdict.UNDECIDED)
                    .map(j -> j.target().describe()).collect(java.util.stream.Collectors.joining("; "));
            int target = next.getAsInt();
            String because = "";
            if (!Double.isNaN(budgetSeconds)) {
                double spent = (clock.getAsLong() - started) / 1e9;
                double round = spent / reached;
                int held = (int) Math.max(0, Math.floor((budgetSeconds - spent) / round));
                if (held == 0) {
                    console.printf("after %d rounds: %s still UNDECIDED; the budget left, %s of %s, holds no more round (one takes"
                                    + " about %s)%n", reached, open, Formats.duration(Math.max(0, budgetSeconds - spent)),
                            Formats.duration(budgetSeconds), Formats.duration(round));
                    console.flush();
                    return new Graded(graded.judgements(), reached, sofar, true);
                }
                if (reached + held < target) {
                    because = " (the budget left, " + Formats.duration(budgetSeconds - spent) + ", holds " + held + " of the "
                            + (target - reached) + " rounds to the next look; this look is the last)";
                    target = reached + held;
                    cut = true;
                }
            }
            console.printf("after %d rounds: %s still UNDECIDED; %d more rounds, to %d%s%n", reached, open, target - reached, target, because);
            console.flush();
            reached = target;
            forks = grade.more(forks, reached);
        }
    }

    /**
     * The grade of rounds cut short by a fork of the learner's rung that ran out of time: NOT YET for every target that
     * row belongs to, the others judged on what ran.
     */
    private static Graded overTime(Exercise exercise, RoundSource.OverTime over, Map<GradeRow, List<Optional<ForkResult>>> forks,
                                   double confidence) {
        List<Target.Judgement> judgements = exercise.targets().stream().map(t -> t.rows(exercise.rung()).contains(over.row())
                ? new Target.Judgement(t, Target.Verdict.NOT_YET, String.format(java.util.Locale.ROOT, "a fork of %s was still"
                        + " running after %s, where %s's longest took %s for the same iterations: it runs at under %s of %s's"
                        + " speed, or an operation never ends", over.row().label(), Formats.duration(over.limitSeconds()),
                        exercise.reference(), Formats.duration(over.referenceSeconds()), Target.times(over.speedBelow()),
                        exercise.reference()))
                : t.judge(exercise.rung(), forks, confidence)).toList();
        return new Graded(judgements, forks.get(exercise.rows().get(0)).size(), forks, false);
    }

    /** The JMH options of a fork: the suite's for the length, or the benchmark class's annotations when it has none. */
    static JmhOptions options(Component target, Exercise exercise, boolean smoke) {
        RunLength length = smoke ? RunLength.SMOKE : RunLength.QUICK;
        return target.suites().stream().filter(s -> s.className().equals(exercise.suite())).findFirst()
                .flatMap(s -> s.optionsFor(length))
                .orElseGet(() -> BenchmarkCatalog.load().declared(exercise.rows().get(0).benchmark()));
    }

    /** Prints the verdict's line and saves it after the targets' lines ({@code judgements}) as {@code DIR/grade.txt}. */
    private static int finish(RunFolder dir, PrintWriter console, Target.Verdict verdict, String why, String judgements) {
        String line = "grade: " + verdict.label + " — " + why;
        console.println();
        console.println(line);
        console.flush();
        dir.file("grade.txt").writeString(judgements + line + "\n");
        return switch (verdict) {
            case PASS -> 0;
            case NOT_YET -> LabException.CHECK_FAILED;
            case UNDECIDED -> UNDECIDED;
        };
    }

    /** @throws LabException (exit 2) naming the first of {@code sources} that is not a file */
    private static void requireFiles(List<Path> sources) {
        for (Path f : sources) {
            if (!Files.isRegularFile(f)) {
                throw new LabException("--file " + f + ": no such file");
            }
        }
    }

    /** {@code --file}: compiles the files into {@code classes} and puts them first on the class path of JMH's runs. */
    private Path compile(Path classes, String before) throws IOException {
        compile(files, classes);
        use(classes, before);
        return classes;
    }

    /**
     * Compiles exercise files into {@code classes} against this JVM's class path.
     *
     * @throws LabException (exit 2) when a file is missing or does not compile, with javac's errors
     */
    static Path compile(List<Path> sources, Path classes) throws IOException {
        requireFiles(sources);
        try {
            ExerciseCompiler.compile(sources, ExerciseCompiler.thisClassPath(), classes);
        } catch (ExerciseCompiler.CompileError e) {
            throw new LabException("--file: does not compile:\n" + e.getMessage());
        }
        return classes;
    }

    /** Puts {@code classes} first on the class path of every JMH run from here on, before what {@code ./lab} put there. */
    static void use(Path classes, String before) {
        System.setProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY, before == null ? classes.toString() : classes + File.pathSeparator + before);
    }

    /** The contract in a child JVM whose class path starts with {@code classes}: {@code ./lab check} on those files. */
    private static int checkIn(Path classes, String component, String rung, PrintWriter console) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Machine.javaExecutable(),
                "-cp", classes + File.pathSeparator + System.getProperty("java.class.path")));
        Optional.ofNullable(System.getProperty("perflab.home")).ifPresent(h -> command.add("-Dperflab.home=" + h));
        command.addAll(List.of(LAB_MAIN, "check", component, "--rung", rung));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                console.println(line);
                console.flush();
            }
        }
        return child.waitFor();
    }
}
