package dev.perflab.foreign;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.base.Machine;
import dev.perflab.history.GitState;
import dev.perflab.history.HistoryRecorder;
import dev.perflab.history.HistoryTarget;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.JmhResults;
import dev.perflab.report.LadderReport;
import dev.perflab.report.ReportException;
import dev.perflab.report.Row;
import dev.perflab.report.page.PageInput;
import dev.perflab.report.page.ReportPage;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One run of another project's JMH jar: its rows listed by its own JMH, run with the user's JMH options, and shown
 * as the lab shows its own runs.
 *
 * <pre>
 *   JMH -lp (the options' regexes, -e, -p) ──▶ rows ──▶ JMH run ──▶ .NAME.json.partial ──rename──▶ DIR/NAME.json
 *   DIR/NAME.json ──▶ table (noisy rows marked) · NAME.md · NAME-*.png · NAME.html · history (git state of the jar's project)
 * </pre>
 *
 * JMH writes its JSON under a temporary name renamed when it ends, so a run that fails or is stopped never leaves an
 * empty file over the previous run's. A row asked for that the JSON lacks (a benchmark that threw: JMH goes on and
 * exits 0) fails the run, exit 1, after the rows that ran are saved and shown.
 */
public final class JarRun {
    /** How many of the jar's benchmarks a "matches nothing" message names. */
    static final int NAMES_SHOWN = 8;

    private final ForeignJar jar;
    private final JmhArguments jmh;
    private final Path dir;
    private final HistoryTarget history;
    private final PrintWriter console;

    public JarRun(ForeignJar jar, JmhArguments jmh, Path dir, HistoryTarget history, PrintWriter console) {
        this.jar = jar;
        this.jmh = jmh;
        this.dir = dir;
        this.history = history;
        this.console = console;
    }

    /**
     * Lists, runs and shows; returns 0.
     *
     * @throws LabException exit 2 when nothing matches or a {@code -p} names no parameter; exit 1 when JMH failed or
     *                      rows are missing (after what ran is saved)
     */
    public int run() throws IOException, InterruptedException {
        String name = jar.name();
        List<JmhProcess.Configuration> rows = plan(jar, jmh);
        RunFolder folder = RunFolder.open("--out", dir);
        Path json = dir.resolve(name + ".json");
        Path log = dir.resolve(name + ".log");
        console.printf("run-jar: %s, %s, %d rows; JMH options: %s; log %s%n", jar.path(), jar.describeJmh(), rows.size(),
                jmh.describe(), log);
        console.flush();
        String header = Machine.header();
        // whole or not at all: an interrupt, a kill or a full disk leaves the previous run's files as they were
        int exit = folder.whole(() -> {
            int code = runJmh(name, rows.size(), folder.path(json.getFileName().toString()), folder.path(log.getFileName().toString()));
            if (!wroteRows(json)) {
                throw new LabException("JMH exit " + code + ", no results written (JMH log " + log + ")", LabException.CHECK_FAILED);
            }
            folder.writeMachine(json, header, null);
            show(folder, name, json, header);
            return code;
        });
        // after the files stand: a history that fails cannot take the run's results with it
        record(name, json, header);
        List<JmhProcess.Configuration> absent = absent(rows, json);
        if (!absent.isEmpty() || exit != 0) {
            throw new LabException((absent.isEmpty() ? "JMH exit " + exit : "rows missing from the results: " + absent.stream()
                    .limit(3).map(Object::toString).collect(Collectors.joining(", ")) + (absent.size() > 3 ? " and " + (absent.size() - 3)
                    + " more" : "")) + ", so the run failed (the rows that ran are saved; JMH log " + log + ")", LabException.CHECK_FAILED);
        }
        return 0;
    }

    /**
     * Whether JMH wrote a row: a run whose every benchmark failed leaves no file (JMH 1.37) or an empty array
     * (JMH 1.19), and JMH's exit code is 0 either way.
     */
    static boolean wroteRows(Path json) {
        try {
            return Files.isRegularFile(json) && new ObjectMapper().readTree(json.toFile()).size() > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The rows {@code jmh}'s regexes, excludes and {@code -p} ask for, from the jar's own listing ({@code profile --jar}
     * plans with it too).
     *
     * @throws LabException (exit 2) when nothing matches, with some of the jar's benchmarks, or a {@code -p} names no
     *                      parameter of the rows chosen
     */
    public static List<JmhProcess.Configuration> plan(ForeignJar jar, JmhArguments jmh) throws IOException, InterruptedException {
        Set<String> paramNames = new HashSet<>();
        List<JmhProcess.Configuration> rows = JmhProcess.listConfigurations(jar.path(), jmh.include(), jmh.params(), paramNames)
                .stream().filter(c -> !jmh.excluded(c.benchmark())).collect(Collectors.toList());
        Set<String> unknown = new LinkedHashSet<>(jmh.params().keySet());
        unknown.removeAll(paramNames);
        if (!rows.isEmpty() && !unknown.isEmpty()) {
            throw new LabException("-p " + String.join(", ", unknown) + ": no benchmark chosen has such a parameter"
                    + (paramNames.isEmpty() ? " (they have none)" : " (theirs: " + String.join(", ", paramNames) + ")"));
        }
        if (rows.isEmpty()) {
            List<String> all = JmhProcess.listConfigurations(jar.path(), ".*", java.util.Map.of(), new HashSet<>()).stream()
                    .map(JmhProcess.Configuration::benchmark).distinct().sorted().collect(Collectors.toList());
            throw new LabException("no benchmark of " + jar.path() + " matches " + jmh.include() + (all.isEmpty() ? " (it lists none)"
                    : "; its benchmarks: " + String.join(", ", all.subList(0, Math.min(NAMES_SHOWN, all.size())))
                    + (all.size() > NAMES_SHOWN ? " and " + (all.size() - NAMES_SHOWN) + " more" : "")));
        }
        return rows;
    }

    /** Runs JMH; its JSON is renamed into place only when it wrote one and the lab is not stopping. */
    private int runJmh(String name, int total, Path json, Path log) throws IOException, InterruptedException {
        Path partial = dir.resolve("." + name + ".json.partial");
        Files.deleteIfExists(partial);
        Leftovers.checkNotStopping();
        Leftovers.register(partial);
        try {
            // a stop's one line is the run folder's (RunFolder.whole): the previous files as they were
            return JmhProcess.run(jar.path(), name, total, jmh.withResultsTo(partial), log, console);
        } finally {
            if (Files.isRegularFile(partial) && Files.size(partial) > 0 && !Leftovers.stopping()) {
                Files.move(partial, json, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(partial);
            }
            Leftovers.release(partial);
        }
    }

    /** The table on the console, and beside the JSON its markdown, charts and page. */
    private void show(RunFolder folder, String name, Path json, String header) throws IOException {
        LadderReport report = LadderReport.read(List.of(json));
        console.println();
        console.print(report.text(header));
        Path markdown = dir.resolve(name + ".md");
        folder.file(markdown.getFileName().toString()).writeString(report.markdown(header));
        console.println();
        console.println("saved: " + json + ", " + markdown);
        ChartOutput charts = report.png(folder::path, name, header);
        console.println("charts: " + charts.files().stream().map(Path::toString).collect(Collectors.joining(", ")));
        charts.warning().ifPresent(w -> console.println("charts: " + w));
        Path page = dir.resolve(name + ".html");
        try {
            ReportPage.write(PageInput.ofRun("perflab · " + name + " · run-jar", json), folder.file(page.getFileName().toString(), json));
            console.println("page: " + page);
        } catch (ReportException | LabException | UncheckedIOException e) {
            console.println("page: not written (" + e.getMessage() + ")");
        }
        console.flush();
    }

    /** The run in the history, under the jar's project's commit when the jar lies in a git checkout. */
    private void record(String name, Path json, String header) {
        Path project = jar.path().toAbsolutePath().getParent();
        HistoryRecorder.record(history, () -> HistoryRecorder.run("run-jar", name, null, header,
                new ObjectMapper().readTree(json.toFile()), JarRun::suiteOf, json, List.of(), GitState.of(project)), console);
        console.flush();
    }

    /** A foreign benchmark's suite in the history: its class, as JMH names it without the package. */
    static String suiteOf(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int clazz = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return method > 0 ? benchmark.substring(clazz + 1, method) : benchmark;
    }

    /** The planned rows that have no row (same benchmark, same params) in the JSON. */
    private static List<JmhProcess.Configuration> absent(List<JmhProcess.Configuration> planned, Path json) {
        Set<JmhProcess.Configuration> written = new HashSet<>();
        for (Row row : JmhResults.read(json)) {
            written.add(new JmhProcess.Configuration(row.benchmark(), row.params()));
        }
        return planned.stream().filter(c -> !written.contains(c)).collect(Collectors.toList());
    }
}
