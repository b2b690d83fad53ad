package dev.perflab.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A full disk a test can make: a tmpfs of a few MiB mounted on a folder of the test's ({@code mount -t tmpfs -o
 * size=…}), which needs root and a kernel that lets this sandbox mount. Where it cannot, the test is skipped
 * with that reason (JUnit's assumption), never run against the real disk. {@link #close()} unmounts it.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path mountPoint;

    private SmallDisk(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /** Mounts a tmpfs of {@code kib} KiB on {@code dir} (created), or skips the test saying why. */
    public static SmallDisk mount(Path dir, int kib) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String why = run(List.of("mount", "-t", "tmpfs", "-o", "size=" + kib + "k", "perflab-small-disk", dir.toString()));
        Assumptions.assumeTrue(why == null, () -> "a small file system cannot be made here (mount -t tmpfs: " + why
                + "); a full disk is not tested");
        return new SmallDisk(dir);
    }

    public Path path() {
        return mountPoint;
    }

    /** Fills what is left of the disk, so that the next write fails with "No space left on device". */
    public void fill() throws IOException {
        try (var out = Files.newOutputStream(mountPoint.resolve("filler"))) {
            byte[] block = new byte[4096];
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // full now
        }
    }

    /** Makes the file system read-only (a results volume mounted read-only), or skips the test saying why. */
    public void readOnly() throws IOException, InterruptedException {
        String why = run(List.of("mount", "-o", "remount,ro", mountPoint.toString()));
        Assumptions.assumeTrue(why == null, () -> "the small file system cannot be made read-only (" + why + ")");
    }

    /** Null when the command succeeded; else why it failed, in its own words. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String out = new String(p.getInputStream().readAllBytes()).strip();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "timed out";
        }
        return p.exitValue() == 0 ? null : out.isEmpty() ? "exit " + p.exitValue() : out;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run(List.of("umount", "-l", mountPoint.toString()));
    }
}
