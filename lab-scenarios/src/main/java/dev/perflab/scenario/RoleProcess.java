package dev.perflab.scenario;

import dev.perflab.base.Leftovers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One role of a scenario running as its own process ({@link ChildProcess}), read through the
 * {@link RoleProtocol}: its {@code listening on} line gives the port the next role connects to, its
 * {@code summary} line the counts; its stderr lines are kept as the role's errors.
 *
 * <p>Thread safety: the pump threads complete the futures and add errors; the owner reads them.
 */
public final class RoleProcess implements AutoCloseable {
    private final String role;
    private final ChildProcess process;
    private final CompletableFuture<String> listening = new CompletableFuture<>();
    private final CompletableFuture<Void> flowing = new CompletableFuture<>();
    private final CompletableFuture<ObjectNode> summary = new CompletableFuture<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private volatile boolean subscribed;

    private RoleProcess(String role, List<String> command) throws IOException {
        this.role = role;
        this.process = ChildProcess.start(role, command, this::onLine, line -> {
            if (!line.isBlank()) {
                errors.add(line.strip());
            }
        });
        // a role that dies before its line is noticed at once, in words, not after the whole wait
        process.onExit().thenAccept(code -> {
            ScenarioException died = new ScenarioException(diedBefore(code));
            listening.completeExceptionally(died);
            flowing.completeExceptionally(died);
        });
    }

    /** {@code the executor ended (killed by SIGKILL) before it printed 'listening on': LAST ERROR LINE}. */
    private String diedBefore(int code) {
        return "the " + role + " ended (" + ChildProcess.describeExit(code) + ") before it was ready"
                + (errors.isEmpty() ? "" : ": " + errors.get(errors.size() - 1));
    }

    /** Starts a role: {@code command} is the whole command line (see {@link ChildProcess#javaCommand}). */
    public static RoleProcess start(String role, List<String> command) throws IOException {
        // after Ctrl-C nothing new starts: the run ends with what it has (exit 130), not with the next rung
        Leftovers.checkNotStopping();
        return new RoleProcess(role, command);
    }

    private void onLine(String line) {
        if (line.startsWith(RoleProtocol.LISTENING)) {
            listening.complete(line.substring(RoleProtocol.LISTENING.length()).trim());
        } else if (line.equals(RoleProtocol.SUBSCRIBED)) {
            subscribed = true;
        } else if (line.equals(RoleProtocol.FLOWING)) {
            flowing.complete(null);
        } else if (line.startsWith(RoleProtocol.SUMMARY)) {
            try {
                summary.complete(RoleProtocol.parseSummary(line));
            } catch (IOException e) {
                summary.completeExceptionally(e);
            }
        }
    }

    /**
     * Waits for the role's {@code listening on HOST:PORT} line and returns the port.
     *
     * @throws ScenarioException when it does not come in time, with the role's last error line
     */
    public int awaitPort(Duration timeout) throws InterruptedException {
        String hostPort = awaitAddress(timeout);
        try {
            return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            throw new ScenarioException("the " + role + " printed 'listening on " + hostPort + "', not HOST:PORT");
        }
    }

    /**
     * Waits for the role's {@code listening on ADDRESS} line and returns the address as printed
     * ({@code HOST:PORT}, or {@code unix:PATH} for a Unix domain socket).
     *
     * @throws ScenarioException when it does not come in time, with the role's last error line
     */
    public String awaitAddress(Duration timeout) throws InterruptedException {
        try {
            return listening.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw (ScenarioException) e.getCause();
        } catch (TimeoutException e) {
            throw new ScenarioException("the " + role + " did not start listening within " + timeout.toSeconds() + " s"
                    + (errors.isEmpty() ? "" : ": " + errors.get(errors.size() - 1)));
        }
    }

    /** True once a client role printed {@code subscribed}: it reached its server and asked for its work. */
    public boolean subscribed() {
        return subscribed;
    }

    /**
     * Waits for the role's {@code flowing} line (its first work arrived), for roles that print one.
     *
     * @throws ScenarioException when it does not come in time, with the role's last error line
     */
    public void awaitFlowing(Duration timeout) throws InterruptedException {
        try {
            flowing.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw (ScenarioException) e.getCause();
        } catch (TimeoutException e) {
            throw new ScenarioException("no work reached the " + role + " within " + timeout.toSeconds() + " s"
                    + (errors.isEmpty() ? "" : ": " + errors.get(errors.size() - 1)));
        }
    }

    /** Waits for the role to end and returns its summary, or null if it printed none (it crashed). */
    public ObjectNode awaitSummary(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout)) {
            errors.add(role + " did not finish within " + timeout.toSeconds() + " s; stopped");
            process.kill();
        }
        try {
            return summary.get(2, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // the role's own last line says why it ended; the caller shows the last error line, so it goes with it
            String said = errors.isEmpty() ? "" : ": " + errors.get(errors.size() - 1);
            errors.add(role + " exited with " + process.exitCode() + " without a summary"
                    + (process.exitCode() > 128 ? " (" + ChildProcess.describeExit(process.exitCode()) + ")" : "") + said);
            return null;
        }
    }

    /** Stops a role that is stuck ({@code why}, recorded as its error), and returns its summary if it printed one before. */
    public ObjectNode stop(String why) throws InterruptedException {
        errors.add(role + " " + why + "; stopped");
        process.kill();
        try {
            return summary.get(2, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return null;
        }
    }

    /** CPU time this role has used so far, in nanoseconds (0 if the OS does not say). */
    public long cpuNanos() {
        return process.cpuNanos();
    }

    /** Kills the role at once (SIGKILL), as a crash would. */
    public void kill() throws InterruptedException {
        process.kill();
    }

    public int exitCode() {
        return process.exitCode();
    }

    public List<String> errors() {
        return errors;
    }

    public String role() {
        return role;
    }

    @Override
    public void close() {
        process.close();
    }
}
