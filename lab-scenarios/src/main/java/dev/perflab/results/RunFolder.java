package dev.perflab.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.base.OutputFile;
import dev.perflab.base.StartedAs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The folder of one run, and the one door its files go out by: every command that writes a results folder
 * opens it here ({@link #open}), names each file it writes through {@link #file} (or, for a child process that
 * writes it, {@link #path}), and saves its rows with {@link #saveRows}, which writes the rows and the machine
 * they ran on. When the command ends the run ({@link #close}), whoever {@linkplain #listen listens} (the results
 * history) is told of every rows file it saved.
 *
 * <pre>
 *   try (RunFolder run = RunFolder.open("--out", dir).listen(history)) {
 *       run.file("NAME.md").writeString(…);                each file: OutputFile's temporary name, then a rename
 *       run.saveRows("NAME.json", rows, header, length);   NAME.json and NAME.machine.txt
 *   }                                                      the run ended: listeners told of NAME.json
 * </pre>
 *
 * Because one object sees every file of a run from the first to the last, it is where a run's folder is made
 * whole or not at all ({@link #whole}), and where an output that is one of the command's inputs is refused.
 *
 * <p>One run, one thread at a time; a folder inside the run ({@link #folder}) shares its listeners and its end.
 */
public final class RunFolder implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String option;
    private final Path dir;
    /** What the whole run shares: its inputs, its listeners and the rows saved so far. */
    private final Run run;

    private RunFolder(String option, Path dir, Run run) {
        this.option = option;
        this.dir = dir;
        this.run = run;
    }

    /**
     * A run's folder, not yet touched: nothing is checked or created until {@link #open()} or the first file.
     *
     * @param option the option that names it, for messages ({@code --out})
     */
    public static RunFolder of(String option, Path dir) {
        return of(option, dir, Inputs.none());
    }

    /**
     * A run's folder, not yet touched, that must never be nor hold one of the command's {@code inputs}; neither
     * may any file written into it ({@link Inputs#refuse}).
     *
     * @param option the option that names it, for messages ({@code --out})
     */
    public static RunFolder of(String option, Path dir, Inputs inputs) {
        return new RunFolder(option, dir, new Run(inputs));
    }

    /** {@link #of} and {@link #open()}: checked and created before any work starts (exit 2 when it cannot be). */
    public static RunFolder open(String option, Path dir) {
        return of(option, dir).open();
    }

    /** {@link #of(String, Path, Inputs)} and {@link #open()}: exit 2 when the folder is, or holds, an input. */
    public static RunFolder open(String option, Path dir, Inputs inputs) {
        return of(option, dir, inputs).open();
    }

    /**
     * Checks the folder before any work: it must not be, nor hold, one of the command's inputs; it is created when
     * missing and must be a writable folder (exit 2 otherwise).
     */
    public RunFolder open() {
        OutputFile.checkDirectory(option, dir, run.inputs);
        return this;
    }

    /**
     * Checks the folder as {@link #open()} does, without creating it: for a run that only prints its plan
     * ({@code --plan-only}), which leaves no folder behind.
     */
    public RunFolder check() {
        OutputFile.checkDirectoryWithoutCreating(option, dir, run.inputs);
        return this;
    }

    /** A folder inside this run ({@code forks/}, a shard's, a rung's); it shares this run's inputs and listeners. */
    public RunFolder folder(String name) {
        return new RunFolder(option, dir.resolve(name), run);
    }

    public Path dir() {
        return dir;
    }

    /** What the command reads: no file of this run may be one, and an output of its own must not be either. */
    public Inputs inputs() {
        return run.inputs;
    }

    /**
     * A file of this run by name ({@code forks/x.json} names one in a folder inside it), for reading it or for a
     * child process (JMH, a role) that writes it; inside {@link #whole}, the previous run's file of that name is
     * kept aside first, to be put back if the run does not end.
     */
    public Path path(String name) {
        Path file = dir.resolve(name);
        Previous previous = run.previous;
        if (previous != null) {
            previous.keep(file);
        }
        return file;
    }

    /**
     * A folder of this run whose files a child process names itself (async-profiler names its recordings after the
     * benchmark and its parameters; {@code ""} is this folder): inside {@link #whole}, every file the previous run
     * left there is copied aside first, and a file found there when the run does not end that was not there
     * before is this run's, whatever its name.
     */
    public Path tree(String name) {
        Path folder = name.isEmpty() ? dir : dir.resolve(name);
        Previous previous = run.previous;
        if (previous != null) {
            previous.keepTree(folder);
        }
        return folder;
    }

    /**
     * Runs {@code work} so that this run's folder is written whole or not at all: before the run first names a file
     * ({@link #path}, {@link #file}, {@link #saveRows}), the previous run's file of that name is copied aside, into
     * {@code DIR/.previous-PID}. When the work returns, or fails a check with the rows that ran
     * saved (a {@link LabException} of exit 1), the copies are dropped: the run's files stand. When it throws
     * anything else (a full disk, a crash), or the lab is stopped (Ctrl-C, SIGTERM: from the shutdown hook, after
     * the child processes ended), every file the run named is put back as it was: the previous files byte for byte,
     * a file the run added moved into {@code DIR.partial} on a failure (removed on a stop), and one line says so.
     *
     * <pre>
     *   whole(work) ─ path("x") ─▶ copy DIR/x → DIR/.previous-PID/x ─ work writes DIR/x ─┬─ returns: drop the copies
     *                                                                                     └─ throws, Ctrl-C: copy → DIR/x
     * </pre>
     *
     * A {@code kill -9} runs nothing: then the previous files of the names the run had begun to write are the
     * copies left in {@code DIR/.previous-PID}, and the names of the files it added are listed there. The next
     * whole run into the folder puts them back first (the added files into {@code DIR.partial}) and says so in a
     * line on standard error ({@link Previous#recoverKilled}).
     */
    public <T> T whole(Work<T> work) throws IOException, InterruptedException {
        return whole(work, true);
    }

    /**
     * As {@link #whole(Work)}, but the run's files stand only when the work returns: a failure of exit 1 puts the
     * previous files back too. For a command whose output is worth nothing when it fails (a profile whose JMH run
     * failed draws no flame graph), so the previous good one stays; what this run wrote goes to {@code DIR.partial}.
     */
    public <T> T wholeOrUnchanged(Work<T> work) throws IOException, InterruptedException {
        return whole(work, false);
    }

    private <T> T whole(Work<T> work, boolean checkFailuresStand) throws IOException, InterruptedException {
        for (String line : Previous.recoverKilled(dir)) {
            System.err.println("lab: " + line);
        }
        Previous previous = new Previous(dir);
        run.previous = previous;
        Leftovers.note(previous, previous::stoppedLine);
        Leftovers.undo(previous, previous::putBack);
        boolean stands = false;
        try {
            T result = work.run();
            stands = !Leftovers.stopping();
            return result;
        } catch (LabException e) {
            stands = checkFailuresStand && e.exitCode() == LabException.CHECK_FAILED && !Leftovers.stopping();
            if (stands || Leftovers.stopping() || !previous.putBack()) {
                throw e;
            }
            throw new LabException(e.getMessage() + "; " + previous.failedLine(), e.exitCode());
        } finally {
            run.previous = null;
            if (stands) {
                Leftovers.forget(previous);
                previous.drop();
            } else {
                run.saved.clear();
                if (!Leftovers.stopping()) { // stopping: the shutdown hook puts them back once the child processes ended
                    Leftovers.forget(previous);
                    previous.putBack();
                }
            }
        }
    }

    /**
     * A file of this run, checked before work against the run's inputs and {@code inputs}, and written whole or
     * not at all ({@link OutputFile}).
     */
    public OutputFile file(String name, Path... inputs) {
        return OutputFile.check(option, path(name), Inputs.of(inputs).addAll(run.inputs.paths()));
    }

    /**
     * Renames a file a child process wrote under a temporary name of this folder ({@code .NAME.partial}) over its
     * own name, in one step, so a reader never sees half of it and an interrupted child never replaces the
     * previous run's file.
     */
    public Path promote(String temporary, String name) throws IOException {
        Leftovers.checkNotStopping();
        return Files.move(path(temporary), path(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Tells {@code listener}, when the run ends, of every rows file this run (or a folder inside it) saved. */
    public RunFolder listen(Listener listener) {
        run.listeners.add(listener);
        return this;
    }

    /**
     * Saves a run's rows, in JMH's JSON shape, as {@code fileName} (a run's own: {@link ResultsLayout#rows}) and the
     * machine they ran on beside it; the listeners hear of it when the run ends. A failed write is one line naming
     * the file (exit 2), and the previous file stays whole.
     *
     * @param header the machine line ({@code Machine.header()}, or a shard's or a placed run's)
     * @param length the run length ({@code smoke} … {@code full}), or null when the command has none
     */
    public Path saveRows(String fileName, ArrayNode rows, String header, String length) {
        Path file = path(fileName);
        file(fileName).write(out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, rows));
        writeMachine(file, header, length);
        run.saved.add(new Saved(file, rows.deepCopy(), header, length));
        return file;
    }

    /**
     * Ends the run: tells the listeners of each rows file saved, in order, once (a second close, or a folder
     * inside the run closed after it, tells nobody again). Never throws.
     */
    @Override
    public void close() {
        List<Saved> saved = List.copyOf(run.saved);
        run.saved.clear();
        for (Saved s : saved) {
            for (Listener listener : run.listeners) {
                listener.rowsSaved(s);
            }
        }
    }

    /**
     * Writes the machine a rows file of this run ran on, its run length when given, and the command line that
     * started the lab ({@link StartedAs}), as {@code NAME.machine.txt} beside it: {@code ./lab report}, its charts
     * and its page name the first two from there, {@code ./lab claims} checks the third against a claim's command.
     */
    public Path writeMachine(Path rowsFile, String header, String length) {
        Path file = rowsFile.resolveSibling(ResultsLayout.machine(rowsFile.getFileName().toString()));
        Previous previous = run.previous;
        if (previous != null) {
            previous.keep(file);
        }
        OutputFile.check("machine header", file).writeString(header + "\n" + (length == null ? "" : "run length: " + length + "\n")
                + StartedAs.line().map(command -> "command: " + command + "\n").orElse(""));
        return file;
    }

    /**
     * Adds the run length to the machine file beside a rows file, keeping the machine line that is there
     * ({@code fallback}'s when there is none).
     */
    public Path recordLength(Path rowsFile, String length, String fallback) throws IOException {
        Path file = rowsFile.resolveSibling(ResultsLayout.machine(rowsFile.getFileName().toString()));
        String line = Files.isRegularFile(file)
                ? Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(fallback)
                : fallback;
        return writeMachine(rowsFile, line, length);
    }

    /**
     * A rows file a run saved.
     *
     * @param file   where
     * @param rows   a copy of the rows, the listener's to keep
     * @param header the machine line saved beside them
     * @param length the run length saved beside them, or null
     */
    public record Saved(Path file, ArrayNode rows, String header, String length) {
    }

    /** The work of a run whose folder is written {@linkplain #whole whole or not at all}. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws IOException, InterruptedException;
    }

    /** Told, when a run ends, of each rows file it saved. */
    @FunctionalInterface
    public interface Listener {
        /** Runs on the thread that ends the run and must not throw. */
        void rowsSaved(Saved saved);
    }

    /** The inputs, listeners and saved rows of one run, shared by its folder and the folders inside it. */
    private static final class Run {
        final Inputs inputs;
        final List<Listener> listeners = new CopyOnWriteArrayList<>();
        final List<Saved> saved = new CopyOnWriteArrayList<>();
        /** The previous run's files, while the run is {@linkplain #whole whole or not at all}; null otherwise. */
        volatile Previous previous;

        Run(Inputs inputs) {
            this.inputs = inputs;
        }
    }
}
