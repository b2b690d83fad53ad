package dev.perflab.cli.grade;

import dev.perflab.ab.ForkResult;
import dev.perflab.base.Leftovers;
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

    /** @param options JMH's options for one fork (their fork count is ignored: one fork per run) */
    GradeRounds(List<GradeRow> rows, JmhOptions options, Function<String, Path> place, PrintWriter console) {
        this.rows = List.copyOf(rows);
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
        int done = from * rows.size();
        for (int round = from; round < rounds; round++) {
            for (GradeRow row : order(rows, round)) {
                String label = String.format(Locale.ROOT, "grade %d/%d", ++done, rows.size() * rounds);
                forks.get(row).add(fork(row, String.format(Locale.ROOT, "row%d-round%d", rows.indexOf(row) + 1, round + 1), label));
            }
        }
        return forks;
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
        int exit = JmhProcess.run(label, 1, args, log, console);
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
