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
}
