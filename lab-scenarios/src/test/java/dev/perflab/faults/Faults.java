package dev.perflab.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.net.Liveness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Fault injection for the network ladders' end-to-end runs, from outside: {@code ./lab run COMPONENT} runs in
 * this JVM ({@link LabCli}) while a watcher finds the role's JVM among this JVM's descendants (its command line
 * ends {@code … GROUP ROLE …}) and, once it is there ({@code at start}) or a while later ({@code mid-flow}),
 * sends it SIGKILL or SIGSTOP. Nothing in the lab knows it is being tested. {@link Outcome#assertClean} then
 * checks what every fault test promises: the run ended within its bound, with its exit code, no process of
 * it still alive, no temporary file of it left, and the folder's earlier result unchanged.
 */
public final class Faults {
    /** What is done to the role. */
    public enum Fault { KILL, STOP }

    private Faults() {
    }

    /** How one faulted run ended. */
    public record Outcome(int exit, double seconds, String out, String err, boolean injected, Path dir, byte[] earlier,
                          Set<String> tempBefore, String tempPrefix) {
        /** The promises of every fault test; {@code maxSeconds} bounds the whole run. */
        public void assertClean(int expectedExit, double maxSeconds) throws IOException, InterruptedException {
            String all = out + "\n" + err;
            assertTrue(injected, "the role never appeared, so nothing was injected: " + all);
            assertEquals(expectedExit, exit, all);
            assertTrue(seconds < maxSeconds, "took " + seconds + " s, more than " + maxSeconds + ": " + all);
            assertFalse(err.contains("\tat ") || err.contains("internal error"), err);
            assertTrue(err.lines().count() <= 1, "at most one error line: " + err);
            assertEquals(List.of(), aliveChildren(), "processes of the run still alive");
            assertEquals(Set.of(), newTemporaries(tempBefore, tempPrefix), "temporary files left behind");
            assertArrayEquals(earlier, Files.readAllBytes(dir.resolve(EARLIER)), "the folder's earlier result changed");
            try (Stream<Path> files = Files.list(dir)) {
                List<String> hidden = files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".tmp") || n.endsWith(".partial")).collect(Collectors.toList());
                assertEquals(List.of(), hidden, "half-written files left in " + dir);
            }
        }

        /** The frozen role was named by the short limit its peers were given ({@link #FROZEN_PEER_LIVENESS}), not by 30 s. */
        public void assertNamedWithinTheLivenessLimit() {
            long s = FROZEN_PEER_LIVENESS.toSeconds();
            assertTrue(out.contains(" " + s + " s") || out.contains(" " + s * 1000 + " ms"),
                    "a line naming the " + s + " s liveness limit: " + out);
        }
    }

    /** An earlier result kept in the run's folder, which no faulted run may touch. */
    static final String EARLIER = "earlier-run.json";

    /**
     * Runs {@code ./lab ARGS} (its {@code --out} is {@code dir}) and applies {@code fault} to the JVM of
     * {@code group role} {@code after} it appeared (zero: at once).
     */
    public static Outcome run(Path dir, String group, String role, Fault fault, Duration after, String... args)
            throws Exception {
        return run(dir, "perflab-", group, role, fault, after, args);
    }

    /** As above; {@code tempPrefix} names the ladder's own temporary files ({@code perflab-brick}). */
    public static Outcome run(Path dir, String tempPrefix, String group, String role, Fault fault, Duration after, String... args)
            throws Exception {
        Files.createDirectories(dir);
        byte[] earlier = ("[{\"benchmark\":\"an earlier run\",\"at\":" + System.nanoTime() + "}]").getBytes();
        Files.write(dir.resolve(EARLIER), earlier);
        Set<String> before = temporaries();
        LabCli cli = new LabCli();
        long start = System.nanoTime();
        if (fault == Fault.STOP) {
            System.setProperty(Liveness.PROPERTY, Long.toString(FROZEN_PEER_LIVENESS.toSeconds()));
        }
        try {
            return injectAndWait(cli, start, dir, earlier, before, tempPrefix, group, role, fault, after, args);
        } finally {
            System.clearProperty(Liveness.PROPERTY);
        }
    }

    /**
     * The liveness limit a frozen-peer run gets: the peers name the frozen role within it (the default, 30 s, is for
     * a JVM starting on a loaded machine; the roles here start in a few seconds).
     */
    static final Duration FROZEN_PEER_LIVENESS = Duration.ofSeconds(10);

    private static Outcome injectAndWait(LabCli cli, long start, Path dir, byte[] earlier, Set<String> before, String tempPrefix,
            String group, String role, Fault fault, Duration after, String... args) throws Exception {
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.run(args));
        boolean injected = false;
        while (!exit.isDone() && !injected) {
            Optional<ProcessHandle> target = ProcessHandle.current().descendants()
                    .filter(p -> isRole(p, group, role)).findFirst();
            if (target.isPresent()) {
                Thread.sleep(after.toMillis());
                signal(target.get(), fault);
                injected = true;
            } else {
                Thread.sleep(10);
            }
        }
        int code = exit.get(5, TimeUnit.MINUTES);
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Outcome(code, seconds, cli.out.toString(), cli.err.toString(), injected, dir, earlier, before, tempPrefix);
    }

    private static boolean isRole(ProcessHandle p, String group, String role) {
        List<String> args;
        try {
            // /proc, not ProcessHandle.Info.arguments(), which the JDK leaves empty for long command lines
            args = List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"))).split("\0"));
        } catch (IOException e) {
            return false;
        }
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals(group) && args.get(i + 1).equals(role)) {
                return p.isAlive();
            }
        }
        return false;
    }

    private static void signal(ProcessHandle p, Fault fault) throws IOException, InterruptedException {
        if (fault == Fault.KILL) {
            p.destroyForcibly();
        } else {
            new ProcessBuilder("kill", "-STOP", Long.toString(p.pid())).inheritIO().start().waitFor();
        }
    }

    /** Child processes of this JVM still alive after a run (each is killed, so that one failure does not spread). */
    static List<String> aliveChildren() throws InterruptedException {
        Thread.sleep(200);
        List<ProcessHandle> alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> !p.info().command().orElse("").endsWith("/kill")).collect(Collectors.toList());
        alive.forEach(ProcessHandle::destroyForcibly);
        return alive.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).collect(Collectors.toList());
    }

    /** The lab's own temporary files and folders: {@code perflab-…} in the system's temporary folder. */
    static Set<String> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("perflab-")).collect(Collectors.toSet());
        }
    }

    /** New temporaries of the ladder under test (its prefix: other work on the machine may make the others). */
    private static Set<String> newTemporaries(Set<String> before, String prefix) throws IOException, InterruptedException {
        Set<String> now = temporaries();
        now.removeAll(before);
        now.removeIf(n -> !n.startsWith(prefix));
        // on a machine shared with other runs their files come and go: only what stays for seconds is ours
        for (int i = 0; i < 3 && !now.isEmpty(); i++) {
            Thread.sleep(2_000);
            now.retainAll(temporaries());
        }
        return now;
    }
}
