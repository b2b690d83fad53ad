package dev.perflab.cli.ab;

import dev.perflab.ab.ForkResult;
import dev.perflab.ab.Steal;
import dev.perflab.base.CpuTimes;
import dev.perflab.base.Leftovers;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one fork of one row of an A/B run: one JMH run from a given jar, {@code -f 1}, the row's benchmark and
 * every param pinned, JMH's JSON kept as it wrote it ({@code FILE.json}, written under a temporary name and
 * renamed when JMH ends) and its log beside it ({@code FILE.log}). A planted slowdown reaches the fork as
 * {@code -jvmArgsPrepend -Dperflab.plant=…}: the prepend list, unlike JMH's append list, does not replace a
 * benchmark's own {@code @Fork(jvmArgsAppend)}. A fork that fails is remembered, not thrown: the run goes on and
 * says which forks failed at the end. Each fork's CPU time is read around it ({@link CpuTimes}), so the run can say
 * how much of it the machine's host took for others ({@link #steal()}).
 */
final class AbForks {
    private final PrintWriter console;
    // a duet's two forks report from two threads
    private final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<CpuTimes> forkTimes = java.util.Collections.synchronizedList(new ArrayList<>());

    AbForks(PrintWriter console) {
        this.console = console;
    }

    /**
     * The fork's JVM options that plant {@code plant} in the row: the size as {@code -Dperflab.plant}, which the lab's
     * own benchmarks read at their plant hook; for a row of another project's jar, first the planting agent, told to
     * plant at exactly this row's benchmark method ({@code lab-agent}'s {@code benchmark=REGEX}). Each goes to JMH as
     * an option of its own: JMH hands an option's value to the fork as one argument, blanks and all.
     */
    static List<String> plantArgs(AbPlan.Row row, String plant) {
        String size = "-D" + dev.perflab.ab.Plant.PROPERTY + "=" + plant;
        return row.plantAgent() == null ? List.of(size)
                : List.of("-javaagent:" + row.plantAgent().toAbsolutePath() + "=benchmark=" + row.include(), size);
    }

    /**
     * @param workDir the folder JMH and its fork run in; null for the lab's own
     * @param plant the value of {@code -Dperflab.plant} for this fork, or null for none
     * @param json  where JMH's JSON goes; the log goes beside it
     * @param label what the progress line says before the row
     * @return the fork's result; empty when the fork failed (remembered in {@link #failures()})
     */
    Optional<ForkResult> run(Path jar, Path workDir, AbPlan.Row row, String plant, Path json, String label)
            throws IOException, InterruptedException {
        return run(jar, workDir, row, plant, json, label, false);
    }

    /**
     * The same, where {@code besideAnother} says that the other side's fork of the pair runs at the same time
     * ({@code --duet}); this method may then be called from two threads at once.
     */
    Optional<ForkResult> run(Path jar, Path workDir, AbPlan.Row row, String plant, Path json, String label, boolean besideAnother)
            throws IOException, InterruptedException {
        String stem = json.getFileName().toString().replaceFirst("\\.json$", "");
        // absolute: JMH may run in another folder, where a relative -rff would land
        Path partial = json.toAbsolutePath().resolveSibling("." + stem + ".json.partial");
        Path log = json.resolveSibling(stem + ".log");
        Files.createDirectories(json.toAbsolutePath().getParent());
        List<String> args = new ArrayList<>(List.of(row.include()));
        args.addAll(row.options().args());
        args.addAll(List.of("-rf", "json", "-rff", partial.toString()));
        row.row().params().forEach((name, value) -> args.addAll(List.of("-p", name + "=" + value)));
        if (plant != null) {
            plantArgs(row, plant).forEach(option -> args.addAll(List.of("-jvmArgsPrepend", option)));
        }
        Files.deleteIfExists(partial);
        int exit;
        Optional<CpuTimes> before = CpuTimes.now();
        Leftovers.register(partial); // a stop may end the lab before the finally below runs
        try {
            exit = JmhProcess.run(jar, workDir, label, 1, args, log, console, null, besideAnother);
        } finally {
            before.ifPresent(b -> CpuTimes.now().ifPresent(after -> forkTimes.add(after.since(b))));
            if (Leftovers.stopping()) { // the run's folder puts the previous fork's files back (RunFolder.whole)
                Files.deleteIfExists(partial);
            } else if (Files.isRegularFile(partial) && Files.size(partial) > 0) {
                Files.move(partial, json, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(partial);
                Files.deleteIfExists(json);
            }
            Leftovers.release(partial);
        }
        if (!Files.isRegularFile(json)) {
            failures.add(row.label() + " (" + label + ": JMH exit " + exit + ", no results; log " + log + ")");
            return Optional.empty();
        }
        try {
            ForkResult fork = ForkResult.read(json);
            if (!(fork.score() > 0 && Double.isFinite(fork.score()))) {
                failures.add(row.label() + " (" + label + ": score " + fork.score() + "; log " + log + ")");
                return Optional.empty();
            }
            return Optional.of(fork);
        } catch (ReportException e) {
            failures.add(row.label() + " (" + label + ": " + e.getMessage() + ")");
            return Optional.empty();
        }
    }

    /** The CPU time the machine's host took for others during the forks so far. */
    Steal steal() {
        return Steal.of(List.copyOf(forkTimes));
    }

    /** The forks that failed so far, one description each. */
    List<String> failures() {
        return List.copyOf(failures);
    }
}
