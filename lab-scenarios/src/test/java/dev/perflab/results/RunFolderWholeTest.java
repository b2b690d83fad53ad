package dev.perflab.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
