package dev.perflab.base;

import dev.perflab.proc.ChildProcess;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a run must not leave behind when it is stopped part-way (Ctrl-C, SIGTERM): temporary files and folders
 * (a generated day, brick's work folder, a kv store, a JMH result being written), and what to say about the
 * results that were kept.
 *
 * <pre>
 *   register(tmp) ── work ── release(tmp)        normal end: the owner deletes tmp itself, as before
 *         │
 *   Ctrl-C ─▶ JVM shutdown ─▶ hook: stopping() = true; wait for child processes to end (ChildProcess's own
 *                                   hooks stop them); delete every registered path; run each undo action
 *                                   (a git worktree unregistered); print each note, one line; with no note,
 *                                   one line naming the command that was stopped
 * </pre>
 *
 * <p>The line is the lab's, printed by the process the user started: a lab started as another lab's child
 * ({@link ChildProcess#CHILD_ENV}, a role of a run) stays silent, so that one Ctrl-C is one line. A
 * {@code kill -9} of the lab itself runs no hook: what it leaves in the system's temporary folder carries its
 * owner's tag, and the next lab removes it ({@link dev.perflab.io.Scratch}); a {@code .NAME.PID.N.tmp} beside an
 * output goes with the next write of that output. Thread-safe.
 */
public final class Leftovers {
    /** How long the hook waits for child processes (stopped by their own hooks) before deleting what they wrote. */
    private static final long CHILDREN_WAIT_MILLIS = 8_000;
    private static final Map<Path, Boolean> PATHS = new ConcurrentHashMap<>();
    private static final Map<Object, Supplier<String>> NOTES = new ConcurrentHashMap<>();
    private static final Map<Object, Runnable> UNDO = new ConcurrentHashMap<>();
    /** The commands running now, by name ({@code ab}, {@code run orderbook}): what a stop interrupts. */
    private static final Map<Object, String> RUNNING = new ConcurrentHashMap<>();
    private static volatile boolean stopping;
    private static volatile PrintStream console = System.err;

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(Leftovers::onStop, "perflab-leftovers"));
        } catch (IllegalStateException alreadyStopping) {
            stopping = true;
        }
    }

    private Leftovers() {
    }

    /** Deletes {@code path} (a file, or a folder with all it holds) if the lab is stopped before {@link #release}. */
    public static Path register(Path path) {
        PATHS.put(path.toAbsolutePath().normalize(), Boolean.TRUE);
        return path;
    }

    /** The owner has dealt with {@code path} (deleted or kept it): the hook leaves it alone. */
    public static void release(Path path) {
        PATHS.remove(path.toAbsolutePath().normalize());
    }

    /**
     * A line to print if the lab is stopped while {@code owner} is at work (what was kept, what was not written);
     * {@link #forget} it when the work ends.
     */
    public static void note(Object owner, Supplier<String> line) {
        NOTES.put(owner, line);
    }

    public static void forget(Object owner) {
        NOTES.remove(owner);
        UNDO.remove(owner);
    }

    /**
     * Something to undo if the lab is stopped while {@code owner} is at work, after the registered paths are
     * deleted (a git worktree to unregister); {@link #forget} it when the work ends. Best effort: it must not wait
     * for long, and what it throws is ignored.
     */
    public static void undo(Object owner, Runnable action) {
        UNDO.put(owner, action);
    }

    /** A command starts: a stop from now on interrupts it ({@link #ended} when it returns). */
    public static Object started(String command) {
        Object token = new Object();
        RUNNING.put(token, command);
        return token;
    }

    public static void ended(Object token) {
        RUNNING.remove(token);
    }

    /** True once the JVM is stopping (Ctrl-C, SIGTERM): a run starts nothing new after it. */
    public static boolean stopping() {
        return stopping;
    }

    /** Throws when the lab is stopping, so that a loop over rungs does not start the next one. */
    public static void checkNotStopping() {
        if (stopping) {
            throw new LabException("interrupted", 130);
        }
    }

    private static void onStop() {
        stopping = true;
        List<String> commands = List.copyOf(RUNNING.values());
        if (PATHS.isEmpty() && NOTES.isEmpty() && UNDO.isEmpty() && commands.isEmpty()) {
            return; // a normal end
        }
        // the notes as they stand now: the work they describe may end (and forget them) while children stop
        List<String> lines = new ArrayList<>();
        NOTES.values().forEach(n -> lines.add(n.get()));
        List<Runnable> undo = List.copyOf(UNDO.values());
        waitForChildren();
        for (Path p : List.copyOf(PATHS.keySet())) {
            deleteTree(p);
        }
        for (Runnable action : undo) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // best effort: the next run tidies what is left (see the owner)
            }
        }
        if (System.getenv(ChildProcess.CHILD_ENV) != null) {
            return; // a role of a run: the lab that started it says what was stopped
        }
        if (lines.isEmpty() && !commands.isEmpty()) {
            // the CLI's own entry (no name yet) stands beside the command's once that is known
            String command = commands.stream().filter(c -> !c.isEmpty()).findFirst().orElse(null);
            lines.add(command == null ? "./lab was stopped as it started; it ran nothing"
                    : "./lab " + command + " was stopped before it finished; its temporary files and folders are removed");
        }
        for (String line : lines) {
            console.println("lab: interrupted: " + line);
        }
        console.flush();
    }

    private static void waitForChildren() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHILDREN_WAIT_MILLIS);
        while (ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Deletes a file, or a folder and everything under it; what cannot be deleted is left (best effort). */
    public static void deleteTree(Path root) {
        dev.perflab.io.Scratch.deleteTree(root);
    }
}
