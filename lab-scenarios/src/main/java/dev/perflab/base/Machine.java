package dev.perflab.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The facts every printed number must carry: JDK, CPU model and core count of this machine. The one source
 * of them: {@link #header()} for a printed line (a run's folder saves it beside its rows, where {@code ./lab report}
 * finds it: {@code dev.perflab.results.RunFolder}), {@link #describe} into a JSON result.
 */
public final class Machine {
    private Machine() {
    }

    public static String jdk() {
        return System.getProperty("java.vm.vendor", "?") + " " + System.getProperty("java.vm.name", "JVM") + " "
                + System.getProperty("java.runtime.version", System.getProperty("java.version"));
    }

    public static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc unreadable: fall through
        }
        return System.getProperty("os.arch", "unknown CPU");
    }

    /** The java executable running this JVM, for child JVMs that must run on the same JDK. */
    public static String javaExecutable() {
        return dev.perflab.proc.ChildProcess.javaExecutable();
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The same line for a JDK other than the one running the lab (a {@code --jdk} run). */
    public static String header(Jdk jdk) {
        return "JDK " + jdk.version() + " (" + jdk.vendor() + ", " + jdk.home() + ") · CPU " + cpuModel() + " · "
                + cores() + " cores";
    }

    /** Puts {@code jdk}, {@code cpu}, {@code cores} and the one-line {@code machine} into a JSON result. */
    public static void describe(com.fasterxml.jackson.databind.node.ObjectNode json) {
        json.put("jdk", jdk());
        json.put("cpu", cpuModel());
        json.put("cores", cores());
        json.put("machine", header());
    }

    /** One line: {@code JDK VERSION (VM NAME) · CPU MODEL · N cores}, the model as /proc/cpuinfo names it. */
    public static String header() {
        return "JDK " + System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
                + System.getProperty("java.vm.name", "JVM") + ") · CPU " + cpuModel() + " · " + cores() + " cores";
    }
}
