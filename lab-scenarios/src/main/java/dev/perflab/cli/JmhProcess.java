package dev.perflab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
 * Runs the shaded {@code benchmarks.jar} in a child JVM (JMH then forks one JVM per benchmark and
 * parameter set), keeps JMH's full output in a log file, and prints one progress line per benchmark:
 * which one runs, how many are left, and JMH's own estimate of the time left.
 */
public final class JmhProcess {
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

    static String javaExecutable() {
        return Machine.javaExecutable();
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
        List<String> command = new ArrayList<>(List.of(javaExecutable(), "-jar", benchmarksJar().toString()));
        command.addAll(jmhArgs);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Ctrl-C on the lab must not leave JMH (and its forked JVMs) running.
        Thread stopJmh = new Thread(() -> {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        });
        Runtime.getRuntime().addShutdownHook(stopJmh);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            out.write("# " + String.join(" ", command) + "\n");
            followProgress(label, total, reader, out, progress);
        } finally {
            if (process.isAlive()) {
                process.destroy();
            }
            Runtime.getRuntime().removeShutdownHook(stopJmh);
        }
        return process.waitFor();
    }

    private static void followProgress(String label, int total, BufferedReader reader, Writer log, PrintWriter progress)
            throws IOException {
        int started = 0;
        String percent = "0.00";
        String eta = "?";
        String benchmark = "";
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            log.write(line);
            log.write('\n');
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
        log.flush();
    }

    /**
     * How many benchmark/parameter combinations JMH will run, from its {@code -lp} listing; the names of the
     * parameters it lists are added to {@code paramNames}, so unknown {@code --param} names can be refused.
     */
    static int countConfigurations(String include, java.util.Map<String, List<String>> paramOverrides,
                                   java.util.Set<String> paramNames) throws IOException, InterruptedException {
        List<String> command = List.of(javaExecutable(), "-jar", benchmarksJar().toString(), include, "-lp");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        int total = 0;
        int current = 0;
        Pattern param = Pattern.compile("^\\s+param \"([^\"]+)\" = \\{(.*)}");
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
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
        }
        process.waitFor();
        return total + current;
    }
}
