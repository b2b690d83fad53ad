package dev.perflab.cli.sha;

import dev.perflab.cli.Machine;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.cli.LabException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * One role of the pipeline running as its own JVM ({@code java -cp <this class path> dev.perflab.cli.Lab sha ROLE …}),
 * optionally inside a network namespace. Reads the role's stdout for its {@code listening on} and
 * {@code summary} lines and keeps its stderr lines (one-line errors) for the report.
 */
final class RoleProcess implements AutoCloseable {
    private final String role;
    private final Process process;
    private final CompletableFuture<String> listening = new CompletableFuture<>();
    private final CompletableFuture<ObjectNode> summary = new CompletableFuture<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final Thread stopOnExit;

    private RoleProcess(String role, Process process) {
        this.role = role;
        this.process = process;
        this.stopOnExit = new Thread(process::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        follow(process.getInputStream(), this::onLine, role + "-stdout");
        follow(process.getErrorStream(), line -> {
            if (!line.isBlank()) {
                errors.add(line.strip());
            }
        }, role + "-stderr");
    }

    /** Starts {@code ./lab sha ROLE args…} in a new JVM, behind {@code prefix} (e.g. ip netns exec NAME). */
    static RoleProcess start(List<String> prefix, String role, List<String> jvmFlags, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Machine.javaExecutable());
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.perflab.cli.Lab", "sha", role));
        command.addAll(args);
        return new RoleProcess(role, new ProcessBuilder(command).start());
    }

    private static void follow(java.io.InputStream stream, java.util.function.Consumer<String> onLine, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // the process ended; its exit code and summary tell the rest
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private void onLine(String line) {
        if (line.startsWith(Summary.LISTENING)) {
            listening.complete(line.substring(Summary.LISTENING.length()).trim());
        } else if (line.startsWith(Summary.PREFIX)) {
            try {
                summary.complete(Summary.parse(line));
            } catch (IOException e) {
                summary.completeExceptionally(e);
            }
        }
    }

    /** Waits for the role's {@code listening on HOST:PORT} line and returns the port. */
    int awaitPort(Duration timeout) throws InterruptedException {
        try {
            String hostPort = listening.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            throw new LabException("the " + role + " did not start listening within " + timeout.toSeconds() + " s"
                    + (errors.isEmpty() ? "" : ": " + errors.get(errors.size() - 1)), LabException.CHECK_FAILED);
        }
    }

    /** Waits for the process to end and returns its summary, or null if it printed none (it crashed). */
    ObjectNode awaitSummary(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            errors.add(role + " did not finish within " + timeout.toSeconds() + " s; stopped");
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        try {
            return summary.get(2, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            errors.add(role + " exited with " + exitCode() + " without a summary");
            return null;
        }
    }

    /** CPU time this process has used so far, in nanoseconds (0 if the OS does not say). */
    long cpuNanos() {
        return process.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** Kills the process at once (SIGKILL), as a crash would. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    List<String> errors() {
        return errors;
    }

    String role() {
        return role;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        Runtime.getRuntime().removeShutdownHook(stopOnExit);
    }
}
