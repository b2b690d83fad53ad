package dev.perflab.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The lab's one launcher: lines in order, exit codes, and close() leaves no process of the tree alive. */
class ChildProcessTest {
    @Test
    void everyLineArrivesInOrderBeforeWaitForReturns() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        List<String> err = new CopyOnWriteArrayList<>();
        try (ChildProcess child = ChildProcess.start("seq", List.of("sh", "-c", "seq 1 2000; echo oops >&2; exit 3"),
                out::add, err::add)) {
            assertEquals(3, child.waitFor());
        }
        assertEquals(2000, out.size());
        assertEquals("1", out.get(0));
        assertEquals("2000", out.get(1999));
        assertEquals(List.of("oops"), err);
    }

    @Test
    void closeStopsTheChildAndWhatItStarted() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        ChildProcess child = ChildProcess.start("tree", List.of("sh", "-c", "sleep 60 & echo $!; wait"), out::add, null);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (out.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        long grandchild = Long.parseLong(out.get(0).strip());
        assertTrue(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false));
        child.close();
        assertFalse(child.isAlive());
        deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false), "sleep 60 survived close()");
    }

    @Test
    void everyChildIsToldWhichProcessStartedIt() throws Exception {
        List<String> out = new CopyOnWriteArrayList<>();
        try (ChildProcess child = ChildProcess.start("env", List.of("sh", "-c", "echo $" + ParentWatch.PARENT_ENV), out::add, null)) {
            assertEquals(0, child.waitFor());
        }
        assertEquals(List.of(Long.toString(ProcessHandle.current().pid())), out);
    }

    /**
     * A lab killed with kill -9 runs no hook, so its child must notice by itself: here the "lab" is a {@code sleep},
     * killed with SIGKILL, and the child JVM watching it exits with 129 instead of running on for its minute.
     */
    @Test
    void aChildWhoseLabWasKilledEndsByItself() throws Exception {
        Process lab = new ProcessBuilder("sleep", "600").start();
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder = new ProcessBuilder(javaCommand, "-cp", System.getProperty("java.class.path"),
                WatchesItsLab.class.getName()).redirectErrorStream(true);
        builder.environment().put(ParentWatch.PARENT_ENV, Long.toString(lab.pid()));
        Process child = builder.start();
        try {
            assertEquals("watching", new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream())).readLine());
            assertTrue(child.isAlive(), "the child ended while its lab was alive");
            lab.destroyForcibly().waitFor();
            assertTrue(child.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the child ran on 20 s after its lab was killed");
            assertEquals(ParentWatch.PARENT_GONE, child.exitValue());
        } finally {
            child.destroyForcibly();
            lab.destroyForcibly();
        }
    }

    /** A child of the lab's own code: watches the process named in its environment, then waits a minute. */
    public static final class WatchesItsLab {
        public static void main(String[] args) throws InterruptedException {
            ParentWatch.start();
            System.out.println("watching");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    /**
     * A JVM that starts a child from a shutdown hook, as a run's thread does when Ctrl-C lands while it starts its next
     * JMH fork: with {@code cleanup}, as a cleanup does; without, as everything else does. It prints the outcome and
     * the child's pid.
     */
    public static final class StartWhileStopping {
        public static void main(String[] args) {
            boolean cleanup = args[0].equals("cleanup");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                List<String> sleep = List.of("sleep", "37");
                try {
                    ChildProcess child = cleanup ? ChildProcess.startForCleanup("late", sleep, line -> { }, null)
                            : ChildProcess.start("late", sleep, line -> { }, null);
                    System.out.println("started " + child.pid());
                    child.close(); // a cleanup waits for its child or closes it
                } catch (java.io.IOException e) {
                    System.out.println("refused: " + e.getMessage());
                }
            }));
            System.exit(0);
        }
    }

    /**
     * A child started while the lab stops gets no hook to stop it, so it would outlive the lab: it is killed at once and
     * refused in one line. A cleanup's child (a hook removing a namespace) may start then; its caller ends it.
     */
    @Test
    void aChildStartedWhileTheLabStopsIsRefusedUnlessACleanupStartsIt() throws Exception {
        for (String mode : List.of("run", "cleanup")) {
            List<String> out = new CopyOnWriteArrayList<>();
            try (ChildProcess jvm = ChildProcess.start("stopping", ChildProcess.javaCommand(List.of(), List.of(),
                    StartWhileStopping.class.getName(), List.of(mode)), out::add, null)) {
                assertEquals(0, jvm.waitFor(), out.toString());
            }
            assertEquals(1, out.size(), out.toString());
            if (mode.equals("run")) {
                assertEquals("refused: 'late' not started: the lab is stopping", out.get(0));
            } else {
                assertTrue(out.get(0).startsWith("started "), out.toString());
            }
            boolean orphan = ProcessHandle.allProcesses().anyMatch(p -> p.info().command().orElse("").endsWith("sleep")
                    && List.of(p.info().arguments().orElse(new String[0])).equals(List.of("37")));
            assertFalse(orphan, mode + ": a 'sleep 37' outlived the JVM that started it");
        }
    }

    /** A JVM that runs out of heap; with -XX:+CrashOnOutOfMemoryError that is a crash with a crash log. */
    public static final class OutOfHeap {
        public static void main(String[] args) {
            List<long[]> kept = new java.util.ArrayList<>();
            while (true) {
                kept.add(new long[1 << 20]);
            }
        }
    }

    @Test
    void aCrashedChildJvmWritesItsLogIntoTheFolderItWasGiven(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        List<String> command = ChildProcess.javaCommand(List.of(), List.of("-Xmx16m", "-XX:+CrashOnOutOfMemoryError",
                "-XX:-CreateCoredumpOnCrash", ChildProcess.errorFileFlag(dir)), OutOfHeap.class.getName(), List.of());
        List<String> out = new CopyOnWriteArrayList<>();
        try (ChildProcess child = ChildProcess.start("crash", command, out::add, null)) {
            assertTrue(child.waitFor(Duration.ofSeconds(60)), "the child crashes within 60 s");
            assertTrue(child.exitCode() != 0, "a crash is not a clean exit");
            java.nio.file.Path log = ChildProcess.crashLog(dir, child.pid());
            assertTrue(java.nio.file.Files.isRegularFile(log), "no " + log + "; the child said: " + out);
        }
    }

    @Test
    void javaCommandRunsOnThisJdkAndClassPath() {
        List<String> command = ChildProcess.javaCommand(List.of("nice"), List.of("-Xmx64m"), "a.Main", List.of("x y"));
        assertEquals("nice", command.get(0));
        assertEquals(ChildProcess.javaExecutable(), command.get(1));
        assertEquals(List.of("-Xmx64m", "-cp", System.getProperty("java.class.path"), "a.Main", "x y"), command.subList(2, 7));
        assertTrue(ChildProcess.quoted(command).endsWith("a.Main 'x y'"), ChildProcess.quoted(command));
    }

    /** {@code perflab --with JAR}: the jars come first on a child JVM's class path, so a role from them starts. */
    @Test
    void theWithJarsComeFirstOnAChildJvmsClassPath() {
        String with = "/own/a.jar" + java.io.File.pathSeparator + "/own/b.jar";
        System.setProperty(ChildProcess.WITH_PROPERTY, with);
        try {
            List<String> command = ChildProcess.javaCommand(List.of(), List.of(), "a.Main", List.of());
            assertEquals(with + java.io.File.pathSeparator + System.getProperty("java.class.path"), command.get(command.indexOf("-cp") + 1));
        } finally {
            System.clearProperty(ChildProcess.WITH_PROPERTY);
        }
    }
}
