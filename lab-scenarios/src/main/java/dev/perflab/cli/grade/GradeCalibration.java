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
    private final RunFolder dir;
    private final PrintWriter console;
    /** The learner's row over the reference's (the first speed target's point estimate), each way, run by run. */
    private final Map<String, List<Double>> measured = new java.util.TreeMap<>();
    /** How many grades stopped at each look's rounds, each way: what the sequential grade costs. */
    private final Map<String, Map<Integer, Integer>> stoppedAt = new java.util.TreeMap<>();
    /** The sizing's trial plants and what each slowed the row by, in the order measured. */
    private final List<Plant> trials = new java.util.ArrayList<>();
    private final List<Double> trialSlowdowns = new java.util.ArrayList<>();
    /**
     * Every graded run's fork scores, one line each ({@code way, run, round, row, score, unit}), saved as
     * {@code DIR/forks.tsv} after each run: the forks files themselves are overwritten run by run, and another interval
     * can be tried on the same forks from this file.
     */
    private final StringBuilder forkScores = new StringBuilder("way\trun\tround\trow\tscore\tunit\n");
    /** The first speed target, whose learner row carries the plant (set when the calibration starts). */
    private Target.Within within;

    GradeCalibration(Component component, Exercise exercise, JmhOptions options, Looks rounds, RunFolder dir, PrintWriter console) {
        this.component = component;
        this.exercise = exercise;
        this.options = options;
        this.rounds = rounds;
        this.dir = dir;
        this.console = console;
    }

    int run(int runs) throws IOException, InterruptedException {
        within = exercise.targets().stream().filter(Target.Within.class::isInstance).map(Target.Within.class::cast)
                .findFirst().orElseThrow(() -> new LabException(exercise.id() + " has no speed target against a reference rung to calibrate"));
        Path relative = Path.of("lab-core", "src", "main", "java").relativize(Path.of(exercise.file()));
        Path reference = teacher("reference", relative);
        Path naive = Files.isRegularFile(teacher("slow", relative)) ? teacher("slow", relative) : exercises().resolve("shipped").resolve(relative);
        String before = System.getProperty(JmhProcess.EXERCISE_CLASSES_PROPERTY);
        Path referenceClasses = GradeCommand.compile(List.of(reference), dir.path("reference-classes"));
        Path naiveClasses = GradeCommand.compile(List.of(naive), dir.path("naive-classes"));
        GradeCommand.use(referenceClasses, before);
        GradeRow planted = within.rows(exercise.rung()).get(1);
        GradeRounds grade = new GradeRounds(exercise.rows(), options, exercise.reference(), name -> dir.path("forks/" + name), console);
        double fraction = within.factor() * (1 + PAST_TARGET) - 1;
        PlantSizing sizing = size(grade, planted);
        Plant plant;
        try {
            plant = first(sizing, fraction);
        } catch (IllegalArgumentException e) {
            throw new LabException("cannot size a plant for " + planted.label() + ": " + e.getMessage(), LabException.CHECK_FAILED);
        }
        console.printf("calibration of %s: %d run(s) each way, judged at %s; planted in %s: %s, %s slower than the target allows%n",
                exercise.id(), runs, rounds.describe().replace(" pairs,", " rounds,"), planted.label(), plant.describe(), AbRow.percent(PAST_TARGET));
        Map<Target.Verdict, Integer> asIs = new EnumMap<>(Target.Verdict.class);
        Map<Target.Verdict, Integer> slowed = new EnumMap<>(Target.Verdict.class);
        List<Plant> plants = new java.util.ArrayList<>();
        List<Double> realized = new java.util.ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            GradeCommand.Graded unplanted = verdict(grade.plant(planted, null), "reference, run " + run, "reference");
            asIs.merge(unplanted.verdict(), 1, Integer::sum);
            GradeCommand.Graded slowedDown = verdict(grade.plant(planted, plant.property()), "planted, run " + run + " with "
                    + plant.describe(), "planted");
            slowed.merge(slowedDown.verdict(), 1, Integer::sum);
            plant = reaimed(sizing, plant, plants, realized, speed(unplanted), speed(slowedDown));
        }
        grade.plant(planted, null);
        GradeCommand.use(naiveClasses, before);
        Target.Verdict naiveVerdict = verdict(grade, "naive solution " + naive, "naive").verdict();
        String table = table(runs, asIs, slowed, naive, naiveVerdict);
        console.println();
        console.print(table);
        console.flush();
        dir.file("calibration.txt").writeString(table);
        return 0;
    }

    private GradeCommand.Graded verdict(GradeRounds grade, String what, String way) throws IOException, InterruptedException {
        GradeCommand.Graded graded = GradeCommand.speed(exercise, grade, rounds, console);
        Target.Verdict verdict = graded.verdict();
        stoppedAt.computeIfAbsent(way, w -> new java.util.TreeMap<>()).merge(graded.rounds(), 1, Integer::sum);
        keep(way, stoppedAt.get(way).values().stream().mapToInt(Integer::intValue).sum(), graded);
        // what the plant did, not only what it was aimed at: a plant sized on single forks can miss its aim
        speed(graded).ifPresent(speed -> measured.computeIfAbsent(way, w -> new java.util.ArrayList<>()).add(speed));
        console.printf("%s: %s at %d rounds%n", what, verdict.label, graded.rounds());
        graded.judgements().forEach(j -> console.println("  " + j.line().replace("\n", "\n  ")));
        console.flush();
        return graded;
    }

    /** Adds a run's fork scores to {@link #forkScores} and saves the file. */
    private void keep(String way, int run, GradeCommand.Graded graded) {
        graded.forks().forEach((row, forks) -> {
            for (int round = 0; round < forks.size(); round++) {
                int r = round + 1;
                forks.get(round).ifPresent(f -> forkScores.append(String.format(Locale.ROOT, "%s\t%d\t%d\t%s\t%s\t%s%n", way, run, r,
                        row.label().strip(), f.score(), f.row().unit())));
            }
        });
        dir.file("forks.tsv").writeString(forkScores.toString());
    }

    /** The learner's row over the reference rung's in the first speed target (its point estimate); empty without pairs. */
    private java.util.OptionalDouble speed(GradeCommand.Graded graded) {
        List<GradeRow> rows = within.rows(exercise.rung());
        return Target.Speed.of(graded.forks().get(rows.get(0)), graded.forks().get(rows.get(1)), GradeCommand.CONFIDENCE)
                .map(s -> java.util.OptionalDouble.of(s.speedup())).orElse(java.util.OptionalDouble.empty());
    }

    /**
     * The plant of the next planted run, from what the last one realized: its learner row's speed over the reference
     * rung's, against the same ratio in the run of the unplanted solution just before it (both rounds of forks beside
     * r2, so the machine's drift between the two runs cancels). Re-aimed as {@code ./lab ab --calibrate} re-aims
     * ({@link PlantSizing#reaimed}): the sizing forks, single forks run back to back, can miss; on the order book's
     * cancel (JDK 17, 2 cores), 19 tokens slowed the row by 56% and 38 by 203%, and the slope through zero fitted to
     * both aimed 56% at 11 tokens, which realized about 29%–37% in the runs
     * (docs/measurements/2026-11-30-grade-calibration.md).
     */
    private Plant reaimed(PlantSizing sizing, Plant plant, List<Plant> plants, List<Double> realized, java.util.OptionalDouble unplanted,
                          java.util.OptionalDouble slowedDown) {
        if (unplanted.isEmpty() || slowedDown.isEmpty()) {
            return plant; // a run without two forks in enough rounds: nothing to read
        }
        double rho = unplanted.getAsDouble() / slowedDown.getAsDouble() - 1;
        plants.add(plant);
        realized.add(rho);
        Plant next = PlantSizing.reaimed(sizing.overhead(), plant, plants, realized);
        console.printf("  the plant realized %s (aimed at %s)%s%n", AbRow.percent(rho), AbRow.percent(plant.fraction()),
                next.equals(plant) ? "" : "; the next planted run: " + next.describe());
        return next;
    }

    /**
     * The first plant: between the sizing's two measured points where they bracket the fraction, else along the line
     * through them ({@link PlantSizing#aimed(double, List, List)}), not the slope through zero fitted to both, which a
     * row whose slowdown grows faster than its tokens (short bursts hidden under the row's own memory waits) sets too
     * low.
     */
    private Plant first(PlantSizing sizing, double fraction) {
        if (trials.size() < 2) {
            return sizing.plant(fraction);
        }
        return sizing.aimed(fraction, trials, trialSlowdowns);
    }

    /** How a plant slows {@code row}, sized on the row: forks with T and 2T tokens (or the counter and T tokens). */
    private PlantSizing size(GradeRounds grade, GradeRow row) throws IOException, InterruptedException {
        ForkResult plain = fork(grade, row, null, "sizing-plain");
        double operations = BenchmarkCatalog.load().operationsPerCall(row.benchmark());
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
                trials.addAll(List.of(new Plant(t, tokens, 1), new Plant(t2, 2 * tokens, 1)));
                trialSlowdowns.addAll(List.of(t, t2));
            } else {
                double counter = slowdown(plain, fork(grade, row, "0/" + period, "sizing-counter"));
                double t = slowdown(plain, fork(grade, row, tokens + "/" + period, "sizing-t"));
                sizing = PlantSizing.withCounter(period, tokens, counter, t);
            }
            return sizing;
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
                + String.format(Locale.ROOT, "%s, run by run (target: at least %s; the plant aims at %s of the unplanted speed):%n"
                        + "   reference %s%n   planted   %s%n", within.describe().replaceFirst("^within \\S+ of ", "learner ÷ "),
                Target.times(1 / within.factor()), Target.times(1 / (within.factor() * (1 + PAST_TARGET))), ratios("reference"),
                ratios("planted"))
                + (runs < 20 ? String.format(Locale.ROOT, "(%d runs cannot show a 95%% rate; 20 or more can)%n", runs) : "");
    }

    private String ratios(String way) {
        return measured.getOrDefault(way, List.of()).stream().map(Target::times).collect(java.util.stream.Collectors.joining(", "));
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
