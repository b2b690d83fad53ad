package dev.perflab.cli.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What ab says of a revision that does not build, and of a jar it built before that is no longer whole. */
class BuiltJarsTest {
    @TempDir
    Path dir;

    /** Maven's console, as a failed {@code mvn -B -q} leaves it: its compiler errors, then colour codes alone on the last line. */
    @Test
    void aFailedBuildIsItsFirstCompilerErrorWithoutTerminalCodes() {
        List<String> maven = List.of("\u001B[1;31m[ERROR]\u001B[m COMPILATION ERROR : ",
                "\u001B[1;31m[ERROR]\u001B[m /w/lab-core/src/main/java/dev/perflab/Book.java:[12,5] ';' expected",
                "\u001B[1;31m[ERROR]\u001B[m /w/lab-core/src/main/java/dev/perflab/Book.java:[14,1] class, interface, enum, or record expected",
                "\u001B[1;31m[ERROR]\u001B[m Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile",
                "\u001B[0m\u001B[0m");
        assertEquals("[ERROR] /w/lab-core/src/main/java/dev/perflab/Book.java:[12,5] ';' expected", BuiltJars.buildError(maven));
        assertEquals("[ERROR] Failed to execute goal x", BuiltJars.buildError(List.of("\u001B[1;31m[ERROR]\u001B[m Failed to execute goal x",
                "\u001B[0m\u001B[0m")));
        assertEquals("Non-parseable POM /w/pom.xml", BuiltJars.buildError(List.of("Non-parseable POM /w/pom.xml", "\u001B[0m")));
        assertEquals("no output", BuiltJars.buildError(List.of("\u001B[0m\u001B[0m", "")));
    }

    @Test
    void aJarCutShortOrNotAJarIsDamaged() throws Exception {
        Path notAJar = Files.writeString(dir.resolve("x.jar"), "not a jar");
        assertTrue(BuiltJars.damaged(notAJar).isPresent());
        assertTrue(BuiltJars.damaged(dir.resolve("missing.jar")).isPresent());
    }
}
