package dev.perflab.cli;

import dev.perflab.base.Leftovers;
import dev.perflab.ladder.ExerciseCompiler;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code ./lab} in a child JVM with the exercises' shipped skeletons (their pristine copies under
 * {@code exercises/shipped}) before the built classes on its class path: what {@code ./lab check} runs after a
 * learner's edit, here with the skeleton as shipped whatever the learner's files hold, so a test of the skeletons'
 * messages still passes once an exercise is solved.
 */
public final class ShippedLab {
    /** The pristine copies, from this module's directory. */
    static final Path SHIPPED = Path.of("..", "exercises", "shipped");
    private static Path classes;

    /** Exit code, standard output and standard error of one run. */
    public record Result(int exit, String out, String err) {
        public List<String> lines() {
            return out.lines().toList();
        }
    }

    private ShippedLab() {
    }

    /** Runs {@code ./lab ARGS} with the shipped skeletons; at most two minutes. */
    public static Result run(String... args) throws Exception {
        return runIn(List.of(), args);
    }

    /** {@link #run} in a JVM with these options ({@code -XX:ActiveProcessorCount=2}: a machine of 2 cores). */
    public static synchronized Result runIn(List<String> jvmOptions, String... args) throws Exception {
        Path dir = Files.createTempDirectory("perflab-shipped-run-");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", shippedClasses() + File.pathSeparator + System.getProperty("java.class.path"), Lab.class.getName()));
        command.addAll(List.of(args));
        try {
            Process child = new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile()).start();
            if (!child.waitFor(2, TimeUnit.MINUTES)) {
                child.destroyForcibly();
                throw new AssertionError("./lab " + String.join(" ", args) + " did not finish in 2 minutes");
            }
            return new Result(child.exitValue(), Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
                    Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
        } finally {
            Leftovers.deleteTree(dir);
        }
    }

    /** The shipped skeletons, compiled once per test JVM. */
    static synchronized Path shippedClasses() throws IOException, ExerciseCompiler.CompileError {
        if (classes == null) {
            Path dir = Files.createTempDirectory("perflab-shipped-");
            try (Stream<Path> files = Files.walk(SHIPPED)) {
                ExerciseCompiler.compile(files.filter(f -> f.toString().endsWith(".java")).toList(), ExerciseCompiler.thisClassPath(), dir);
            }
            classes = dir;
            // compiled once for every test of this JVM, so removed when it exits
            Runtime.getRuntime().addShutdownHook(new Thread(() -> Leftovers.deleteTree(dir), "perflab-shipped-classes"));
        }
        return classes;
    }
}
