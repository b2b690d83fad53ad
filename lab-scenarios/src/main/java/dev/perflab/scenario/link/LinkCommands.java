package dev.perflab.scenario.link;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code ip} and {@code tc} commands for {@link LinkNamespaces}: one blocking call each, with a time
 * limit, stdout and stderr merged, and failures turned into one-line {@link IOException}s
 * ({@code 'COMMAND' failed (exit N): OUTPUT}).
 *
 * <p>Assumptions: every command run here prints a few lines at most, far less than a pipe buffer (64 KiB), so
 * reading the output after the process exits cannot deadlock. Called from one thread at a time (the
 * orchestrator, or the shutdown hook once the orchestrator is gone); keeps no state but the two binaries' paths.
 */
final class LinkCommands {
    /** Longest any single ip/tc call may take; namespace and qdisc changes take milliseconds. */
    static final int COMMAND_TIMEOUT_SECONDS = 10;

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
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot start '" + shown + "': " + oneLine(e.getMessage()));
        }
        try {
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("'" + shown + "' did not finish in " + COMMAND_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running '" + shown + "'");
        }
        String output = oneLine(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        if (process.exitValue() != 0) {
            throw new IOException("'" + shown + "' failed (exit " + process.exitValue() + ")"
                    + (output.isEmpty() ? "" : ": " + output));
        }
        return output;
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
