package dev.perflab.cli.ab;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * What {@code ab} checks of a revision's build: that a jar it built before is still whole before it is trusted again,
 * and, for a build that failed, the line of Maven's output that says why.
 */
final class BuiltJars {
    /** The terminal's colour and cursor codes Maven's console may print even in batch mode (its last line can be only these). */
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[ -/]*[@-~]");
    /** A compiler's error as Maven prints it: {@code [ERROR] /path/File.java:[12,5] ';' expected}. */
    private static final Pattern COMPILE_ERROR = Pattern.compile("\\[ERROR\\] .*\\.java:\\[\\d+(,\\d+)?\\] .*");

    private BuiltJars() {
    }

    /**
     * Why a cached jar cannot be trusted, or empty when it can: it must be a JMH benchmarks jar and every entry must
     * read back whole (each entry's CRC-32 is checked as it is read), so a jar cut short or with a changed byte is
     * built again rather than run.
     */
    static Optional<String> damaged(Path jar) {
        try {
            AbRevisions.checkJmhJar("the jar", jar);
        } catch (LabException e) {
            return Optional.of(e.getMessage());
        }
        byte[] skip = new byte[64 * 1024];
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                while (in.read(skip) >= 0) {
                    // reading to the end checks the entry's CRC-32
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /**
     * The line of a failed build's output that says why, without terminal codes: the first compiler error, else the
     * first {@code [ERROR]} line with words in it, else the last line with any.
     */
    static String buildError(List<String> lines) {
        List<String> plain = lines.stream().map(l -> ANSI.matcher(l).replaceAll("").strip()).filter(l -> !l.isEmpty()).toList();
        return plain.stream().filter(l -> COMPILE_ERROR.matcher(l).matches()).findFirst()
                .or(() -> plain.stream().filter(l -> l.startsWith("[ERROR]") && l.length() > "[ERROR]".length() + 2).findFirst())
                .or(() -> plain.isEmpty() ? Optional.empty() : Optional.of(plain.get(plain.size() - 1)))
                .orElse("no output");
    }

    /**
     * The jars a build did leave in the folder where the expected one is missing, for its message: {@code  (target/
     * holds: app.jar, app-tests.jar)}; empty when the folder is missing or holds none.
     */
    static String jarsIn(Path folder) {
        if (folder == null || !Files.isDirectory(folder)) {
            return "";
        }
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            List<String> jars = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted().toList();
            return jars.isEmpty() ? "" : " (" + folder.getFileName() + "/ holds: " + String.join(", ", jars.subList(0, Math.min(5, jars.size())))
                    + (jars.size() > 5 ? " and " + (jars.size() - 5) + " more" : "") + ")";
        } catch (IOException e) {
            return "";
        }
    }
}
