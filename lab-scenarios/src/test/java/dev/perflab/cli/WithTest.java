package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.WithJars;
import dev.perflab.jmh.JmhProcess;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --with JAR}: the leading options taken off the arguments, each jar checked in one line, the jar's ladders
 * added to the built-in components and the jar handed to JMH runs. (The end-to-end case, a project built with
 * Maven against the installed artifacts, is {@code examples/boxing} in {@code .ci/run}.)
 */
class WithTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(JmhProcess.WITH_PROPERTY);
    }

    /** A jar whose ladders file names the test tree's toy-jmh ladder (its classes come from the test class path). */
    private Path ladderJar(String line) throws Exception {
        Path jar = dir.resolve("own.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry(Registry.LADDERS));
            zip.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return jar;
    }

    @Test
    void theJarsLadderJoinsTheBuiltInOnesAndTheJarGoesToJmh() throws Exception {
        Path jar = ladderJar("dev.perflab.cli.toy.ToyJmhLadder.LADDER");
        WithJars with = WithJars.parse(new String[] {"--with", jar.toString(), "list", "--help"});
        assertArrayEquals(new String[] {"list", "--help"}, with.rest());
        Registry registry = with.registry();
        assertEquals("toy-jmh", registry.byName("toy-jmh").name());
        assertEquals("orderbook", registry.byName("orderbook").name(), "the built-in ones stay");
        assertEquals(jar.toAbsolutePath().normalize().toString(), System.getProperty(JmhProcess.WITH_PROPERTY));
        LabCli lab = new LabCli(registry);
        assertEquals(0, lab.run("list"), lab.err.toString());
        assertTrue(lab.out.toString().contains("r1-two-at-a-time"), lab.out.toString());
    }

    @Test
    void withoutAnyTheBuiltInRegistryAndTheArgumentsAsGiven() {
        WithJars with = WithJars.parse(new String[] {"run", "orderbook", "--with", "x"});
        assertArrayEquals(new String[] {"run", "orderbook", "--with", "x"}, with.rest(), "only leading --with options are the lab's");
        assertEquals(Registry.builtIn(), with.registry());
    }

    @Test
    void aMissingJarANonJarAndABadLadderLineAreOneLineEach() throws Exception {
        assertEquals("--with " + dir.resolve("gone.jar") + ": no such file; give the jar your project's build wrote (mvn package: target/*.jar)",
                assertThrows(LabException.class, () -> WithJars.parse(new String[] {"--with", dir.resolve("gone.jar").toString(), "list"})).getMessage());
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertTrue(assertThrows(LabException.class, () -> WithJars.parse(new String[] {"--with=" + text, "list"})).getMessage()
                .startsWith("--with " + text + ": not a jar ("));
        assertEquals("--with needs a jar: --with JAR COMMAND …, e.g. --with target/my-ladder.jar list",
                assertThrows(LabException.class, () -> WithJars.parse(new String[] {"--with"})).getMessage());
        Path bad = ladderJar("dev.perflab.cli.toy.NoSuchLadder.LADDER");
        LabException e = assertThrows(LabException.class, () -> WithJars.parse(new String[] {"--with", bad.toString(), "list"}).registry());
        assertTrue(e.getMessage().startsWith("--with " + bad.toAbsolutePath().normalize() + ": ") && e.getMessage().contains("NoSuchLadder"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
