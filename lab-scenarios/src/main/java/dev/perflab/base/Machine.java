package dev.perflab.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The facts every printed number must carry: JDK, CPU model and core count of this machine. The one writer
 * of them: {@link #header()} for a printed line, {@link #writeHeader} beside a results file (where
 * {@code ./lab report} finds it), {@link #describe} into a JSON result.
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

    /** Writes {@code header} as {@code NAME.machine.txt} beside {@code NAME.json}, where {@code ./lab report} reads it. */
    public static Path writeHeader(Path json, String header) throws IOException {
        return writeHeader(json, header, null);
    }

    /**
     * Writes {@code header}, and on a second line {@code run length: LENGTH} ({@code smoke}, {@code quick},
     * {@code standard}, {@code full}) when given, as {@code NAME.machine.txt} beside {@code NAME.json}: the
     * report, its charts and its page name the run length in their titles from there.
     */
    public static Path writeHeader(Path json, String header, String runLength) throws IOException {
        String name = json.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        Path file = json.resolveSibling(stem + ".machine.txt");
        OutputFile.check("machine header", file).writeString(header + "\n" + (runLength == null ? "" : "run length: " + runLength + "\n"));
        return file;
    }

    /**
     * Adds the run length to the machine file beside {@code json}, keeping the machine line a scenario wrote
     * there (this machine's when it wrote none).
     */
    public static Path recordRunLength(Path json, String runLength) throws IOException {
        String name = json.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        Path file = json.resolveSibling(stem + ".machine.txt");
        String line = Files.isRegularFile(file)
                ? Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(header())
                : header();
        return writeHeader(json, line, runLength);
    }

    /** Puts {@code jdk}, {@code cpu}, {@code cores} and the one-line {@code machine} into a JSON result. */
    public static void describe(com.fasterxml.jackson.databind.node.ObjectNode json) {
        json.put("jdk", jdk());
        json.put("cpu", cpuModel());
        json.put("cores", cores());
        json.put("machine", header());
    }

    /** One line, e.g. {@code JDK 17.0.15 (OpenJDK 64-Bit Server VM) · CPU AMD EPYC 7B13 · 2 cores}. */
    public static String header() {
        return "JDK " + System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
                + System.getProperty("java.vm.name", "JVM") + ") · CPU " + cpuModel() + " · " + cores() + " cores";
    }
}
