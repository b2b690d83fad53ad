package dev.perflab.cli.grade;

import dev.perflab.ab.ForkResult;
import dev.perflab.base.Leftovers;
import dev.perflab.cli.grade.RoundSource.OverTime;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.report.ReportException;
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
import java.util.function.Function;

/**
 * A grade's measurements: every row one fork per round, all from the lab's own JMH (the learner's compiled file
 * first on its class path when {@code ./lab} or {@code --file} put it there), the rows' order reversed every other
 * round so that any two rows alternate which runs first (ABBA) and a drift of the machine hits both alike.
 *
 * <pre>
 *   round 1:  r2@1000 · student@1000 · student@1      round 2: student@1 · student@1000 · r2@1000     round 3: …
 *   DIR/forks/rowN-roundR.json   each fork's JMH JSON (-f 1, -prof gc), its .log beside it
 * </pre>
 *
 * A fork that fails leaves an empty place in its round and is named at the end; the targets judge the rounds whose
 * two forks both ran.
 *
 * <p>A fork of the learner's rung may take at most {@value #OVER_TIME_FACTOR} times as long as the reference rung's
 * longest fork so far, and at least {@value #OVER_TIME_FLOOR_SECONDS} s: the forks run the same iterations, so one
 * that is still going then runs at under a tenth of the reference's speed, or never ends an operation. It is stopped,
 * and the rounds stop with it ({@link #overTime()}). Without that, a single-shot row of a slow rung waits as long as its
 * work: the shipped kv mystery took about 250 s a shot of 100,000 puts (JDK 17, 2 cores), 2 hours for a first look.
 */
final class GradeRounds implements RoundSource {
    private final List<GradeRow> rows;
    private final JmhOptions options;
    /** Where a fork's file of a name goes: {@code forks/NAME} of the grade's folder, named through it (a grade written whole). */
    private final Function<String, Path> place;
    private final PrintWriter console;
    private final List<String> failures = new ArrayList<>();
    /** A slowdown planted in a row's forks ({@code -Dperflab.plant}, as {@code ./lab ab} plants one): calibration only. */
    private final Map<GradeRow, String> plants = new LinkedHashMap<>();
    /** The reference rung's id, as the rows' {@code rung} param names it: its forks set the others' time limit. */
    private final String reference;
    /** How many times the reference's longest fork a fork of the learner's rung may take. */
    static final double OVER_TIME_FACTOR = 10;
    /** The least time a fork of the learner's rung is given, whatever the reference's took: a JVM's start can stall. */
    static final double OVER_TIME_FLOOR_SECONDS = 60;
    /** The reference rung's longest fork in this grade, in seconds; 0 before its first. */
    private double longestReference;
    private OverTime overTime;

    /**
     * @param options   JMH's options for one fork (their fork count is ignored: one fork per run)
     * @param reference the reference rung's id, whose forks bound the time of the others ({@link #OVER_TIME_FACTOR})
     */
    GradeRounds(List<GradeRow> rows, JmhOptions options, String reference, Function<String, Path> place, PrintWriter console) {
        this.rows = List.copyOf(rows);
        this.reference = reference;
        this.options = new JmhOptions(1, options.warmupIterations(), options.warmupTime(), options.iterations(), options.iterationTime());
        this.place = place;
        this.console = console;
    }

    /** Plants {@code property} ({@link dev.perflab.ab.Plant#property}) in every fork of {@code row}; null takes it out. */
    GradeRounds plant(GradeRow row, String property) {
        if (property == null) {
            plants.remove(row);
        } else {
            plants.put(row, property);
        }
        return this;
    }

    /** One fork of one row, outside any round (a calibration's sizing forks). */
    Optional<ForkResult> single(GradeRow row, String name) throws IOException, InterruptedException {
        return fork(row, name, "grade " + name + " " + row.label());
    }

    /** The rows in round {@code round}'s order: as given in even rounds (from 0), reversed in odd ones. */
    static <T> List<T> order(List<T> rows, int round) {
        List<T> ordered = new ArrayList<>(rows);
        if (round % 2 == 1) {
            java.util.Collections.reverse(ordered);
        }
        return ordered;
    }

    /**
     * What {@code rounds} rounds take at least, in words: seconds of warm-up and measurement, and for a single-shot row
     * (each iteration one call, as long as its work, the iteration time not applying) its calls.
     */
    String length(int rounds) {
        dev.perflab.jmh.BenchmarkCatalog catalog = dev.perflab.jmh.BenchmarkCatalog.load();
        long singleShot = rows.stream().filter(r -> catalog.singleShot(r.benchmark())).count();
        double seconds = options.iterationSeconds() * (rows.size() - singleShot) * rounds;
        long calls = singleShot * rounds * (options.warmupIterations() + options.iterations());
        String time = seconds > 0 || calls == 0 ? "at least " + dev.perflab.report.Formats.duration(seconds) + " of warm-up and measurement" : "";
        return time + (calls == 0 ? "" : String.format(java.util.Locale.ROOT, "%s%,d single-shot calls, each as long as its work",
                time.isEmpty() ? "" : ", and ", calls));
    }

    /** No rounds yet: every row of {@code rows} with no forks, for {@link RoundSource#more}. */
    static Map<GradeRow, List<Optional<ForkResult>>> none(List<GradeRow> rows) {
        Map<GradeRow, List<Optional<ForkResult>>> forks = new LinkedHashMap<>();
        rows.forEach(r -> forks.put(r, new ArrayList<>()));
        return forks;
    }

    /**
     * Adds rounds to {@code forks} (from {@link #none}) until every row has {@code rounds}: a sequential grade's next
     * look. The order keeps alternating from the round reached, so the rounds added stay ABBA.
     */
    @Override
    public Map<GradeRow, List<Optional<ForkResult>>> more(Map<GradeRow, List<Optional<ForkResult>>> forks, int rounds)
            throws IOException, InterruptedException {
        int from = forks.get(rows.get(0)).size();
        if (from == 0) { // a new grade (a calibration grades many with one GradeRounds)
            longestReference = 0;
            overTime = null;
        }
        int done = from * rows.size();
        for (int round = from; round < rounds && overTime == null; round++) {
            for (GradeRow row : order(rows, round)) {
                String label = String.format(Locale.ROOT, "grade %d/%d", ++done, rows.size() * rounds);
                forks.get(row).add(fork(row, String.format(Locale.ROOT, "row%d-round%d", rows.indexOf(row) + 1, round + 1), label));
            }
        }
        return forks;
    }

    @Override
    public Optional<OverTime> overTime() {
        return Optional.ofNullable(overTime);
    }

    /** The forks that failed, one description each. */
    List<String> failures() {
        return List.copyOf(failures);
    }

    private Optional<ForkResult> fork(GradeRow row, String name, String label) throws IOException, InterruptedException {
        Leftovers.checkNotStopping(); // Ctrl-C: no fork starts after the stop put the previous grade back
        Path json = place.apply(name + ".json");
        Path log = place.apply(name + ".log");
        Files.createDirectories(json.getParent());
        Files.deleteIfExists(json);
        List<String> args = new ArrayList<>(List.of(row.include()));
        args.addAll(options.args());
        args.addAll(List.of("-prof", "gc", "-rf", "json", "-rff", json.toString()));
        row.params().forEach((param, value) -> args.addAll(List.of("-p", param + "=" + value)));
        if (plants.containsKey(row)) {
            args.addAll(List.of("-jvmArgsPrepend", "-D" + dev.perflab.ab.Plant.PROPERTY + "=" + plants.get(row)));
        }
        boolean ofReference = reference.equals(row.params().get("rung"));
        double limit = ofReference || longestReference == 0 ? Double.NaN
                : Math.max(OVER_TIME_FLOOR_SECONDS, OVER_TIME_FACTOR * longestReference);
        long started = System.nanoTime();
        int exit = JmhProcess.run(null, null, label, 1, args, log, console,
                Double.isNaN(limit) ? null : java.time.Duration.ofMillis((long) (limit * 1000)));
        double seconds = (System.nanoTime() - started) / 1e9;
        if (exit == JmhProcess.OVER_TIME) {
            overTime = new OverTime(row, limit, longestReference);
            console.printf(Locale.ROOT, "  stopped %s after %s: %s times as long as %s's longest fork (%s)%n", row.label(),
                    dev.perflab.report.Formats.duration(limit), Target.times(limit / longestReference).substring(1), reference,
                    dev.perflab.report.Formats.duration(longestReference));
            console.flush();
            return Optional.empty();
        }
        if (ofReference && exit == 0) {
            longestReference = Math.max(longestReference, seconds);
        }
        if (exit != 0 || !Files.isRegularFile(json) || Files.size(json) == 0) {
            failures.add(row.label() + " " + name + " (JMH exit " + exit + "; log " + log + ")");
            return Optional.empty();
        }
        try {
            return Optional.of(ForkResult.read(json));
        } catch (ReportException e) {
            failures.add(row.label() + " " + name + " (" + e.getMessage() + ")");
            return Optional.empty();
        }
    }
}
