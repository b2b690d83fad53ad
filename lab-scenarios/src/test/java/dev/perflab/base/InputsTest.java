package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
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

/** The rule "an output is never an input, nor a folder that holds one", over the spellings of one path. */
class InputsTest {
    @TempDir
    Path dir;

    /** Every way this test spells {@code file}: as given, {@code ./}, {@code sub/..}, a link to it, a link to its folder, relative. */
    private List<Path> spellings(Path file) throws IOException {
        Path parent = file.getParent();
        Files.createDirectories(parent.resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link-" + file.getFileName()), file);
        Path folderLink = Files.createSymbolicLink(dir.resolve("folder-link-" + file.getFileName()), parent);
        return List.of(file, Path.of(parent + "/./" + file.getFileName()), Path.of(parent + "/sub/../" + file.getFileName()),
                link, folderLink.resolve(file.getFileName()), Path.of("").toAbsolutePath().relativize(file));
    }

    @Test
    void anInputIsRefusedAsAnOutputHoweverEitherIsSpelled() throws IOException {
        Path input = Files.writeString(Files.createDirectories(dir.resolve("in")).resolve("history.db"), "runs");
        for (Path asInput : spellings(input)) {
            for (Path asOutput : List.of(input, input.getParent().resolve("./history.db"), Path.of("").toAbsolutePath().relativize(input))) {
                LabException e = assertThrows(LabException.class, () -> Inputs.of(asInput).refuse("--out", asOutput), asInput + " / " + asOutput);
                assertEquals("--out " + asOutput + ": is the input file " + asInput + "; it would be overwritten; give another name", e.getMessage());
                assertEquals(LabException.BAD_INPUT, e.exitCode());
            }
        }
        assertEquals("runs", Files.readString(input));
    }

    @Test
    void anInputThatDoesNotExistYetIsComparedThroughItsFolder() throws IOException {
        Path real = Files.createDirectories(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("alias"), real);
        Path history = real.resolve("results/history.db"); // created on first use, not yet
        assertThrows(LabException.class, () -> Inputs.of(history).refuse("--out", link.resolve("results/history.db")));
        assertThrows(LabException.class, () -> Inputs.of(link.resolve("results/../results/history.db")).refuse("--json", history));
        assertDoesNotThrow(() -> Inputs.of(history).refuse("--out", real.resolve("results/other.db")));
    }

    @Test
    void aFolderThatHoldsAnInputIsRefusedAtAnyDepthAndThroughLinks() throws IOException {
        Path input = Files.writeString(Files.createDirectories(dir.resolve("a/b")).resolve("day.bin"), "day");
        Path link = Files.createSymbolicLink(dir.resolve("to-a"), dir.resolve("a"));
        for (Path folder : List.of(dir.resolve("a/b"), dir.resolve("a"), dir, link, link.resolve("b"), Path.of(dir + "/a/b/"),
                Path.of(dir + "/a/./b/.."), Path.of("").toAbsolutePath().relativize(dir.resolve("a")))) {
            LabException e = assertThrows(LabException.class, () -> Inputs.of(input).refuse("--out", folder), folder.toString());
            assertTrue(e.getMessage().startsWith("--out " + folder + ": holds the input " + input), e.getMessage());
        }
        assertDoesNotThrow(() -> Inputs.of(input).refuse("--out", dir.resolve("a/b2")), "a sibling whose name begins alike");
        assertDoesNotThrow(() -> Inputs.of(input).refuse("--out", dir.resolve("a/b/day.bin.d")));
        assertDoesNotThrow(() -> Inputs.of(dir.resolve("a")).refuse("--out", dir.resolve("a/b/new")), "inside an input folder is not over it");
    }

    @Test
    void aFolderInputIsNamedAsAFolder() throws IOException {
        Path shard = Files.createDirectories(dir.resolve("shard-1-of-2"));
        LabException e = assertThrows(LabException.class, () -> Inputs.of(shard).refuse("--out", Path.of(shard + "/")));
        assertEquals("--out " + shard + ": is the input folder " + shard + "; it would be overwritten; give another name", e.getMessage());
    }

    @Test
    void theMachineFilesBesideAResultAreItsInputsToo() {
        Path json = dir.resolve("X.json");
        assertEquals(List.of(dir.resolve("X.machine.txt"), dir.resolve("X.json.machine.txt")), Inputs.machineFiles(json));
        assertThrows(LabException.class, () -> Inputs.none().addResults(List.of(json)).refuse("--html", dir.resolve("X.machine.txt")));
        assertFalse(Inputs.holds(dir.resolve("X.json"), dir.resolve("X.machine.txt")), "a file holds nothing");
    }
}
