package dev.perflab.cli.toy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * Benchmarks jars for tests of {@code ./lab ab}, without building the project: a thin jar whose manifest names
 * JMH's main class and this test JVM's class path ({@code Class-Path}), holding one {@code META-INF/BenchmarkList}
 * made of every benchmark list on that class path (the toy suites' and lab-benchmarks', with its ruler), so
 * {@code java -jar} on it runs JMH as on the real {@code benchmarks.jar}.
 */
public final class ToyJars {
    private ToyJars() {
    }

    /**
     * A jar without this module's test classes: it lists lab-benchmarks' benchmarks (the ruler) but not the toy
     * suites. JMH reads every benchmark list on its class path, so leaving the toy out takes its classes' folder
     * off the class path, not only its lines off the jar's list.
     */
    static Path jmhJarWithoutToys(Path file) throws IOException {
        Path testClasses;
        try {
            testClasses = Path.of(ToySumBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        return jmhJar(file, line -> !line.contains(".toy."), entry -> !entry.equals(testClasses));
    }

    /** A jar listing every benchmark of the class path whose list line {@code keep} accepts. */
    public static Path jmhJar(Path file, Predicate<String> keep) throws IOException {
        return jmhJar(file, keep, entry -> true);
    }

    private static Path jmhJar(Path file, Predicate<String> keep, Predicate<Path> onClassPath) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, "org.openjdk.jmh.Main");
        main.put(Attributes.Name.CLASS_PATH, java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(e -> Path.of(e).toAbsolutePath()).filter(onClassPath)
                .map(e -> e.toUri().toString()).collect(Collectors.joining(" ")));
        List<String> lines = new ArrayList<>();
        Enumeration<URL> lists = ToyJars.class.getClassLoader().getResources("META-INF/BenchmarkList");
        while (lists.hasMoreElements()) {
            try (InputStream in = lists.nextElement().openStream()) {
                new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).filter(keep).forEach(lines::add);
            }
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.putNextEntry(new JarEntry("META-INF/BenchmarkList"));
            jar.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return file;
    }

    /** A jar listing every benchmark of the class path. */
    public static Path jmhJar(Path file) throws IOException {
        return jmhJar(file, line -> true);
    }

    /**
     * The planting agent as a thin jar: {@code Premain-Class} and a {@code Class-Path} naming lab-agent's classes and
     * ASM where this test JVM has them (a {@code -javaagent} jar's class path is honoured). The tests run before the
     * package phase writes {@code lab-agent/target/perflab-agent.jar}, and the test's project carries no ASM of its
     * own, so ASM need not be relocated here.
     */
    static Path agentJar(Path file) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Premain-Class", "dev.perflab.agent.PlantAgent");
        try {
            main.put(Attributes.Name.CLASS_PATH, List.of(Class.forName("dev.perflab.agent.PlantAgent"), org.objectweb.asm.ClassReader.class).stream()
                    .map(c -> c.getProtectionDomain().getCodeSource().getLocation().toString()).collect(Collectors.joining(" ")));
        } catch (ClassNotFoundException e) {
            throw new IOException("lab-agent is not on this test's class path", e);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        return file;
    }
}
