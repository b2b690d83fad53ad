package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.LabException;
import dev.perflab.proc.ChildProcess;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Starts one {@link LatencyChild} JVM for a {@link ChildRun} through the lab's one launcher
 * ({@link ChildProcess}: same java executable and class path as this process, one kill policy), with the
 * run's collector and heap flags, and its crash log ({@code hs_err_pid<pid>.log}) in the run's output
 * folder ({@link ChildRun#crashLogDir()}). Prints the exact command line first, passes the child's stdout
 * (its progress lines and any JVM warning) through as it comes, and returns the result the child printed
 * last as {@code summary {json}} ({@link RoleProtocol}). A child that fails gets its one-line error
 * rethrown with the child's exit code, and the path of its crash log when it crashed.
 *
 * <p>Named for what it launches: the process itself is a {@link ChildProcess}, like every child of the lab.
 */
final class LatencyChildLauncher {
    static final String MAIN_CLASS = LatencyChild.class.getName();

    private LatencyChildLauncher() {
    }

    static List<String> commandLine(ChildRun run) {
        List<String> flags = new ArrayList<>(List.of(ChildProcess.errorFileFlag(run.crashLogDir())));
        flags.addAll(run.jvmFlags());
        return ChildProcess.javaCommand(List.of(), flags, MAIN_CLASS, run.childArgs());
    }

    /** Runs the child to completion and returns its result JSON. */
    static JsonNode run(ChildRun run, PrintWriter out) throws IOException, InterruptedException {
        List<String> command = commandLine(run);
        out.println("child: " + ChildProcess.quoted(command));
        out.flush();
        List<String> stderr = new CopyOnWriteArrayList<>();
        AtomicReference<String> summary = new AtomicReference<>();
        // a JVM that cannot start says why on stdout ("Multiple garbage collectors selected"): kept for the message
        AtomicReference<String> lastOut = new AtomicReference<>();
        int exit;
        long pid;
        try (ChildProcess child = ChildProcess.start("latency-child", command,
                line -> {
                    if (line.startsWith(RoleProtocol.SUMMARY)) {
                        summary.set(line);
                        return;
                    }
                    if (!line.isBlank()) {
                        lastOut.set(line);
                    }
                    synchronized (out) {
                        out.println(line);
                        out.flush();
                    }
                }, stderr::add)) {
            pid = child.pid();
            exit = child.waitFor();
        }
        if (exit != 0) {
            throw childFailed(exit, stderr, lastOut.get(), ChildProcess.crashLog(run.crashLogDir(), pid));
        }
        if (summary.get() == null) {
            throw new LabException("latency child JVM exited without its summary line", LabException.CHECK_FAILED);
        }
        ObjectNode result = RoleProtocol.parseSummary(summary.get());
        result.remove("role");
        return result;
    }

    /** The child's own last error line (stderr's, else stdout's: where a JVM that cannot start writes why), its exit and crash log. */
    static LabException childFailed(int exit, List<String> stderr, String lastStdout, Path crashLog) {
        List<String> lines = stderr.stream().filter(l -> !l.isBlank()).collect(Collectors.toList());
        String last = !lines.isEmpty() ? lines.get(lines.size() - 1).strip() : lastStdout != null ? lastStdout.strip() : "no message";
        String message = last.startsWith("lab: ") ? last.substring(5) : last;
        String crashed = Files.isRegularFile(crashLog) ? "; the JVM crashed, its log is " + crashLog : "";
        return new LabException("latency child JVM exited with " + exit + ": " + message + crashed,
                exit == LabException.BAD_INPUT ? LabException.BAD_INPUT : LabException.CHECK_FAILED);
    }
}
