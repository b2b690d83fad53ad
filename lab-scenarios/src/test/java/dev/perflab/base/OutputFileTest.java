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

    @Test
    void aDirectoryThatVanishesAfterTheCheckIsReportedInWords() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("sub"));
        OutputFile out = OutputFile.check("--junit", sub.resolve("g.xml"));
        Files.delete(sub);
        LabException e = assertThrows(LabException.class, () -> out.writeString("x"));
        assertTrue(e.getMessage().startsWith("--junit " + sub.resolve("g.xml") + ": cannot write (no such file or directory"),
                e.getMessage());
        assertEquals(LabException.BAD_INPUT, e.exitCode());
    }

    @Test
    void devicesAreWrittenInPlaceNeverReplaced() throws IOException {
        OutputFile.check("--events", Path.of("/dev/null")).writeString("discarded");
        assertFalse(Files.isRegularFile(Path.of("/dev/null")), "/dev/null is still the device");
    }
}
