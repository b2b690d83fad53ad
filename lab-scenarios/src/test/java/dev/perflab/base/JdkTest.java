package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkTest {
    @TempDir
    Path dir;

    @Test
    void theRunningJdkIsFoundWithItsVersion() {
        Jdk current = Jdk.current();
        assertEquals(Runtime.version().feature(), current.feature());
        assertTrue(current.label().startsWith("jdk" + Runtime.version().feature()), current.label());
        assertTrue(Jdk.discover(List.of()).stream().anyMatch(j -> j.home().equals(current.home())));
        assertEquals(current.home(), Jdk.at(current.java()).home(), "a path to bin/java works too");
    }

    @Test
    void aFolderThatIsNotAJdkIsOneLineError() {
        LabException e = assertThrows(LabException.class, () -> Jdk.at(dir));
        assertEquals(dir + ": not a JDK (no executable bin/java)", e.getMessage());
    }
}
