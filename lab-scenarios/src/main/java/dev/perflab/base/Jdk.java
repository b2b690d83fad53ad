package dev.perflab.base;

import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A JDK on this machine: its home, its version and vendor as its {@code release} file states them.
 *
 * @param home    the JDK's home folder (the one holding {@code bin/java})
 * @param version e.g. {@code 17.0.15}
 * @param vendor  e.g. {@code Eclipse Adoptium}, or {@code unknown}
 */
public record Jdk(Path home, String version, String vendor) {

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** How long {@code bin/java -version} may take before the JDK is called unusable (a cold start takes well under 1 s). */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Runs {@code bin/java -version} once, with a time limit, before any work is handed to this JDK: a
     * {@code bin/java} that hangs or fails is one line (exit 2) here, not a run that waits forever.
     */
    public Jdk requireRuns() {
        List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        String command = java() + " -version";
        try (ChildProcess probe = ChildProcess.start("jdk-probe", List.of(java().toString(), "-version"), lines::add, null)) {
            if (!probe.waitFor(PROBE_TIMEOUT)) {
                throw new LabException(home + ": '" + command + "' did not answer within " + PROBE_TIMEOUT.toSeconds()
                        + " s; not a working JDK");
            }
            int exit = probe.exitCode();
            if (exit != 0) {
                throw new LabException(home + ": '" + command + "' failed (" + ChildProcess.describeExit(exit) + ")"
                        + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)) + "; not a working JDK");
            }
            return this;
        } catch (IOException e) {
            throw new LabException(home + ": cannot run '" + command + "' (" + InputFile.reason(e) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted", 130);
        }
    }

    /** The major version, e.g. 17. */
    int feature() {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        String digits = v.split("[^0-9]")[0];
        return digits.isEmpty() ? 0 : Integer.parseInt(digits);
    }

    /** A short, file-name-safe label such as {@code jdk17} or {@code jdk25-temurin}. */
    public String label() {
        String v = vendor.toLowerCase(java.util.Locale.ROOT);
        String suffix = v.contains("adoptium") || v.contains("temurin") ? "-temurin"
                : v.contains("oracle") ? "-oracle" : v.contains("azul") ? "-zulu" : "";
        return "jdk" + feature() + suffix;
    }

    /** Reads a JDK home (or a path to its {@code bin/java}); fails with one line if it is not a JDK. */
    public static Jdk at(Path path) {
        Path home = path.getFileName() != null && path.getFileName().toString().equals("java")
                && path.getParent() != null ? path.getParent().getParent() : path;
        if (home == null || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new LabException(path + ": not a JDK (no executable bin/java)");
        }
        Properties release = new Properties();
        try {
            release.load(Files.newBufferedReader(home.resolve("release")));
        } catch (IOException e) {
            throw new LabException(path + ": no readable 'release' file, cannot tell the JDK's version");
        }
        try {
            home = home.toRealPath();
        } catch (IOException e) {
            // keep the path as given
        }
        return new Jdk(home, unquote(release.getProperty("JAVA_VERSION", "unknown")),
                unquote(release.getProperty("IMPLEMENTOR", "unknown")));
    }

    private static String unquote(String s) {
        return s.replaceAll("^\"|\"$", "");
    }

    /** The JDK running the lab itself. */
    public static Jdk current() {
        return at(Path.of(System.getProperty("java.home")));
    }

    /** Every JDK found: the current one, JAVA_HOME, /usr/lib/jvm/*, and the given paths; one entry per real home. */
    public static List<Jdk> discover(List<Path> extra) {
        Map<Path, Jdk> found = new LinkedHashMap<>();
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of(System.getProperty("java.home")));
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(Path.of(javaHome));
        }
        Path jvmDir = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvmDir)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(jvmDir)) {
                entries.forEach(candidates::add);
            } catch (IOException e) {
                // unreadable: nothing found there
            }
        }
        for (Path candidate : candidates) {
            try {
                Jdk jdk = at(candidate);
                found.putIfAbsent(jdk.home(), jdk);
            } catch (LabException e) {
                // not a JDK: skip it when discovering
            }
        }
        for (Path path : extra) {
            Jdk jdk = at(path);
            found.putIfAbsent(jdk.home(), jdk);
        }
        return new ArrayList<>(found.values());
    }
}
