package dev.perflab.foreign;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;

/**
 * A JMH benchmarks jar another project built: a jar whose main class is JMH's and which holds JMH's benchmark
 * list, as JMH's Maven archetype and the Gradle plugins make it.
 *
 * @param path        the jar
 * @param jmhVersion  the JMH it carries, from the {@code pom.properties} Maven's shade copies in; empty when the
 *                    jar does not say (a Gradle build)
 */
public record ForeignJar(Path path, Optional<String> jmhVersion) {
    private static final String BENCHMARK_LIST = "META-INF/BenchmarkList";
    private static final String JMH_MAIN = "org.openjdk.jmh.Main";
    /** The lab's own benchmarks jar starts JMH's Main through this (it ends with the lab that started it). */
    private static final String LAB_JMH_MAIN = "dev.perflab.bench.JmhMain";
    private static final String JMH_POM = "META-INF/maven/org.openjdk.jmh/jmh-core/pom.properties";

    /**
     * The jar at {@code path}, checked.
     *
     * @param option names the input in the message ({@code run-jar}, {@code --jar})
     * @throws LabException (exit 2) naming the file and what it lacks
     */
    public static ForeignJar open(String option, Path path) {
        if (!Files.isRegularFile(path)) {
            throw new LabException(option + " " + path + ": no such file" + (Files.isDirectory(path) ? " (a directory; give the jar in it)" : ""));
        }
        try (JarFile jar = new JarFile(path.toFile())) {
            Manifest manifest = jar.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            boolean listed = jar.getEntry(BENCHMARK_LIST) != null;
            if (!listed || !JMH_MAIN.equals(main) && !LAB_JMH_MAIN.equals(main)) {
                throw new LabException(option + " " + path + ": not a JMH benchmarks jar (" + (main == null ? "no main class" : "main class " + main)
                        + (listed ? "" : ", no " + BENCHMARK_LIST) + "); build the project's benchmarks jar (JMH's archetype: mvn package"
                        + " makes target/benchmarks.jar)");
            }
            return new ForeignJar(path, version(jar));
        } catch (ZipException e) {
            throw new LabException(option + " " + path + ": not a jar (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new LabException(option + " " + path + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    private static Optional<String> version(JarFile jar) throws IOException {
        ZipEntry pom = jar.getEntry(JMH_POM);
        if (pom == null) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (InputStream in = jar.getInputStream(pom)) {
            properties.load(in);
        }
        return Optional.ofNullable(properties.getProperty("version")).map(String::strip).filter(v -> !v.isEmpty());
    }

    /**
     * The name its results go by: the project's folder for a jar in {@code PROJECT/target/} (or {@code build/libs/}),
     * else the jar's own name without {@code .jar}.
     */
    public String name() {
        Path absolute = path.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        String file = absolute.getFileName().toString().replaceFirst("\\.jar$", "");
        if (parent != null && parent.getFileName() != null && parent.getParent() != null) {
            String folder = parent.getFileName().toString();
            Path project = folder.equals("target") ? parent.getParent()
                    : folder.equals("libs") && parent.getParent().getFileName() != null
                    && parent.getParent().getFileName().toString().equals("build") ? parent.getParent().getParent() : null;
            if (project != null && project.getFileName() != null) {
                return project.getFileName().toString();
            }
        }
        return file;
    }

    /** {@code JMH 1.19} or {@code JMH (version not recorded in the jar)}. */
    public String describeJmh() {
        return "JMH " + jmhVersion.orElse("(version not recorded in the jar)");
    }
}
