package dev.perflab.cli.latency;

import dev.perflab.cli.Machine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Starts one {@link LatencyChild} JVM for a {@link ChildRun}: the same java executable and class path
 * as this process, the run's collector and heap flags. Prints the exact command line first, passes the
 * child's stdout (its progress lines and any JVM warning) through as it comes, and returns the result
 * JSON the child wrote. A child that fails gets its one-line error rethrown with the child's exit code.
 */
final class ChildProcess {
    static final String MAIN_CLASS = LatencyChild.class.getName();

    private ChildProcess() {
    }

    static String javaExecutable() {
        return Machine.javaExecutable();
    }

    static List<String> commandLine(ChildRun run, Path result) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(run.jvmFlags());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN_CLASS));
        command.addAll(run.childArgs(result));
        return command;
    }

    /** Runs the child to completion and returns its result JSON. */
    static JsonNode run(ChildRun run, PrintWriter out) throws IOException, InterruptedException {
        Path result = Files.createTempFile("perflab-latency-", ".json");
        Path errors = Files.createTempFile("perflab-latency-", ".err");
        try {
            List<String> command = commandLine(run, result);
            out.println("child: " + command.stream().map(ChildProcess::quoted).collect(Collectors.joining(" ")));
            out.flush();
            Process process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
            int exit = follow(process, out);
            if (exit != 0) {
                throw childFailed(exit, Files.readAllLines(errors, StandardCharsets.UTF_8));
            }
            return new ObjectMapper().readTree(result.toFile());
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(errors);
        }
    }

    /** Passes the child's stdout through line by line; stops the child if this JVM is stopped. */
    private static int follow(Process process, PrintWriter out) throws IOException, InterruptedException {
        Thread stopChild = new Thread(process::destroy);
        Runtime.getRuntime().addShutdownHook(stopChild);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                out.println(line);
                out.flush();
            }
            return process.waitFor();
        } finally {
            if (process.isAlive()) {
                process.destroy();
            }
            Runtime.getRuntime().removeShutdownHook(stopChild);
        }
    }

    private static LabException childFailed(int exit, List<String> stderr) {
        List<String> lines = stderr.stream().filter(l -> !l.isBlank()).collect(Collectors.toList());
        String last = lines.isEmpty() ? "no message" : lines.get(lines.size() - 1).strip();
        String message = last.startsWith("lab: ") ? last.substring(5) : last;
        return new LabException("latency child JVM exited with " + exit + ": " + message,
                exit == LabException.BAD_INPUT ? LabException.BAD_INPUT : LabException.CHECK_FAILED);
    }

    private static String quoted(String arg) {
        return arg.isEmpty() || arg.matches(".*[\\s'\"$].*") ? "'" + arg.replace("'", "'\\''") + "'" : arg;
    }
}
