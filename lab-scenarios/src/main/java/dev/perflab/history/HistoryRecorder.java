package dev.perflab.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * How a command that measured adds its run to the history, after its results files are saved: one line says
 * where the run went or why it did not. A history that cannot be written never fails the run, never touches its
 * files, and never changes its exit code.
 */
public final class HistoryRecorder {
    private HistoryRecorder() {
    }

    /**
     * A run from JMH-shaped rows (JMH's JSON or a scenario's {@code JmhRows}).
     *
     * @param source       the command: {@code run}, {@code latency}, {@code ab}
     * @param length       the run length, or null
     * @param header       the machine line the command printed and saved
     * @param rows         the JSON array of rows, as saved
     * @param suiteOf      the suite of a benchmark, by its full name
     * @param resultsFile  where the rows were saved; null when nowhere
     * @param measuringJvm the flags of the JVM that measured, where the rows do not carry them (JMH's rows do)
     */
    public static RunRecord run(String source, String component, String length, String header, JsonNode rows,
                                Function<String, String> suiteOf, Path resultsFile, List<String> measuringJvm) {
        return run(source, component, length, header, rows, suiteOf, resultsFile, measuringJvm, GitState.ofLab());
    }

    /**
     * A run of a revision other than the lab's checkout ({@code ./lab ab} measures two).
     *
     * @param git the revision the rows measured
     */
    public static RunRecord run(String source, String component, String length, String header, JsonNode rows,
                                Function<String, String> suiteOf, Path resultsFile, List<String> measuringJvm, GitState git) {
        List<ResultRow> parsed = JmhJsonRows.read(rows, suiteOf);
        boolean rowsNameFlags = parsed.stream().anyMatch(r -> !r.jvmArgs().isEmpty());
        List<String> flags = rowsNameFlags ? JmhJsonRows.commonJvmArgs(parsed) : measuringJvm;
        MachineFacts machine = MachineFacts.current(header, flags);
        // The rows name the JDK that measured them: with ./lab run --jdk it is not the one running the lab.
        ResultRow first = parsed.isEmpty() ? null : parsed.get(0);
        if (first != null && !first.jdkVersion().isEmpty()) {
            machine = new MachineFacts(header, (first.vmName() + " " + first.jdkVersion()).strip(), machine.jvmFlags(),
                    machine.cpu(), machine.cores(), machine.kernel());
        }
        return new RunRecord(Instant.now(), git, source, component, length, machine,
                resultsFile == null ? null : resultsFile.toString(), parsed);
    }

    /**
     * Appends the run and prints one line: {@code history: run of 12 rows appended to results/history.db}, or
     * {@code history: not written (WHY); the run's results are saved as before}. Never throws.
     *
     * @param run makes the record; called only when the history is on, and its failures are reported the same way
     * @return true when the run was appended
     */
    public static boolean record(HistoryTarget target, RunSupplier run, PrintWriter console) {
        if (!target.enabled()) {
            return false;
        }
        String line;
        boolean appended = false;
        try {
            RunRecord record = run.get();
            try (HistoryStore store = HistoryStore.open(target)) {
                store.append(record);
            }
            appended = true;
            line = "history: run of " + record.rows().size() + " rows appended to " + target.describe();
        } catch (Exception | LinkageError e) {
            line = "history: not written to " + target.describe() + " (" + HistoryStore.reason(asException(e))
                    + "); the run's results are saved as before";
        }
        console.println(line);
        console.flush();
        return appended;
    }

    private static Exception asException(Throwable t) {
        return t instanceof Exception e ? e : new Exception(t.toString(), t);
    }

    /** Makes the run's record; may read files, so it may throw. */
    @FunctionalInterface
    public interface RunSupplier {
        RunRecord get() throws Exception;
    }
}
