package dev.perflab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A later sweep removes what a process stopped by {@code kill -9} left in the temporary folder, and nothing else:
 * not a live process's temporaries, not this process's own, not files the lab did not name.
 */
class ScratchTest {

    /** A process that makes a day file of 1,000 bytes and a work folder holding 500 more, says so, then waits. */
    public static final class Owner {
        public static void main(String[] args) throws Exception {
            Path day = Scratch.file("day", ".bin");
            Files.write(day, new byte[1_000]);
            Path work = Scratch.folder("work");
            Files.write(work.resolve("part"), new byte[500]);
            System.out.println("made " + day.getFileName() + " " + work.getFileName());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }

    @Test
    void aKilledOwnersTemporariesAreRemovedAndALiveOwnersAreNot(@TempDir Path temp) throws Exception {
        Process killed = start(temp);
        Process alive = start(temp);
        try {
            List<String> killedMade = made(killed);
            List<String> aliveMade = made(alive);
            Files.writeString(temp.resolve("perflab-untagged-1.bin"), "another program's, or an older lab's");
            Files.writeString(temp.resolve("notes.txt"), "not the lab's");
            killed.destroyForcibly().waitFor(); // SIGKILL: no hook runs
            assertTrue(Files.exists(temp.resolve(killedMade.get(0))), "the killed process's day is there before the sweep");

            Scratch.Swept swept = Scratch.sweep(temp);

            assertEquals(2, swept.entries(), swept.toString());
            assertEquals(1_500, swept.bytes(), swept.toString());
            assertEquals(List.of(killed.pid()), swept.owners().stream().map(Scratch::pidOf).toList());
            assertEquals("process " + killed.pid(), swept.describeOwners());
            Set<String> left = names(temp);
            for (String name : killedMade) {
                assertFalse(left.contains(name), name + " of the killed process is left: " + left);
            }
            assertTrue(left.containsAll(aliveMade), "the live process's temporaries were removed: " + left);
            assertTrue(left.containsAll(List.of("perflab-untagged-1.bin", "notes.txt")), left.toString());
            assertEquals(1, left.stream().filter(n -> n.startsWith("perflab-owner.")).count(),
                    "only the live owner's file is left: " + left);
            assertTrue(Scratch.sweep(temp).isEmpty(), "a second sweep found more");
        } finally {
            killed.destroyForcibly();
            alive.destroyForcibly().waitFor();
        }
    }

    /**
     * An owner that ended normally (here by SIGTERM) removes its owner file but, being a plain program, not its
     * temporaries: the sweep takes a missing owner file as an owner gone.
     */
    @Test
    void temporariesWhoseOwnerFileIsGoneAreRemoved(@TempDir Path temp) throws Exception {
        Process owner = start(temp);
        List<String> made = made(owner);
        owner.destroy();
        assertTrue(owner.waitFor(20, TimeUnit.SECONDS), "the owner did not end on SIGTERM");
        assertFalse(names(temp).stream().anyMatch(n -> n.startsWith("perflab-owner.")), "the owner file stayed: " + names(temp));

        Scratch.Swept swept = Scratch.sweep(temp);

        assertEquals(2, swept.entries(), swept.toString());
        assertEquals(Set.of(), names(temp).stream().filter(made::contains).collect(Collectors.toSet()));
    }

    @Test
    void thisProcesssOwnTemporariesAreNeverRemoved() throws Exception {
        Path mine = Scratch.file("mine", ".bin");
        try {
            Scratch.sweep(Scratch.systemTemp());
            assertTrue(Files.exists(mine), mine + " was removed by its own process's sweep");
            assertTrue(mine.getFileName().toString().startsWith("perflab-mine." + Scratch.currentTag() + "."), mine.toString());
        } finally {
            Files.deleteIfExists(mine);
        }
    }

    @Test
    void aKindIsAPlainWord() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Scratch.file("day.v2", ".bin"));
        assertTrue(e.getMessage().contains("day.v2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Scratch.folder("../up"));
    }

    private static Process start(Path temp) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(java, "-Djava.io.tmpdir=" + temp, "-cp", System.getProperty("java.class.path"),
                Owner.class.getName()).redirectErrorStream(true).start();
    }

    /** The names the owner says it made. */
    private static List<String> made(Process owner) throws IOException {
        String line = new BufferedReader(new InputStreamReader(owner.getInputStream())).readLine();
        assertTrue(line != null && line.startsWith("made "), "the owner said: " + line);
        return List.of(line.substring("made ".length()).split(" "));
    }

    private static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
