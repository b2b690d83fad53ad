package dev.perflab.foreign;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * A benchmarks jar this lab did not build: JMH's own samples (jmh-samples, published by the JMH project) with the
 * JMH that runs them, put into one executable jar as a project's shade would, so {@code java -jar} runs JMH.
 */
public final class SamplesJar {
    private SamplesJar() {
    }

    /** Writes {@code dir/benchmarks.jar} from the test class path's jmh-samples, jmh-core, jopt-simple and commons-math3. */
    public static Path write(Path dir) throws IOException {
        List<Path> jars = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .filter(p -> p.getFileName().toString().matches("(jmh-samples|jmh-core|jopt-simple|commons-math3)-.*\\.jar"))
                .collect(Collectors.toList());
        if (jars.stream().noneMatch(p -> p.getFileName().toString().startsWith("jmh-samples"))) {
            throw new IllegalStateException("jmh-samples is not on the test class path: " + jars);
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.openjdk.jmh.Main");
        Path out = dir.resolve("benchmarks.jar");
        Set<String> written = new HashSet<>(Set.of("META-INF/MANIFEST.MF"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(out), manifest)) {
            for (Path source : jars) {
                try (JarFile in = new JarFile(source.toFile())) {
                    for (JarEntry e : in.stream().filter(e -> !e.isDirectory()).collect(Collectors.toList())) {
                        if (written.add(e.getName()) && !e.getName().matches("META-INF/.*\\.(SF|RSA|DSA)")) {
                            jar.putNextEntry(new JarEntry(e.getName()));
                            try (InputStream data = in.getInputStream(e)) {
                                data.transferTo(jar);
                            }
                            jar.closeEntry();
                        }
                    }
                }
            }
        }
        return out;
    }
}
