package dev.perflab.base;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The lab's one input policy, used by every reader of a file the user named: the file must exist, must not
 * be a directory, and is read up to a size limit named in the message. Special files ({@code /dev/zero},
 * pipes) report no size, so the read itself stops one byte past the limit; nothing is parsed from a file
 * that is over it. Limits are set per kind of file, below, and listed in docs/cli.md.
 *
 * <p>Also the lab's heap pre-check ({@link #requireHeap}): a size that cannot fit in this JVM's heap is
 * refused in one line before any work, instead of an {@code OutOfMemoryError} part-way through.
 */
public final class InputFile {
    public static final long MIB = 1024 * 1024;
    /** Order-book command files (binary or text): 256 MiB is tens of millions of commands. */
    public static final long COMMAND_FILE_LIMIT = 256 * MIB;
    /** JMH JSON result files: a full run of every suite is a few MiB. */
    public static final long JMH_JSON_LIMIT = 64 * MIB;
    /** HdrHistogram interval logs ({@code ./lab latency --hlog}): a few KiB per second of a run. */
    public static final long HLOG_LIMIT = 256 * MIB;
    /** A results history exported as CSV (one row per run): thousands of runs of hundreds of rows. */
    public static final long HISTORY_CSV_LIMIT = 64 * MIB;
    /** Gates YAML files: hand-written, a few KiB. */
    public static final long GATES_LIMIT = 1 * MIB;
    /** Share of the maximum heap one input's data may take, leaving room for the work done on it. */
    private static final double HEAP_SHARE = 0.8;

    private InputFile() {
    }

    /**
     * Reads a whole file, refusing it when it is over {@code limit} bytes.
     *
     * @param what what the file should be, for messages ("command files")
     */
    public static byte[] read(Path file, long limit, String what) {
        if (Files.isDirectory(file)) {
            throw new LabException(file + ": is a directory, not one of the " + what);
        }
        if (!Files.exists(file)) {
            throw new LabException(file + ": no such file");
        }
        try {
            if (Files.isRegularFile(file) && Files.size(file) > limit) {
                throw new LabException(file + ": " + size(Files.size(file)) + " is over the " + size(limit)
                        + " limit for " + what + "; nothing read");
            }
            try (InputStream in = Files.newInputStream(file)) {
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
                if (bytes.length > limit) {
                    throw new LabException(file + ": more than the " + size(limit) + " limit for " + what
                            + " (a file that never ends?); nothing read");
                }
                return bytes;
            }
        } catch (IOException e) {
            throw new LabException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    /**
     * Refuses work whose data needs more than this JVM's heap can give.
     *
     * @param bytes estimated bytes the work keeps on the heap at once
     * @param what  the request, for the message ("--count 1,000,000,000")
     */
    public static void requireHeap(double bytes, String what) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > max * HEAP_SHARE) {
            throw new LabException(what + " needs about " + size((long) Math.min(Long.MAX_VALUE, bytes)) + " of heap; this JVM has "
                    + size(max) + " (raise it with LAB_JAVA_OPTS=-Xmx…, or ask for less)");
        }
    }

    /** A byte count for people: {@code 256 MiB}, {@code 3.0 GiB}. */
    public static String size(long bytes) {
        if (bytes >= 1024 * MIB) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * MIB));
        }
        if (bytes >= MIB) {
            return bytes % MIB == 0 ? bytes / MIB + " MiB" : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
        }
        return String.format(Locale.ROOT, "%,d bytes", bytes);
    }

    /** An I/O failure in words, without the exception's class name. */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory: " + ((NoSuchFileException) e).getFile();
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason().toLowerCase(Locale.ROOT);
        }
        String m = e.getMessage();
        if (m == null) {
            return "I/O error";
        }
        // the OS's words as the lab writes them: "No space left on device" → "no space left on device"
        return m.matches("[A-Z][a-z ]+") ? m.toLowerCase(Locale.ROOT) : m;
    }
}
