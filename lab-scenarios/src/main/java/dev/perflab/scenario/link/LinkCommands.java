package dev.perflab.scenario.link;

import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs the {@code ip} and {@code tc} commands for {@link LinkNamespaces}: one blocking call each, with a time
 * limit, stdout and stderr merged, and failures turned into one-line {@link IOException}s
 * ({@code 'COMMAND' failed (exit N): OUTPUT}).
 *
 * <p>Each command is a {@link ChildProcess} like every other process the lab starts: its output is pumped
 * as it comes (no pipe can fill), and one that overruns its time limit is stopped by the one kill policy.
 * Called from one thread at a time (the orchestrator, or the shutdown hook once the orchestrator is gone);
 * keeps no state but the two binaries' paths.
 */
final class LinkCommands {
    /** Longest any single ip/tc call may take; namespace and qdisc changes take milliseconds. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

    /** Where iproute2 lives when {@code /usr/sbin} is not on a non-login shell's PATH. */
    private static final List<String> SYSTEM_DIRS = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private LinkCommands() {
    }

    /** The absolute path of {@code name} on PATH or in the system directories, if it is an executable file. */
    static Optional<String> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        dirs.addAll(SYSTEM_DIRS);
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }

    /** Runs {@code command}; returns its output (one line, stripped) or throws with the command and its output. */
    static String run(List<String> command) throws IOException {
        String shown = String.join(" ", command);
        List<String> lines = new CopyOnWriteArrayList<>();
        int exit;
        try (ChildProcess child = start(command, lines, shown)) {
            if (!child.waitFor(COMMAND_TIMEOUT)) {
                throw new IOException("'" + shown + "' did not finish in " + COMMAND_TIMEOUT.toSeconds() + " s");
            }
            exit = child.exitCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running '" + shown + "'");
        }
        String output = oneLine(String.join("\n", lines));
        if (exit != 0) {
            throw new IOException("'" + shown + "' failed (exit " + exit + ")" + (output.isEmpty() ? "" : ": " + output));
        }
        return output;
    }

    private static ChildProcess start(List<String> command, List<String> lines, String shown) throws IOException {
        try {
            return ChildProcess.startForCleanup("link-cmd", command, lines::add, null); // also from a stop's hook
        } catch (IOException e) {
            throw new IOException("cannot start '" + shown + "': " + oneLine(e.getMessage()));
        }
    }

    /** Runs {@code command} and ignores a failure; for cleanup, where "already gone" is the expected failure. */
    static void runQuietly(List<String> command) {
        try {
            run(command);
        } catch (IOException e) {
            // nothing to undo: the thing was never made or is already gone
        }
    }

    static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
