package dev.perflab.proc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The one way the lab starts a child process (JMH, a latency run, a scenario's role, a probe), with one
 * kill policy. Each line the child prints goes to a consumer as it comes, on a pump thread per stream.
 *
 * <pre>
 *   parent JVM                                   child process (and whatever it forks)
 *   ──────────                                   ─────────────
 *   start(command, onStdout, onStderr) ────────▶ runs
 *     pump "NAME-out" ◀── stdout lines ───────── prints
 *     pump "NAME-err" ◀── stderr lines ───────── (or merged into stdout: onStderr == null)
 *   waitFor()  ◀── exit code, once both pumps have drained
 *   close()    ──▶ stop: SIGTERM to the child and its descendants, {@link #STOP_GRACE} to exit, then SIGKILL
 *   parent JVM stopped (Ctrl-C) ──▶ shutdown hook does close()
 *   kill()     ──▶ SIGKILL to the child and its descendants at once (as a crash would)
 * </pre>
 *
 * <p>Guarantees: after {@link #close()} returns, neither the child nor any descendant it started is
 * alive (or the OS would not kill them within {@link #STOP_GRACE} plus 5 s); the consumers are called on
 * the pump threads, one line at a time per stream, in the order the child printed them; {@link #waitFor()}
 * returns only after every line has been handed over. Not thread-safe: one owner drives it.
 */
public final class ChildProcess implements AutoCloseable {
    /**
     * Set in every child's environment: a lab started by another lab (a role of a run) knows it is not the one the
     * user started, and leaves what to say about an interrupt to its parent.
     */
    public static final String CHILD_ENV = "PERFLAB_CHILD";
    /** How long a stopped child has to exit after SIGTERM before it gets SIGKILL. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(2);
    private static final long KILL_WAIT_SECONDS = 5;

    private final Process process;
    private final List<String> command;
    private final List<Thread> pumps = new ArrayList<>();
    private final Thread stopOnExit;
    private volatile long lastCpuNanos;

    private ChildProcess(Process process, List<String> command) {
        this.process = process;
        this.command = List.copyOf(command);
        this.stopOnExit = stopOnExit(new Thread(this::stop, "stop-" + process.pid()));
    }

    /**
     * Registers the hook that stops the child when this JVM stops, or returns null when the JVM is already
     * stopping: then {@link #start} kills the child at once, and {@link #startForCleanup}'s caller (itself a
     * shutdown hook, a cleanup running {@code ip} or {@code git}) waits for its child or {@link #close()}s it.
     */
    private static Thread stopOnExit(Thread hook) {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            return hook;
        } catch (IllegalStateException shuttingDown) {
            return null;
        }
    }

    /**
     * Starts a process and pumps its output.
     *
     * @param name     names the pump threads (e.g. the role)
     * @param command  the full command line
     * @param onStdout gets each stdout line
     * @param onStderr gets each stderr line; null merges stderr into stdout
     */
    public static ChildProcess start(String name, List<String> command, Consumer<String> onStdout, Consumer<String> onStderr)
            throws IOException {
        return start(name, command, onStdout, onStderr, null);
    }

    /**
     * The same in a working directory of its own: a project's build in its worktree, a fork of a project's benchmarks
     * that reads files relative to the project.
     *
     * @param workDir the child's working directory; null for this JVM's
     */
    public static ChildProcess start(String name, List<String> command, Consumer<String> onStdout, Consumer<String> onStderr,
                                     Path workDir) throws IOException {
        ChildProcess child = launch(name, command, onStdout, onStderr, workDir);
        if (child.stopOnExit == null) {
            // This JVM began stopping (Ctrl-C) while the child started, and no hook will stop it: left alone it would
            // outlive the lab (a JMH run writing into the results folder the stop just put back). It goes at once.
            try {
                child.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("'" + name + "' not started: the lab is stopping");
        }
        return child;
    }

    /**
     * The same for a cleanup that may run while this JVM stops (a shutdown hook removing a network namespace): its
     * child may start then, and its caller waits for it or {@link #close()}s it, since no hook will.
     */
    public static ChildProcess startForCleanup(String name, List<String> command, Consumer<String> onStdout, Consumer<String> onStderr)
            throws IOException {
        return launch(name, command, onStdout, onStderr, null);
    }

    private static ChildProcess launch(String name, List<String> command, Consumer<String> onStdout, Consumer<String> onStderr,
                                       Path workDir) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(onStderr == null);
        if (workDir != null) {
            builder.directory(workDir.toFile());
        }
        builder.environment().put(CHILD_ENV, "1");
        builder.environment().put(ParentWatch.PARENT_ENV, Long.toString(ProcessHandle.current().pid()));
        ChildProcess child = new ChildProcess(builder.start(), command);
        child.pump(child.process.getInputStream(), onStdout, name + "-out");
        if (onStderr != null) {
            child.pump(child.process.getErrorStream(), onStderr, name + "-err");
        }
        return child;
    }

    /**
     * Jars of one's own components ({@code perflab --with JAR}), separated as a class path: the lab loads them after its
     * own classes, and puts them first on the class path of the JVMs it starts (JMH's, a run's roles), so a component
     * out of tree runs its own code there too.
     */
    public static final String WITH_PROPERTY = "perflab.with";

    /**
     * A JVM on this JVM's executable and class path: {@code java FLAGS -cp CLASSPATH MAIN ARGS}, with this JVM's
     * {@link dev.perflab.net.Liveness} setting when it has one, so every role of a run waits on its peers alike, and
     * the {@value #WITH_PROPERTY} jars first on the class path, so a role of a component out of tree starts.
     *
     * @param prefix   what goes before java, e.g. {@code ip netns exec NAME}; empty for none
     */
    public static List<String> javaCommand(List<String> prefix, List<String> jvmFlags, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(javaExecutable());
        command.addAll(dev.perflab.net.Liveness.childFlags());
        command.addAll(jvmFlags);
        String with = System.getProperty(WITH_PROPERTY, "");
        String classPath = System.getProperty("java.class.path");
        command.addAll(List.of("-cp", with.isEmpty() ? classPath : with + java.io.File.pathSeparator + classPath, mainClass));
        command.addAll(args);
        return command;
    }

    /** How HotSpot names a crash log: {@code %p} becomes the crashed JVM's pid. */
    public static final String CRASH_LOG_PATTERN = "hs_err_pid%p.log";

    /**
     * The JVM flag that puts a crashed child JVM's log ({@code hs_err_pid<pid>.log}) into {@code dir}, where
     * the run's other files are, instead of the child's working directory. HotSpot falls back to the
     * system's temporary folder when {@code dir} cannot be written.
     */
    public static String errorFileFlag(Path dir) {
        return "-XX:ErrorFile=" + dir.toAbsolutePath().normalize().resolve(CRASH_LOG_PATTERN);
    }

    /** Where a child JVM started with {@link #errorFileFlag} writes its crash log, if it crashes. */
    public static Path crashLog(Path dir, long pid) {
        return dir.toAbsolutePath().normalize().resolve(CRASH_LOG_PATTERN.replace("%p", Long.toString(pid)));
    }

    /** The java executable running this JVM, so a child JVM runs on the same JDK. */
    public static String javaExecutable() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private void pump(InputStream stream, Consumer<String> onLine, String threadName) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // the process ended or was stopped; its exit code tells the rest
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
        pumps.add(t);
    }

    /** Waits for the child to exit and for its output to be handed over; returns its exit code. */
    public int waitFor() throws InterruptedException {
        int exit = process.waitFor();
        for (Thread pump : pumps) {
            pump.join();
        }
        return exit;
    }

    /** Like {@link #waitFor()}, up to a time limit; false (the child still running) when it ran out. */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return false;
        }
        for (Thread pump : pumps) {
            pump.join(timeout.toMillis());
        }
        return true;
    }

    /**
     * CPU time the child has used so far, in nanoseconds (0 where the OS does not say). Once the child has
     * exited the OS no longer says, so this is then the last figure read: it never goes back to 0, and a
     * window measured across a child's death is never negative.
     */
    public long cpuNanos() {
        long now = process.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        lastCpuNanos = Math.max(lastCpuNanos, now);
        return lastCpuNanos;
    }

    /**
     * How a child's exit code reads to a person: {@code exit 3}, or {@code killed by SIGKILL} for 128 + a
     * signal number (how the JDK reports a child that a signal ended).
     */
    public static String describeExit(int code) {
        if (code > 128 && code < 160) {
            String[] names = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE",
                    "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};
            int signal = code - 128;
            return "killed by " + (signal < names.length ? names[signal] : "signal " + signal);
        }
        return "exit " + code;
    }

    /** Completes when the child has exited and every line it printed has been handed over; gives its exit code. */
    public java.util.concurrent.CompletableFuture<Integer> onExit() {
        return process.onExit().thenApply(p -> {
            for (Thread pump : pumps) {
                try {
                    pump.join(KILL_WAIT_SECONDS * 1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return p.exitValue();
        });
    }

    /** The exit code, or -1 while it runs. */
    public int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** The command line, quoted for a shell, as printed for people to re-run. */
    public String commandLine() {
        return quoted(command);
    }

    /** A command line quoted for a POSIX shell. */
    public static String quoted(List<String> command) {
        return command.stream().map(ChildProcess::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String arg) {
        return arg.isEmpty() || arg.matches(".*[\\s'\"$].*") ? "'" + arg.replace("'", "'\\''") + "'" : arg;
    }

    /** SIGKILL to the child and its descendants at once, as a crash would; waits for the child to go. */
    public void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Stops the child if it still runs (see the class comment) and forgets the shutdown hook. */
    @Override
    public void close() {
        stop();
        if (stopOnExit == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or has run
        }
    }

    private void stop() {
        if (!process.isAlive() && process.descendants().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        List<ProcessHandle> tree = process.descendants().collect(Collectors.toList());
        tree.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
