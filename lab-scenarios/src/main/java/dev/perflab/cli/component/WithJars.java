package dev.perflab.cli.component;

import dev.perflab.base.LabException;
import dev.perflab.jmh.JmhProcess;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.ZipFile;

/**
 * {@code perflab --with JAR COMMAND …}: components from a jar of one's own, beside the built-in ones. The jar is
 * found as the lab finds its own components ({@link Registry#load}): a {@code META-INF/perflab/ladders} line naming
 * a ladder's field, or a {@code Component} service line. Its classes are loaded in the CLI's JVM after the lab's, so
 * {@code list} and {@code check} see them; its JMH classes (and their {@code META-INF/BenchmarkList}) go first on the
 * class path of every JMH run the lab starts, before the lab's own benchmarks jar, which brings JMH and the lab's
 * classes, so {@code run}, {@code ab} and {@code profile} measure them. The jar holds the project's classes only
 * (JMH and perflab are {@code provided}); {@code examples/boxing} is one.
 *
 * <pre>
 *   perflab --with a.jar [--with b.jar] run NAME --smoke
 *     └─ URLClassLoader(a.jar, b.jar; parent: the lab's) ─▶ Registry.load ─▶ the CLI as always
 *     └─ -Dperflab.with=a.jar:b.jar ─▶ JMH: java -cp a.jar:b.jar:benchmarks.jar org.openjdk.jmh.Main …
 * </pre>
 */
public final class WithJars {
    private final List<Path> jars;
    private final String[] rest;

    private WithJars(List<Path> jars, String[] rest) {
        this.jars = List.copyOf(jars);
        this.rest = rest;
    }

    /**
     * The leading {@code --with JAR} (or {@code --with=JAR}) options, each a readable jar, and the arguments after
     * them.
     *
     * @throws LabException (exit 2) naming a jar that is missing or no jar, or a {@code --with} without one
     */
    public static WithJars parse(String[] args) {
        List<Path> jars = new ArrayList<>();
        int i = 0;
        while (i < args.length && (args[i].equals("--with") || args[i].startsWith("--with="))) {
            String value;
            if (args[i].equals("--with")) {
                if (i + 1 >= args.length) {
                    throw new LabException("--with needs a jar: --with JAR COMMAND …, e.g. --with target/my-ladder.jar list");
                }
                value = args[i + 1];
                i += 2;
            } else {
                value = args[i].substring("--with=".length());
                i += 1;
            }
            jars.add(checked(Path.of(value)));
        }
        return new WithJars(jars, Arrays.copyOfRange(args, i, args.length));
    }

    private static Path checked(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new LabException("--with " + jar + ": no such file; give the jar your project's build wrote (mvn package: target/*.jar)");
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return jar.toAbsolutePath().normalize();
        } catch (IOException e) {
            throw new LabException("--with " + jar + ": not a jar (" + e.getMessage() + ")");
        }
    }

    public String[] rest() {
        return rest;
    }

    /**
     * The built-in components and the jars' own, the jars handed to every JMH run ({@link JmhProcess#WITH_PROPERTY});
     * without jars, the built-in ones alone.
     *
     * @throws LabException (exit 2) when a jar's ladders file names no ladder, or two components share a name
     */
    public Registry registry() {
        if (jars.isEmpty()) {
            return Registry.builtIn();
        }
        System.setProperty(JmhProcess.WITH_PROPERTY, jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        URL[] urls = new URL[jars.size()];
        for (int j = 0; j < urls.length; j++) {
            try {
                urls[j] = jars.get(j).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new LabException("--with " + jars.get(j) + ": " + e.getMessage());
            }
        }
        // not closed: the components' classes are used until the JVM ends
        URLClassLoader loader = new URLClassLoader(urls, WithJars.class.getClassLoader());
        try {
            return Registry.load(loader);
        } catch (IllegalArgumentException | java.util.ServiceConfigurationError e) {
            throw new LabException("--with " + jars.stream().map(Path::toString).collect(Collectors.joining(", ")) + ": " + e.getMessage());
        }
    }
}
