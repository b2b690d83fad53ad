package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arithmetic of the differential graphs: shares of each profile, positive surpluses only. */
class DifferentialFlameGraphTest {
    @TempDir
    Path dir;

    @Test
    void sharesAreNormalizedPerProfile() throws IOException {
        Path collapsed = Files.writeString(dir.resolve("a.collapsed"), "main;a;b 30\nmain;a;c 10\nmain;a;b 10\n");
        assertEquals(Map.of("main;a;b", 0.8, "main;a;c", 0.2), DifferentialFlameGraph.shares(collapsed));
    }

    @Test
    void differenceKeepsOnlyWhatOneProfileDoesMoreOf() {
        Map<String, Long> more = DifferentialFlameGraph.difference(Map.of("a;b", 0.75, "a;c", 0.25), Map.of("a;b", 0.25, "a;c", 0.75));
        assertEquals(Map.of("a;b", 500_000L), more);
    }

    @Test
    void anEmptyProfileIsRefused() throws IOException {
        Path empty = Files.writeString(dir.resolve("e.collapsed"), "");
        assertThrows(IOException.class, () -> DifferentialFlameGraph.shares(empty));
    }
}
