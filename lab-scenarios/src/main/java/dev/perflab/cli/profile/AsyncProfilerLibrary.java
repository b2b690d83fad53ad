package dev.perflab.cli.profile;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The async-profiler agent for this machine. The {@code tools.profiler:async-profiler} jar on the CLI's
 * classpath carries the native library for each platform it supports ({@code linux-x64/},
 * {@code linux-arm64/}, {@code macos/}); the one for this OS and architecture is extracted once into a
 * cache folder, and checked to load before JMH is started. Nothing is downloaded at run time.
 */
public final class AsyncProfilerLibrary {
    public static final String VERSION = "4.2";
    static final String FILE_NAME = "libasyncProfiler.so";

    private AsyncProfilerLibrary() {
    }

    /** The jar entry holding the library for this OS and architecture, e.g. {@code linux-x64/libasyncProfiler.so}. */
    static String resourceFor(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos/" + FILE_NAME;
        }
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            return "linux-x64/" + FILE_NAME;
        }
        if (os.contains("linux") && (arch.equals("aarch64") || arch.equals("arm64"))) {
            return "linux-arm64/" + FILE_NAME;
        }
        throw new LabException("async-profiler " + VERSION + " has no library for " + osName + " on " + osArch
                + " (it ships linux-x64, linux-arm64 and macos)", LabException.CHECK_FAILED);
    }

    /**
     * Extracts this platform's library into {@code cacheDir/VERSION/…} and returns its path. A copy already
     * there is reused when it matches the jar's byte for byte, and replaced otherwise (a truncated or stale file).
     */
    public static Path extract(Path cacheDir) {
        return extract(cacheDir, resourceFor(System.getProperty("os.name"), System.getProperty("os.arch")));
    }

    static Path extract(Path cacheDir, String resource) {
        Path target = cacheDir.resolve(VERSION).resolve(resource);
        byte[] library = read(resource);
        try {
            if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), library)) {
                return target;
            }
            Files.createDirectories(target.getParent());
            // Write under another name, then rename: an interrupted run leaves no half library behind.
            Path partial = target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + ".part");
            Files.write(partial, library);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new LabException("cannot extract async-profiler into " + target.getParent() + ": " + e.getMessage(),
                    LabException.CHECK_FAILED);
        }
    }

    private static byte[] read(String resource) {
        try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new LabException("async-profiler's " + resource + " is not on the classpath (the "
                        + "tools.profiler:async-profiler:" + VERSION + " jar); rebuild with ./lab", LabException.CHECK_FAILED);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new LabException("cannot read " + resource + " from the async-profiler jar: " + e.getMessage(),
                    LabException.CHECK_FAILED);
        }
    }

    /**
     * Starts a throw-away JVM with the agent's own {@code check} action ({@code -agentpath:LIB=check,event=E}),
     * which prints {@code OK} when the library loads and the event can be profiled, and fails with exit 1
     * and the reason otherwise.
     */
    public static void checkLoads(Path library, String event, String java) throws InterruptedException {
        List<String> command = List.of(java, "-agentpath:" + library + "=check,event=" + event, "-Xshare:auto", "-version");
        try {
            Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!probe.waitFor(60, TimeUnit.SECONDS)) {
                probe.destroyForcibly();
                throw new LabException("async-profiler's check did not finish: " + String.join(" ", command), 1);
            }
            loadProblem(probe.exitValue(), output).ifPresent(problem -> {
                throw new LabException("async-profiler cannot profile " + event + " here: " + problem, 1);
            });
        } catch (IOException e) {
            throw new LabException("cannot start " + java + " to check async-profiler: " + e.getMessage(), 1);
        }
    }

    /** Why the check failed, from its exit code and output; empty when the agent loaded and accepted the event. */
    static Optional<String> loadProblem(int exitCode, String output) {
        List<String> lines = output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        Optional<String> error = lines.stream().filter(l -> l.startsWith("[ERROR]")).findFirst();
        if (error.isPresent()) {
            return Optional.of(error.get().substring("[ERROR]".length()).strip());
        }
        if (exitCode == 0) {
            return Optional.empty();
        }
        return Optional.of(firstContaining(lines, "agent library")
                .or(() -> firstContaining(lines, "rror"))
                .or(() -> lines.stream().findFirst())
                .orElse("the JVM exited with " + exitCode));
    }

    private static Optional<String> firstContaining(List<String> lines, String text) {
        return lines.stream().filter(l -> l.contains(text)).findFirst();
    }
}
