package dev.perflab.ladder;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles an exercise's few source files (a learner's {@code Student*.java}, a shipped skeleton, a reference or a
 * planted solution) against classes already built, into a folder that goes <em>before</em> them on a class path, so
 * the lab runs that version without rebuilding the reactor: the same {@code javac} Maven runs, on a handful of
 * files instead of hundreds. Needs a JDK (the {@code java.compiler} module with a compiler), as {@code ./lab} does.
 *
 * <p>Errors come back as javac writes them, one {@code FILE:LINE: message} a line, so a learner sees the line to fix.
 */
public final class ExerciseCompiler {
    /** The release every module of the lab compiles for ({@code maven.compiler.release}). */
    static final String RELEASE = "17";

    private ExerciseCompiler() {
    }

    /** What javac said about sources that do not compile: one {@code FILE:LINE: message} a line. */
    public static final class CompileError extends Exception {
        CompileError(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Compiles {@code sources} into {@code dir} (created if needed).
     *
     * @param classPath the built classes the sources use (folders or jars)
     * @throws CompileError          when a source does not compile, with javac's errors
     * @throws IllegalStateException when this Java runtime has no compiler (a JRE)
     */
    public static void compile(List<Path> sources, List<Path> classPath, Path dir) throws IOException, CompileError {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("this Java runtime has no compiler (java.compiler): run the lab on a JDK 17 or newer");
        }
        Files.createDirectories(dir);
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = new ArrayList<>(List.of("--release", RELEASE, "-proc:none", "-nowarn", "-d", dir.toString(),
                    "-cp", classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator))));
            boolean ok = javac.getTask(output, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            if (!ok) {
                throw new CompileError(errors(diagnostics, output.toString()));
            }
        }
    }

    private static String errors(DiagnosticCollector<JavaFileObject> diagnostics, String output) {
        String errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                        + d.getMessage(Locale.ROOT))
                .collect(Collectors.joining("\n"));
        return errors.isEmpty() ? output.strip() : errors;
    }

    /** The class path of this JVM, entry by entry: what a source compiled here may use. */
    public static List<Path> thisClassPath() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(Path::of).toList();
    }
}
