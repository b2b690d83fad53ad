package dev.perflab.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.base.LabException;
import dev.perflab.report.JmhResults;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Any project's JMH result files as runs of the history, so that {@code ./lab history} (and Otava) read them as
 * they read the lab's own runs.
 *
 * <pre>
 *   FILE.json …   --commit REV --time T   ──▶ one run: the files' rows together (one commit's results)
 *   DIR/          one file per commit      ──▶ one run per file, oldest first:
 *                   COMMIT.json                  its commit from the name, its time the file's modification time
 *                   2024-04-28T13:10:36Z_COMMIT.json   (or the instant, or the date, before an underscore)
 * </pre>
 *
 * Every file is read and checked before anything is written, and all the runs go in one call per run, so a bad
 * file costs nothing but its one line. The machine is what the user names it (a JMH file records its JDK and
 * flags, never its CPU or cores); its JDK is added from the rows, so a change of JDK between commits shows.
 */
public final class HistoryImport {
    /** What a run of imported files is recorded as: the command that made it. */
    public static final String SOURCE = "import";
    /** {@code [TIME_]COMMIT.json}: the time an instant or a date, the commit what git prints (4 to 64 hex digits). */
    private static final Pattern FOLDER_FILE = Pattern.compile("(?:(\\d{4}-\\d{2}-\\d{2}(?:T[0-9:.]+Z)?)_)?([0-9a-fA-F]{4,64})\\.json");

    private HistoryImport() {
    }

    /**
     * The runs to import.
     *
     * @param paths   JMH JSON files (one run), or one folder (a run per file)
     * @param project the component the runs are recorded under
     * @param commit  the files' commit; null for a folder (each file names its own) or when unknown
     * @param time    when the files' run was made; null for a folder, or for the files' newest modification time
     * @param machine the name of the machine that measured
     * @param branch  the git branch; null when unknown
     */
    public static List<RunRecord> runs(List<Path> paths, String project, String commit, Instant time, String machine,
                                       String branch) {
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            if (commit != null || time != null) {
                throw new LabException(paths.get(0) + ": a folder holds one file per commit, each named by its commit"
                        + " (COMMIT.json or TIME_COMMIT.json); --commit and --time are for files of one commit");
            }
            return folder(paths.get(0), project, machine, branch);
        }
        paths.stream().filter(Files::isDirectory).findFirst().ifPresent(d -> {
            throw new LabException(d + ": a folder is imported alone (one file per commit); name it without other files");
        });
        List<ResultRow> rows = new ArrayList<>();
        for (Path file : paths) {
            rows.addAll(rows(file));
        }
        Instant when = time != null ? time : newest(paths);
        return List.of(record(project, rows, new GitState(commit, null, branch), when, machine, paths));
    }

    /** {@code --time}: an instant ({@code 2024-04-28T13:10:36Z}) or a date ({@code 2024-04-28}, midnight UTC). */
    public static Instant parseTime(String where, String text) {
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new LabException(where + " " + text + ": expected an instant (2024-04-28T13:10:36Z) or a date (2024-04-28)");
        }
    }

    private static List<RunRecord> folder(Path dir, String project, String machine, String branch) {
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new LabException(dir + ": cannot list (" + e.getMessage() + ")");
        }
        if (files.isEmpty()) {
            throw new LabException(dir + ": no .json files; a folder to import holds one JMH JSON file per commit");
        }
        List<RunRecord> runs = new ArrayList<>();
        Set<String> commits = new LinkedHashSet<>();
        for (Path file : files) {
            Matcher m = FOLDER_FILE.matcher(file.getFileName().toString());
            if (!m.matches()) {
                throw new LabException(file + ": a folder's file is named by its commit: COMMIT.json or TIME_COMMIT.json"
                        + " (TIME an instant such as 2024-04-28T13:10:36Z, or a date)");
            }
            if (!commits.add(m.group(2).toLowerCase(Locale.ROOT))) {
                throw new LabException(file + ": commit " + m.group(2) + " has two files in " + dir + "; keep one");
            }
            Instant time = m.group(1) != null ? parseTime(file.toString(), m.group(1)) : modified(file);
            runs.add(record(project, rows(file), new GitState(m.group(2).toLowerCase(Locale.ROOT), null, branch), time, machine,
                    List.of(file)));
        }
        runs.sort(Comparator.comparing(RunRecord::time));
        return runs;
    }

    private static List<ResultRow> rows(Path file) {
        try {
            JsonNode array = JmhResults.array(file);
            return JmhJsonRows.read(array, HistoryImport::suite);
        } catch (ReportException e) {
            throw new LabException(e.getMessage());
        }
    }

    /** An imported row's suite: its benchmark class, the nearest thing another project has to one. */
    private static String suite(String benchmark) {
        int methodDot = benchmark.lastIndexOf('.');
        int classDot = methodDot > 0 ? benchmark.lastIndexOf('.', methodDot - 1) : -1;
        return methodDot > 0 ? benchmark.substring(classDot + 1, methodDot) : benchmark;
    }

    private static RunRecord record(String project, List<ResultRow> rows, GitState git, Instant time, String machine,
                                    List<Path> files) {
        ResultRow first = rows.get(0);
        String jdk = (first.vmName() + " " + first.jdkVersion()).strip();
        String header = machine + (first.jdkVersion().isEmpty() ? "" : " · JDK " + first.jdkVersion()
                + (first.vmName().isEmpty() ? "" : " (" + first.vmName() + ")"));
        MachineFacts facts = new MachineFacts(header, jdk.isEmpty() ? "not recorded" : jdk,
                String.join(" ", JmhJsonRows.commonJvmArgs(rows)), "not recorded", 0, "not recorded");
        String resultsFile = files.size() == 1 ? files.get(0).toString() : files.get(0) + " and " + (files.size() - 1) + " more";
        return new RunRecord(time, git, SOURCE, project, null, facts, resultsFile, rows);
    }

    private static Instant newest(List<Path> files) {
        return files.stream().map(HistoryImport::modified).max(Comparator.naturalOrder()).orElseThrow();
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            throw new LabException(file + ": cannot read its modification time (" + e.getMessage() + ")");
        }
    }
}
