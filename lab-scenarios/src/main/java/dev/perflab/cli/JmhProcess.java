package dev.perflab.cli;

import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs JMH in a child JVM ({@link ChildProcess}: one kill policy for every child the lab starts; JMH's own
 * forked JVMs are its descendants and go with it), keeps JMH's full output in a log file, and prints one
 * progress line per benchmark: which one runs, how many are left, and JMH's own estimate of the time left.
 *
 * <p>JMH comes from the shaded {@code lab-benchmarks/target/benchmarks.jar}, or, when the system property
 * {@value #CLASSPATH_PROPERTY} is set, from that class path ({@code java -cp … org.openjdk.jmh.Main}): how
 * a test runs the JMH suite of a component it registers itself. That JMH ignores the machine-wide JMH lock
 * ({@code /tmp/jmh.lock}), so a test's tiny run neither waits for nor fails beside a real measurement on a
 * shared machine; its numbers are not for reading.
 */
public final class JmhProcess {
    /** A class path holding JMH and the benchmarks (with their generated {@code META-INF/BenchmarkList}). */
    public static final String CLASSPATH_PROPERTY = "perflab.jmh.classpath";
    private static final Pattern PROGRESS = Pattern.compile("# Run progress: ([0-9.]+)% complete, ETA (\\S+)");
    private static final Pattern BENCHMARK = Pattern.compile("# Benchmark: .*\\.([^.]+)$");
    private static final Pattern PARAMETERS = Pattern.compile("# Parameters: \\((.*)\\)");

    private JmhProcess() {
    }

    public static Path benchmarksJar() {
        Path home = Path.of(System.getProperty("perflab.home", "."));
        Path jar = home.resolve("lab-benchmarks/target/benchmarks.jar");
        if (!Files.isRegularFile(jar)) {
            throw new LabException(jar + ": benchmarks.jar not found; run ./lab from the repository root (it builds what is missing)");
        }
        return jar;
    }

    /** Checks that JMH can be started (the jar is there, or a class path is given) and names where it comes from. */
    public static String jmhSource() {
        String classpath = System.getProperty(CLASSPATH_PROPERTY);
        return classpath != null ? "class path " + CLASSPATH_PROPERTY : benchmarksJar().toString();
    }

    /** {@code java -jar benchmarks.jar ARGS}, or {@code java -cp CLASSPATH org.openjdk.jmh.Main ARGS}. */
    static List<String> command(List<String> jmhArgs) {
        String classpath = System.getProperty(CLASSPATH_PROPERTY);
        List<String> command = new ArrayList<>(classpath != null
                ? List.of(Machine.javaExecutable(), "-Djmh.ignoreLock=true", "-cp", classpath, "org.openjdk.jmh.Main")
                : List.of(Machine.javaExecutable(), "-jar", benchmarksJar().toString()));
        command.addAll(jmhArgs);
        return command;
    }

    /**
     * Runs JMH to completion.
     *
     * @param label     shown at the start of each progress line
     * @param total     number of benchmark/parameter combinations expected, for "n/total"
     * @param jmhArgs   arguments after {@code -jar benchmarks.jar}
     * @param log       where JMH's own output goes
     * @return JMH's exit code
     */
    public static int run(String label, int total, List<String> jmhArgs, Path log, PrintWriter progress)
            throws IOException, InterruptedException {
        List<String> command = command(jmhArgs);
        try (Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            out.write("# " + String.join(" ", command) + "\n");
            Progress follow = new Progress(label, total, out, progress);
            try (ChildProcess jmh = ChildProcess.start("jmh", command, follow::line, null)) {
                int exit = jmh.waitFor();
                if (follow.failure != null) {
                    throw follow.failure;
                }
                return exit;
            }
        }
    }

    /** Turns JMH's output into progress lines, and copies every line to the log (on the pump thread). */
    private static final class Progress {
        private final String label;
        private final int total;
        private final Writer log;
        private final PrintWriter progress;
        private int started;
        private String percent = "0.00";
        private String eta = "?";
        private String benchmark = "";
        private IOException failure;

        Progress(String label, int total, Writer log, PrintWriter progress) {
            this.label = label;
            this.total = total;
            this.log = log;
            this.progress = progress;
        }

        void line(String line) {
            try {
                log.write(line);
                log.write('\n');
            } catch (IOException e) {
                failure = e;
            }
            Matcher m;
            if ((m = PROGRESS.matcher(line)).find()) {
                percent = m.group(1);
                eta = m.group(2);
            } else if ((m = BENCHMARK.matcher(line)).find()) {
                benchmark = m.group(1);
            } else if ((m = PARAMETERS.matcher(line)).find()) {
                started++;
                progress.printf("  [%s %3d/%d, %5s%% done, ETA %s] %s %s%n", label, started, total, percent, eta,
                        benchmark, m.group(1).replace(" = ", "="));
                progress.flush();
            } else if (line.startsWith("<failure>") || line.contains("Exception")) {
                progress.println("  [" + label + "] " + line.trim());
                progress.flush();
            }
        }
    }

    /**
     * How many benchmark/parameter combinations JMH will run, from its {@code -lp} listing; the names of the
     * parameters it lists are added to {@code paramNames}, so unknown {@code --param} names can be refused.
     */
    static int countConfigurations(String include, java.util.Map<String, List<String>> paramOverrides,
                                   java.util.Set<String> paramNames) throws IOException, InterruptedException {
        List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ChildProcess listing = ChildProcess.start("jmh-list", command(List.of(include, "-lp")), lines::add, null)) {
            listing.waitFor();
        }
        int total = 0;
        int current = 0;
        Pattern param = Pattern.compile("^\\s+param \"([^\"]+)\" = \\{(.*)}");
        for (String line : lines) {
            Matcher m = param.matcher(line);
            if (m.find()) {
                paramNames.add(m.group(1));
                List<String> override = paramOverrides.get(m.group(1));
                current *= override != null ? override.size() : m.group(2).split(",").length;
            } else if (!line.isBlank() && !line.startsWith(" ") && !line.startsWith("Benchmarks:")) {
                total += current;
                current = 1;
            }
        }
        return total + current;
    }
}
