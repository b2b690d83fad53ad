package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.history.HistoryImport;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.RunRecord;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab history import FILE.json… --commit REV --time T --machine NAME} (or a folder of one file per
 * commit): any project's JMH results into the results history, each file checked before any run is written.
 * See docs/history.md.
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Adds any project's JMH JSON results to the results history.",
                "Files: one run of one commit (--commit, --time).",
                "A folder: one run per file, named COMMIT.json or TIME_COMMIT.json",
                "(the time in the name, else the file's modification time).",
                "Then ./lab history PROJECT reads them like the lab's own runs."})
final class HistoryImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE.json|DIR", description = "JMH JSON files of one commit, or one folder of one file per commit.")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--machine", required = true, paramLabel = "NAME",
            description = "The machine that measured (JMH files do not record it); runs of different machines are kept apart.")
    String machine;

    @Option(names = "--project", paramLabel = "NAME", description = "The name ./lab history reads them by (default: the folder's name, or the first file's).")
    String project;

    @Option(names = "--commit", paramLabel = "REV", description = "The files' commit (files only; a folder's files name theirs).")
    String commit;

    @Option(names = "--time", paramLabel = "T", description = "When the files' run was made: 2024-04-28T13:10:36Z or 2024-04-28 (default: the newest file's modification time).")
    String time;

    @Option(names = "--branch", paramLabel = "NAME", description = "The git branch of the runs (default: not recorded).")
    String branch;

    @Mixin
    HistoryOption history = new HistoryOption();

    @Override
    public Integer call() {
        if (machine.isBlank()) {
            throw new LabException("--machine: empty; name the machine that measured, e.g. --machine ci-runner-4");
        }
        HistoryTarget target = history.target();
        if (!target.enabled()) {
            throw new LabException("--history none: there is no history to import into; name one with --history DB");
        }
        Instant when = time == null ? null : HistoryImport.parseTime("--time", time.strip());
        List<RunRecord> runs = HistoryImport.runs(paths, projectName(), commit, when, machine.strip(), branch);
        PrintWriter out = spec.commandLine().getOut();
        try (HistoryStore store = HistoryStore.open(target)) {
            for (RunRecord run : runs) {
                store.append(run);
                out.printf("history: %s run of %d rows (commit %s, %s) imported from %s%n", run.component(), run.rows().size(),
                        run.git().shortCommit(), dev.perflab.history.OtavaCsv.time(run.time()), run.resultsFile());
            }
        }
        out.printf("history: %d runs of %s added to %s; read them with ./lab history %s --history %s%n", runs.size(),
                runs.get(0).component(), target.describe(), runs.get(0).component(), target.describe());
        out.flush();
        return 0;
    }

    /** {@code --project}, else the folder's name, else the first file's name without {@code .json}. */
    private String projectName() {
        if (project != null) {
            if (project.isBlank()) {
                throw new LabException("--project: empty; give the name ./lab history should read the runs by");
            }
            return project.strip();
        }
        Path first = paths.get(0).toAbsolutePath().normalize();
        if (Files.isDirectory(first)) {
            return first.getFileName().toString();
        }
        String name = first.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
