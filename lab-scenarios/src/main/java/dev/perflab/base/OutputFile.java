package dev.perflab.base;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lab's one output policy, used by every command that writes a file the user named.
 *
 * <ol>
 *   <li>{@link #check} runs before any work: the parent directory is created when missing, the path must not
 *       be a directory, must be writable, and must not be the same file as any input (compared with
 *       {@link Files#isSameFile}, so links and {@code ./x} vs {@code x} are caught).</li>
 *   <li>{@link #write} writes to a temporary name in the same directory and renames it over the target
 *       only on success, so a failed write never leaves half a file and never destroys the previous one.
 *       An existing device or pipe ({@code --events /dev/null}) is written in place, never replaced.</li>
 *   <li>Commands print their results before writing; a write that fails after that is reported (exit 2)
 *       after the results, never instead of them.</li>
 * </ol>
 *
 * <pre>
 *   check(--out F)  ──►  work  ──►  print results  ──►  write F.tmp  ──►  rename F.tmp → F
 *        │ exit 2 before work                               │ exit 2 after results; F untouched
 * </pre>
 *
 * Every problem is a {@link LabException} (exit 2) whose message says in words what is wrong.
 */
public final class OutputFile {
    private static final AtomicLong TEMP_COUNTER = new AtomicLong();

    private final String option;
    private final Path path;

    private OutputFile(String option, Path path) {
        this.option = option;
        this.path = path;
    }

    /** What an output is called in messages: {@code --events out.txt}. */
    private static String name(String option, Path path) {
        return option + " " + path;
    }

    /**
     * Checks an output file before any work starts.
     *
     * @param option the option that named it, for messages ({@code --events})
     * @param inputs files the command reads; null entries are ignored
     */
    public static OutputFile check(String option, Path path, Path... inputs) {
        String name = name(option, path);
        if (Files.isDirectory(path)) {
            throw new LabException(name + ": is a directory; give a file name");
        }
        if (!special(path)) {
            Path parent = parentOf(path);
            createDirectory(name, parent);
            if (!Files.isWritable(parent)) {
                throw new LabException(name + ": directory " + parent + " is not writable");
            }
        }
        if (Files.exists(path) && !Files.isWritable(path)) {
            throw new LabException(name + ": the file is not writable");
        }
        for (Path input : inputs) {
            if (input != null && sameFile(path, input)) {
                throw new LabException(name + ": is the input file " + input + "; it would be overwritten; give another name");
            }
        }
        return new OutputFile(option, path);
    }

    /** Checks an output directory before any work starts: created when missing, must be a writable directory. */
    public static Path checkDirectory(String option, Path dir) {
        String name = name(option, dir);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new LabException(name + ": is a file, not a directory");
        }
        createDirectory(name, dir);
        if (!Files.isWritable(dir)) {
            throw new LabException(name + ": directory is not writable");
        }
        return dir;
    }

    /** An existing device or pipe ({@code /dev/null}): written in place, never replaced by a rename. */
    private static boolean special(Path path) {
        return Files.exists(path) && !Files.isRegularFile(path);
    }

    private static Path parentOf(Path path) {
        Path parent = path.toAbsolutePath().normalize().getParent();
        return parent != null ? parent : path.toAbsolutePath().getRoot();
    }

    private static void createDirectory(String name, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new LabException(name + ": cannot create directory " + dir + " (" + InputFile.reason(e) + ")");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    public Path path() {
        return path;
    }

    /** Writes text in UTF-8, atomically. */
    public void writeString(String text) {
        write(out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes bytes, atomically. */
    public void write(byte[] bytes) {
        write(out -> out.write(bytes));
    }

    /** Writes through a buffered UTF-8 writer, atomically. */
    public void writeText(Body<Writer> body) {
        write(out -> {
            Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            body.writeTo(writer);
            writer.flush();
        });
    }

    /** Writes through a stream to a temporary name in the same directory, then renames it over the target. */
    public void write(Body<OutputStream> body) {
        if (special(path)) {
            try (OutputStream out = Files.newOutputStream(path)) {
                body.writeTo(out);
            } catch (IOException e) {
                throw new LabException(name(option, path) + ": cannot write (" + InputFile.reason(e) + ")");
            }
            return;
        }
        Path parent = parentOf(path);
        Path temp = parent.resolve("." + path.getFileName() + "." + ProcessHandle.current().pid() + "."
                + TEMP_COUNTER.incrementAndGet() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                body.writeTo(out);
            }
            Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the write already failed; that is what gets reported
            }
            throw new LabException(name(option, path) + ": cannot write (" + InputFile.reason(e) + ")");
        }
    }

    /** Code that writes an output's content. */
    @FunctionalInterface
    public interface Body<T> {
        void writeTo(T out) throws IOException;
    }
}
