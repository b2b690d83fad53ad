package dev.perflab.cli.profile;

import dev.perflab.cli.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The async-profiler agent for this machine, taken from the {@code tools.profiler:async-profiler} jar on
 * the classpath (it carries the native library for each platform) and extracted once into a cache folder.
 * Nothing is downloaded at run time.
 */
public final class AsyncProfilerLibrary {
    public static final String VERSION = "4.2";

    private AsyncProfilerLibrary() {
    }

    /** The jar entry holding the library for this OS and architecture, e.g. {@code linux-x64/libasyncProfiler.so}. */
    static String resourceFor(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos/libasyncProfiler.so";
        }
        if (!os.contains("linux")) {
            throw new LabException("async-profiler has no library for " + osName + " (Linux and macOS only)", 1);
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return "linux-x64/libasyncProfiler.so";
        }
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return "linux-arm64/libasyncProfiler.so";
        }
        throw new LabException("async-profiler has no library for Linux on " + osArch, 1);
    }

    /** Extracts the library into {@code cacheDir} (once) and returns its path. */
    public static Path extract(Path cacheDir) {
        String resource = resourceFor(System.getProperty("os.name"), System.getProperty("os.arch"));
        Path target = cacheDir.resolve(VERSION).resolve(resource);
        if (Files.isRegularFile(target)) {
            return target;
        }
        try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new LabException("async-profiler's " + resource + " is not on the classpath; rebuild with ./lab", 1);
            }
            Files.createDirectories(target.getParent());
            Path partial = target.resolveSibling(target.getFileName() + ".part");
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new LabException("cannot extract async-profiler into " + target.getParent() + ": " + e.getMessage(), 1);
        }
    }
}
