package dev.perflab.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What counts as a JMH benchmarks jar: JMH's benchmark list and JMH's Main as the jar's entry, or the lab's own entry
 * (its benchmarks jar starts JMH's Main through {@code dev.perflab.bench.JmhMain}, which {@code ./lab ab} builds for
 * every revision of this repository).
 */
class ForeignJarTest {
    @TempDir
    Path dir;

    private Path jar(String name, String mainClass) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        Path out = dir.resolve(name);
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(out), manifest)) {
            jar.putNextEntry(new JarEntry("META-INF/BenchmarkList"));
            jar.closeEntry();
        }
        return out;
    }

    @Test
    void jmhsMainAndTheLabsOwnEntryAreBenchmarksJarsAndNothingElseIs() throws IOException {
        assertEquals(jar("jmh.jar", "org.openjdk.jmh.Main"), ForeignJar.open("run-jar", dir.resolve("jmh.jar")).path());
        assertEquals(jar("lab.jar", "dev.perflab.bench.JmhMain"), ForeignJar.open("run-jar", dir.resolve("lab.jar")).path());
        Path other = jar("app.jar", "com.example.App");
        LabException e = assertThrows(LabException.class, () -> ForeignJar.open("run-jar", other));
        assertEquals(2, e.exitCode());
        assertEquals("run-jar " + other + ": not a JMH benchmarks jar (main class com.example.App); build the project's benchmarks jar"
                + " (JMH's archetype: mvn package makes target/benchmarks.jar)", e.getMessage());
    }
}
