package dev.perflab.cli.grade;

import dev.perflab.ab.AbRow;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.Looks;
import dev.perflab.ab.Plant;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.Component;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ./lab grade COMPONENT --calibrate RUNS}: how often the grade is right, measured. The exercise's reference
 * solution is graded RUNS times (the goal: PASS in at least 95%), and RUNS times with work planted in the learner's row
 * of its first speed target that makes it 30% slower than that target allows (the goal: NOT YET in at least 95%),
 * alternately, so a drift of the machine hits both; then its naive solution once (a planted slow one, or a mystery as
 * shipped), which must be NOT YET. The plant is sized on the row itself as {@code ./lab ab} sizes its plants
 * ({@link PlantSizing}: forks with T and 2T tokens). Meant for a quiet machine; the table says what it measured.
 */
final class GradeCalibration {
    /** How far past the target the planted rung is: its time per operation, 1.3 × what the target allows. */
    static final double PAST_TARGET = 0.30;
    /** The goals, as fractions of the runs. */
    static final double GOAL = 0.95;

    private final Component component;
    private final Exercise exercise;
    private final JmhOptions options;
    private final Looks rounds;
    /** How many grades stopped at each look's rounds, each way: what the sequential grade costs. */
    private final Map<String, Map<Integer, Integer>> stoppedAt = new java.util.TreeMap<>();
    private final RunFolder dir;
    private final PrintWriter console;

    GradeCalibration(Component component, Exercise exercise, JmhOptions options, Looks rounds, RunFolder dir, PrintWriter console) {
        this.component = component;
        this.exercise = exercise;
        this.options = options;
        this.rounds = rounds;
        this.dir = dir;
        this.console = console;
    }

    int run(int runs) throws IOException, InterruptedException {
        Target.Within within = exercise.targets().stream().filter(Target.Within.class::isInstance).map(Target.Within.class::cast)
                .findFirst().orElseThrow(() -> new LabException(exercise.id() + " has no speed target against a reference rung to calibrate"));
        Path relative = Path.of("lab-core", "src", "main", "java").relativize(Path.of(exercise.file()));
        Path reference = teacher("reference", relative);
        Path naive = Files.isRegularFile(teacher("slow", relative)) ? teacher("slow", relative) : exercises().resolve("shipped").resolve(relative);
        String before = System.getProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY);
        Path referenceClasses = GradeCommand.compile(List.of(reference), dir.path("reference-classes"));
        Path naiveClasses = GradeCommand.compile(List.of(naive), dir.path("naive-classes"));
        GradeCommand.use(referenceClasses, before);
        GradeRow planted = within.rows(exercise.rung()).get(1);
        GradeRounds grade = new GradeRounds(exercise.rows(), options, name -> dir.path("forks/" + name), console);
        double fraction = within.factor() * (1 + PAST_TARGET) - 1;
        Plant plant = size(grade, planted, fraction);
        console.printf("calibration of %s: %d run(s) each way, judged at %s; planted in %s: %s, %s slower than the target allows%n",
                exercise.id(), runs, rounds.describe().replace(" pairs,", " rounds,"), planted.label(), plant.describe(), AbRow.percent(PAST_TARGET));
        Map<Target.Verdict, Integer> asIs = new EnumMap<>(Target.Verdict.class);
        Map<Target.Verdict, Integer> slowed = new EnumMap<>(Target.Verdict.class);
        for (int run = 1; run <= runs; run++) {
            asIs.merge(verdict(grade.plant(planted, null), "reference, run " + run, "reference"), 1, Integer::sum);
            slowed.merge(verdict(grade.plant(planted, plant.property()), "planted, run " + run, "planted"), 1, Integer::sum);
        }
        grade.plant(planted, null);
        GradeCommand.use(naiveClasses, before);
        Target.Verdict naiveVerdict = verdict(grade, "naive solution " + naive, "naive");
        String table = table(runs, asIs, slowed, naive, naiveVerdict);
        console.println();
        console.print(table);
        console.flush();
        dir.file("calibration.txt").writeString(table);
        return 0;
    }

    private Target.Verdict verdict(GradeRounds grade, String what, String way) throws IOException, InterruptedException {
        GradeCommand.Graded graded = GradeCommand.speed(exercise, grade, rounds, console);
        Target.Verdict verdict = graded.verdict();
        stoppedAt.computeIfAbsent(way, w -> new java.util.TreeMap<>()).merge(graded.rounds(), 1, Integer::sum);
        console.printf("%s: %s at %d rounds%n", what, verdict.label, graded.rounds());
        graded.judgements().forEach(j -> console.println("  " + j.line().replace("\n", "\n  ")));
        console.flush();
        return verdict;
    }

    /** The plant that slows {@code row} by {@code fraction} of its own time, sized on the row: forks with T and 2T tokens. */
    private Plant size(GradeRounds grade, GradeRow row, double fraction) throws IOException, InterruptedException {
        ForkResult plain = fork(grade, row, null, "sizing-plain");
        int operations = BenchmarkCatalog.load().operationsPerInvocation(row.benchmark());
        long[] trial = PlantSizing.trial(PlantSizing.secondsPerInvocation(plain.score(), plain.row().unit(), plain.threads(), operations),
                plain.threads());
        long tokens = trial[0];
        long period = trial[1];
        try {
            PlantSizing sizing;
            if (period == 1) {
                double t = slowdown(plain, fork(grade, row, Long.toString(tokens), "sizing-t"));
                double t2 = slowdown(plain, fork(grade, row, Long.toString(2 * tokens), "sizing-2t"));
                sizing = PlantSizing.throughZero(tokens, t, t2);
            } else {
                double counter = slowdown(plain, fork(grade, row, "0/" + period, "sizing-counter"));
                double t = slowdown(plain, fork(grade, row, tokens + "/" + period, "sizing-t"));
                sizing = PlantSizing.withCounter(period, tokens, counter, t);
            }
            return sizing.plant(fraction);
        } catch (IllegalArgumentException e) {
            throw new LabException("cannot size a plant for " + row.label() + ": " + e.getMessage(), LabException.CHECK_FAILED);
        } finally {
            grade.plant(row, null);
        }
    }

    private static ForkResult fork(GradeRounds grade, GradeRow row, String plant, String name) throws IOException, InterruptedException {
        Optional<ForkResult> fork = grade.plant(row, plant).single(row, name);
        return fork.orElseThrow(() -> new LabException("a sizing fork failed: " + String.join("; ", grade.failures()), LabException.CHECK_FAILED));
    }

    /** ρ = t/t₀ − 1 from two forks' scores, whichever way the unit points. */
    private static double slowdown(ForkResult plain, ForkResult planted) {
        boolean higher = AbRow.higherIsBetter(plain.row().unit(), plain.row().mode());
        return higher ? plain.score() / planted.score() - 1 : planted.score() / plain.score() - 1;
    }

    private String table(int runs, Map<Target.Verdict, Integer> asIs, Map<Target.Verdict, Integer> slowed, Path naive,
                         Target.Verdict naiveVerdict) {
        int passes = asIs.getOrDefault(Target.Verdict.PASS, 0);
        int catches = slowed.getOrDefault(Target.Verdict.NOT_YET, 0);
        return String.format(Locale.ROOT, "%s, judged at %s, %d run%s each:%n", exercise.id(),
                rounds.describe().replace(" pairs,", " rounds,"), runs, runs == 1 ? "" : "s")
                + row("reference solution", asIs, runs) + String.format(Locale.ROOT, "   PASS in %s (goal ≥ %s): %s%n",
                AbRow.percent((double) passes / runs), AbRow.percent(GOAL), passes >= GOAL * runs ? "met" : "NOT met")
                + row("planted " + AbRow.percent(PAST_TARGET) + " past the target", slowed, runs)
                + String.format(Locale.ROOT, "   NOT YET in %s (goal ≥ %s): %s%n", AbRow.percent((double) catches / runs),
                AbRow.percent(GOAL), catches >= GOAL * runs ? "met" : "NOT met")
                + String.format(Locale.ROOT, "naive solution (%s): %s (must be NOT YET)%n", naive, naiveVerdict.label)
                + String.format(Locale.ROOT, "rounds a grade took (rounds=grades): reference %s; planted %s%n",
                stopped("reference"), stopped("planted"))
                + (runs < 20 ? String.format(Locale.ROOT, "(%d runs cannot show a 95%% rate; 20 or more can)%n", runs) : "");
    }

    private String stopped(String way) {
        return stoppedAt.getOrDefault(way, Map.of()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static String row(String what, Map<Target.Verdict, Integer> counts, int runs) {
        return String.format(Locale.ROOT, "%-34s PASS %d, NOT YET %d, UNDECIDED %d of %d%n", what, counts.getOrDefault(Target.Verdict.PASS, 0),
                counts.getOrDefault(Target.Verdict.NOT_YET, 0), counts.getOrDefault(Target.Verdict.UNDECIDED, 0), runs);
    }

    private static Path teacher(String which, Path relative) {
        return exercises().resolve("teacher").resolve(which).resolve(relative);
    }

    /** The repository's exercises folder ({@code perflab.home}, set by {@code ./lab}). */
    static Path exercises() {
        return Path.of(System.getProperty("perflab.home", ".")).resolve("exercises");
    }
}
