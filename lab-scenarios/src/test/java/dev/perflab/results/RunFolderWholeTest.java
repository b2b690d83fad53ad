package dev.perflab.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's folder is written whole or not at all ({@link RunFolder#whole}): a run that fails part-way (here a write
 * that throws, as on a full disk) leaves every previous file byte for byte, in a folder inside the run
 * ({@code forks/}) too, and a file a child truncated; its new files go to {@code DIR.partial}; a run that ends, or
 * fails a check with its rows saved, leaves exactly its files.
 */
class RunFolderWholeTest {
    @TempDir
    Path dir;

    private Path previousRun() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out").resolve("forks"));
        Files.writeString(out.resolveSibling("verdict.json"), "{\"previous\": true}");
        Files.writeString(out.resolveSibling("suite.log"), "the previous run's log\n");
        Files.writeString(out.resolve("row01-base-pair1.json"), "[\"previous fork\"]");
        Files.writeString(out.resolveSibling("other.json"), "a file this run does not write");
        return out.getParent();
    }

    /** Every file under {@code root}, by relative name, with its bytes. */
    private static Map<String, byte[]> snapshot(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return files;
    }

    private static void assertSame(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((name, bytes) -> assertArrayEquals(bytes, actual.get(name), name));
    }

    /** Writes as a run does: one file replaced whole, a child's log truncated, a fork's file, a new file; then fails. */
    private static Integer halfARun(RunFolder run, RuntimeException failure) throws IOException {
        run.file("verdict.json").writeString("{\"new\": true}");
        Files.writeString(run.path("suite.log"), ""); // a child process opens its log anew
        Files.writeString(run.folder("forks").path("row01-base-pair1.json"), "[\"new fork\"]");
        run.file("forks/row01-head-pair1.json").writeString("[\"a new fork\"]");
        if (failure != null) {
            throw failure;
        }
        return 0;
    }

    @Test
    void aRunThatFailsPartWayLeavesThePreviousFilesByteForByteAndItsOwnInDirPartial() throws Exception {
        Path out = previousRun();
        Map<String, byte[]> before = snapshot(out);
        RunFolder run = RunFolder.open("--out", out);
        LabException e = assertThrows(LabException.class,
                () -> run.whole(() -> halfARun(run, new LabException("--out " + out + "/verdict.md: cannot write (No space left on device)"))));
        assertSame(before, snapshot(out));
        assertEquals(2, e.exitCode());
        assertEquals("--out " + out + "/verdict.md: cannot write (No space left on device); " + out + " unchanged; what this run wrote is in "
                + out + ".partial", e.getMessage());
        assertEquals(List.of("forks/row01-head-pair1.json"), List.copyOf(snapshot(out.resolveSibling("out.partial")).keySet()));
    }

    @Test
    void anyExceptionPutsThePreviousFilesBack() throws Exception {
        Path out = previousRun();
        Map<String, byte[]> before = snapshot(out);
        RunFolder run = RunFolder.open("--out", out);
        assertThrows(IllegalStateException.class, () -> run.whole(() -> halfARun(run, new IllegalStateException("a bug"))));
        assertSame(before, snapshot(out));
    }

    @Test
    void aRunThatEndsOrFailsACheckLeavesExactlyItsFiles() throws Exception {
        for (RuntimeException failure : new RuntimeException[] {null, new LabException("rows missing", LabException.CHECK_FAILED)}) {
            Path out = previousRun();
            RunFolder run = RunFolder.open("--out", out);
            if (failure == null) {
                assertEquals(0, run.whole(() -> halfARun(run, null)));
            } else {
                assertEquals(failure, assertThrows(LabException.class, () -> run.whole(() -> halfARun(run, failure))));
            }
            Map<String, byte[]> after = snapshot(out);
            assertEquals(List.of("forks/row01-base-pair1.json", "forks/row01-head-pair1.json", "other.json", "suite.log", "verdict.json"),
                    List.copyOf(after.keySet()), "exactly the run's files, no copy of the previous run's left");
            assertEquals("{\"new\": true}", new String(after.get("verdict.json")));
            assertEquals(0, after.get("suite.log").length);
            assertFalse(Files.exists(out.resolveSibling("out.partial")));
            Leftovers.deleteTree(out);
        }
    }

    /**
     * A run killed with SIGKILL part-way (here a JVM of its own, stopped in the middle of {@link #halfARun}) runs
     * nothing of the lab's; the next whole run into the folder puts the previous run's files back first, moves what
     * the killed run added into {@code DIR.partial}, removes {@code DIR/.previous-PID} and says so in one line.
     */
    @Test
    void theRunAfterAKillNineFindsThePreviousFilesPutBack() throws Exception {
        Path out = previousRun();
        Map<String, byte[]> before = snapshot(out);
        Process killed = killedHalfWay(HalfARunThenWait.class, out);
        Path aside = out.resolve(".previous-" + killed.pid());
        assertTrue(Files.isDirectory(aside), "the killed run's copies are aside");
        assertFalse(java.util.Arrays.equals(before.get("verdict.json"), Files.readAllBytes(out.resolve("verdict.json"))), "half new");

        var err = new java.io.ByteArrayOutputStream();
        var systemErr = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            RunFolder run = RunFolder.open("--out", out);
            run.whole(() -> {
                assertSame(before, snapshot(out)); // put back before the new run writes anything
                run.file("new.json").writeString("[]");
                return 0;
            });
        } finally {
            System.setErr(systemErr);
        }
        Map<String, byte[]> expected = new TreeMap<>(before);
        expected.put("new.json", "[]".getBytes());
        assertSame(expected, snapshot(out));
        assertEquals(List.of("forks/row01-head-pair1.json"), List.copyOf(snapshot(out.resolveSibling("out.partial")).keySet()));
        assertEquals("lab: " + out + ": a run killed part-way (PID " + killed.pid() + ") had begun to replace 3 files; the previous run's"
                + " files are back, and the 1 file it added are in " + out + ".partial\n", err.toString());
    }

    /**
     * As a profile writes a rung's folder: its earlier recordings deleted, new ones written under names a child
     * process chose ({@link RunFolder#tree}), in a folder of their own.
     */
    private static Integer aProfilersRun(RunFolder run, RuntimeException failure) throws IOException {
        Path rung = run.tree("r4");
        Files.delete(rung.resolve("Bench.cancel-depth-1000").resolve("jfr-cpu.jfr"));
        Files.writeString(rung.resolve("Bench.cancel-depth-1000").resolve("flame-cpu-forward.html"), "a new graph");
        Files.writeString(Files.createDirectories(rung.resolve("Bench.cancel-depth-1").resolve("deeper")).resolve("jfr-cpu.jfr"), "new");
        run.file("engine.txt").writeString("engine: new\n");
        if (failure != null) {
            throw failure;
        }
        return 0;
    }

    private Path previousProfile() throws IOException {
        Path out = Files.createDirectories(dir.resolve("profile"));
        Path bench = Files.createDirectories(out.resolve("r4").resolve("Bench.cancel-depth-1000"));
        Files.writeString(bench.resolve("jfr-cpu.jfr"), "the previous recording");
        Files.writeString(bench.resolve("flame-cpu-forward.html"), "the previous graph");
        Files.writeString(out.resolve("engine.txt"), "engine: previous\n");
        Files.writeString(Files.createDirectories(out.resolve("r0")).resolve("jmh.log"), "another rung's log, not this run's");
        return out;
    }

    @Test
    void aFolderWhoseFilesAChildNamesIsPutBackWholeAndWhatItAddedGoesToDirPartial() throws Exception {
        Path out = previousProfile();
        Map<String, byte[]> before = snapshot(out);
        RunFolder run = RunFolder.open("--out", out);
        LabException e = assertThrows(LabException.class, () -> run.whole(() -> aProfilersRun(run, new LabException("cannot convert a recording (No space left on device)"))));
        assertSame(before, snapshot(out));
        assertFalse(Files.exists(out.resolve("r4").resolve("Bench.cancel-depth-1")), "the folders the run made are gone");
        assertEquals("cannot convert a recording (No space left on device); " + out + " unchanged; what this run wrote is in " + out + ".partial", e.getMessage());
        assertEquals(List.of("r4/Bench.cancel-depth-1/deeper/jfr-cpu.jfr"), List.copyOf(snapshot(out.resolveSibling("profile.partial")).keySet()));

        assertEquals(0, run.whole(() -> aProfilersRun(run, null)));
        assertEquals(List.of("engine.txt", "r0/jmh.log", "r4/Bench.cancel-depth-1/deeper/jfr-cpu.jfr",
                "r4/Bench.cancel-depth-1000/flame-cpu-forward.html"), List.copyOf(snapshot(out).keySet()), "exactly the run's files");
    }

    /**
     * A profile whose JMH run failed (exit 1) draws nothing worth keeping: {@link RunFolder#wholeOrUnchanged} puts the
     * previous profile back on a failure of exit 1 too, where {@code whole} lets a run's failed check stand.
     */
    @Test
    void aFailedProfileLeavesThePreviousProfileWhole() throws Exception {
        Path out = previousProfile();
        Map<String, byte[]> before = snapshot(out);
        RunFolder run = RunFolder.open("--out", out);
        LabException failed = new LabException("JMH failed while profiling r4 (exit 1); see " + out + "/r0/jmh.log", LabException.CHECK_FAILED);
        LabException e = assertThrows(LabException.class, () -> run.wholeOrUnchanged(() -> aProfilersRun(run, failed)));
        assertSame(before, snapshot(out));
        assertEquals(LabException.CHECK_FAILED, e.exitCode());
        assertEquals(failed.getMessage() + "; " + out + " unchanged; what this run wrote is in " + out + ".partial", e.getMessage());
    }

    /** After a {@code kill -9} in such a folder, the next run finds the previous files back and the added ones in DIR.partial. */
    @Test
    void aKillNineInAFolderWhoseFilesAChildNamesIsPutBackByTheNextRun() throws Exception {
        Path out = previousProfile();
        Map<String, byte[]> before = snapshot(out);
        killedHalfWay(AProfilersRunThenWait.class, out);
        var systemErr = System.err;
        System.setErr(new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true));
        try {
            RunFolder run = RunFolder.open("--out", out);
            run.whole(() -> {
                assertSame(before, snapshot(out));
                return 0;
            });
        } finally {
            System.setErr(systemErr);
        }
        assertSame(before, snapshot(out));
        assertEquals(List.of("r4/Bench.cancel-depth-1/deeper/jfr-cpu.jfr"), List.copyOf(snapshot(out.resolveSibling("profile.partial")).keySet()));
    }

    /** The child JVM of {@link #aKillNineInAFolderWhoseFilesAChildNamesIsPutBackByTheNextRun}. */
    static final class AProfilersRunThenWait {
        public static void main(String[] args) throws Exception {
            RunFolder run = RunFolder.open("--out", Path.of(args[0]));
            run.whole(() -> {
                aProfilersRun(run, null);
                System.out.println("half written");
                System.out.flush();
                Thread.sleep(60_000);
                return 0;
            });
        }
    }

    /** Runs {@code child} (a main that writes half a run into {@code out}, says so, then waits) in a JVM of its own, and SIGKILLs it there. */
    private static Process killedHalfWay(Class<?> child, Path out) throws Exception {
        Process killed = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), child.getName(), out.toString())
                .redirectErrorStream(true).start();
        try {
            String said = new java.io.BufferedReader(new java.io.InputStreamReader(killed.getInputStream())).readLine();
            assertEquals("half written", said, "the child's first line");
        } finally {
            killed.destroyForcibly(); // SIGKILL
            killed.waitFor();
        }
        return killed;
    }

    /** A live process's folder aside is another run writing the folder now: left alone. */
    @Test
    void aLiveRunsCopiesAreLeftAlone() throws Exception {
        Path out = previousRun();
        Process live = new ProcessBuilder("sleep", "30").start();
        try {
            Path aside = Files.createDirectories(out.resolve(".previous-" + live.pid()));
            Files.writeString(aside.resolve("verdict.json"), "{\"older\": true}");
            RunFolder run = RunFolder.open("--out", out);
            run.whole(() -> {
                run.file("new.json").writeString("[]");
                return 0;
            });
            assertEquals("{\"previous\": true}", Files.readString(out.resolve("verdict.json")));
            assertTrue(Files.isRegularFile(aside.resolve("verdict.json")));
        } finally {
            live.destroyForcibly();
        }
    }

    /** The child JVM of {@link #theRunAfterAKillNineFindsThePreviousFilesPutBack}: half a run, then a wait to be killed in. */
    static final class HalfARunThenWait {
        public static void main(String[] args) throws Exception {
            Path out = Path.of(args[0]);
            RunFolder run = RunFolder.open("--out", out);
            run.whole(() -> {
                halfARun(run, null);
                System.out.println("half written");
                System.out.flush();
                Thread.sleep(60_000);
                return 0;
            });
        }
    }
}
