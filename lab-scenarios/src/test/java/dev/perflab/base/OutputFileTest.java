package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output policy's write half: a failed write keeps the previous file whole and leaves no temporary name. */
class OutputFileTest {
    @TempDir
    Path dir;

    @Test
    void aWriteThatFailsHalfWayKeepsThePreviousFileAndLeavesNoTemporary() throws IOException {
        Path file = Files.writeString(dir.resolve("out.txt"), "previous\n");
        OutputFile out = OutputFile.check("--out", file);
        LabException e = assertThrows(LabException.class, () -> out.write(stream -> {
            stream.write("half of the new".getBytes());
            throw new IOException("No space left on device");
        }));
        assertEquals("--out " + file + ": cannot write (no space left on device); the previous file, if any, is unchanged", e.getMessage());
        assertEquals("previous\n", Files.readString(file));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    /**
     * A lab killed with kill -9 leaves its hidden temporary beside the target; the next write of that target removes
     * it, and leaves alone the temporary of a process still alive (another lab writing the same file) and other files.
     */
    @Test
    void theNextWriteRemovesTheTemporaryOfAKilledRunOnly() throws IOException {
        long dead = 4_000_000;
        while (ProcessHandle.of(dead).isPresent()) {
            dead++;
        }
        Path killed = Files.writeString(dir.resolve(".out.txt." + dead + ".1.tmp"), "half");
        Path alive = Files.writeString(dir.resolve(".out.txt." + ProcessHandle.current().pid() + ".999.tmp"), "in progress");
        Path otherTarget = Files.writeString(dir.resolve(".other.txt." + dead + ".1.tmp"), "another file's");
        Path file = dir.resolve("out.txt");
        OutputFile.check("--out", file).writeString("new\n");
        assertEquals("new\n", Files.readString(file));
        assertFalse(Files.exists(killed), "the killed run's temporary is still there");
        assertTrue(Files.exists(alive), "a live process's temporary was removed");
        assertTrue(Files.exists(otherTarget), "another target's temporary was removed");
    }

    @Test
    void aDirectoryThatVanishesAfterTheCheckIsReportedInWords() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("sub"));
        OutputFile out = OutputFile.check("--junit", sub.resolve("g.xml"));
        Files.delete(sub);
        LabException e = assertThrows(LabException.class, () -> out.writeString("x"));
        assertEquals("--junit " + sub.resolve("g.xml") + ": cannot write (no such folder: " + sub + "); the previous file, if any,"
                + " is unchanged", e.getMessage());
        assertEquals(LabException.BAD_INPUT, e.exitCode());
    }

    @Test
    void devicesAreWrittenInPlaceNeverReplaced() throws IOException {
        OutputFile.check("--events", Path.of("/dev/null")).writeString("discarded");
        assertFalse(Files.isRegularFile(Path.of("/dev/null")), "/dev/null is still the device");
    }
}
