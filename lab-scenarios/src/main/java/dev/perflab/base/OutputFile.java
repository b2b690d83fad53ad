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
 *       be a directory, must be writable, and must not be any of the command's {@link Inputs} (compared as real paths, so links,
 *       {@code ./x} vs {@code x} and case on a case-insensitive file system are caught).</li>
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
        return check(option, path, Inputs.of(inputs));
    }

    /**
     * Checks an output file before any work starts, against everything the command reads ({@link Inputs}).
     *
     * @param option the option that named it, for messages ({@code --events})
     */
    public static OutputFile check(String option, Path path, Inputs inputs) {
        String name = name(option, path);
        if (Files.isDirectory(path)) {
            throw new LabException(name + ": is a directory; give a file name");
        }
        inputs.refuse(option, path);
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
        return new OutputFile(option, path);
    }

    /** Checks an output directory before any work starts: created when missing, must be a writable directory. */
    public static Path checkDirectory(String option, Path dir) {
        return checkDirectory(option, dir, Inputs.none());
    }

    /**
     * Checks an output directory before any work starts: it must not be, nor hold, any of the command's inputs
     * ({@link Inputs#refuse}); it is created when missing and must be a writable directory.
     */
    public static Path checkDirectory(String option, Path dir, Inputs inputs) {
        String name = name(option, dir);
        inputs.refuse(option, dir);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new LabException(name + ": is a file, not a directory");
        }
        createDirectory(name, dir);
        if (!Files.isWritable(dir)) {
            throw new LabException(name + ": directory is not writable");
        }
        return dir;
    }

    /**
     * {@link #checkDirectory(String, Path, Inputs)} for a command that will not write (a run that only prints its
     * plan): the same refusals, but a missing directory is not created, only checked to be creatable (its nearest
     * existing parent a writable directory).
     */
    public static Path checkDirectoryWithoutCreating(String option, Path dir, Inputs inputs) {
        String name = name(option, dir);
        inputs.refuse(option, dir);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new LabException(name + ": is a file, not a directory");
        }
        Path existing = dir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new LabException(name + ": cannot create directory " + dir + " (" + existing + " is a file)");
        }
        if (!Files.isWritable(existing)) {
            throw new LabException(Files.isDirectory(dir) ? name + ": directory is not writable"
                    : name + ": cannot create directory " + dir + " (" + existing + " is not writable)");
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
            // createDirectories reports a file in the way as "already exists" with only its path for a message
            String reason = e instanceof java.nio.file.FileAlreadyExistsException f && f.getFile() != null
                    ? f.getFile() + " is a file, not a folder" : InputFile.reason(e);
            throw new LabException(name + ": cannot create directory " + dir + " (" + reason + ")");
        }
    }

    public Path path() {
        return path;
    }

    /**
     * Refuses this output when it names the same file as another output of the same command (a {@code --json}
     * that is the rows file {@code DIR/COMPONENT.json}): the later write would replace the earlier one.
     *
     * @param what what the other output is, for the message ("the rows file of this run")
     */
    public OutputFile notSameAs(String what, Path other) {
        if (other != null && Inputs.same(path, other)) {
            throw new LabException(name(option, path) + ": is also " + what + " (" + other + "); one would replace the other; give another name");
        }
        return this;
    }

    /** True when the output is an existing device or pipe ({@code /dev/null}), which is written in place. */
    public boolean inPlace() {
        return special(path);
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

    /**
     * A failed write in words. A failure on the temporary name ({@code .NAME.PID.N.tmp}, a name the user never gave)
     * is told as its folder's: {@code /proc/version} cannot be replaced because {@code /proc} takes no new files.
     */
    private String reason(IOException e, Path temp) {
        if (e instanceof java.nio.file.FileSystemException f && temp.toString().equals(f.getFile())) {
            return folderRefused(parentOf(path), e);
        }
        return InputFile.reason(e);
    }

    /**
     * Why {@code folder} took no new file, in words that name the folder, never the name the lab tried in it: gone
     * (removed since the command checked it), or refusing ({@code /proc}, a read-only mount).
     */
    public static String folderRefused(Path folder, IOException e) {
        if (!Files.isDirectory(folder)) {
            return "no such folder: " + folder;
        }
        String why = e instanceof java.nio.file.NoSuchFileException ? "no such file or directory" : InputFile.reason(e);
        return "its folder " + folder + " takes no new file: " + why;
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
        Path temp = Leftovers.register(temporary());
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                body.writeTo(out);
            }
            replace(temp, path);
        } catch (IOException | java.io.UncheckedIOException e) {
            // a writer that cannot throw IOException (Jackson's, a formatter's) wraps it: the same full disk
            IOException io = e instanceof IOException ? (IOException) e : ((java.io.UncheckedIOException) e).getCause();
            deleteQuietly(temp);
            throw new LabException(name(option, path) + ": cannot write (" + reason(io, temp)
                    + "); the previous file, if any, is unchanged");
        } catch (RuntimeException e) {
            deleteQuietly(temp);
            throw e;
        } finally {
            Leftovers.release(temp);
        }
    }

    /**
     * Writes through code that needs a file rather than a stream (it opens a channel, maps the file, or patches
     * a header at the end): the code gets a temporary file in the same directory, renamed over the target only
     * when the code returns; on any failure the temporary file is deleted and the target is untouched. A
     * device or pipe is handed to the code as it is (written in place, never replaced).
     */
    public void writeFile(Body<Path> body) {
        if (special(path)) {
            try {
                body.writeTo(path);
            } catch (IOException e) {
                throw new LabException(name(option, path) + ": cannot write (" + InputFile.reason(e) + ")");
            }
            return;
        }
        Path temp = Leftovers.register(temporary());
        try {
            body.writeTo(temp);
            replace(temp, path);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp);
            if (e instanceof LabException) {
                throw (LabException) e;
            }
            String reason = e instanceof IOException ? reason((IOException) e, temp)
                    : e instanceof java.io.UncheckedIOException ? reason(((java.io.UncheckedIOException) e).getCause(), temp) : null;
            if (reason == null) {
                throw (RuntimeException) e;
            }
            throw new LabException(name(option, path) + ": cannot write (" + reason + "); the previous file, if any, is unchanged");
        } finally {
            Leftovers.release(temp);
        }
    }

    /**
     * A write that the caller finishes itself, for a command that writes several files and keeps them only
     * together ({@code mdf replay}'s reader files): {@link Staged#file()} is the temporary name to write (a
     * device: the device itself), {@link Staged#commit()} renames it over the target, {@link Staged#keepAs}
     * renames it elsewhere (a partial result), {@link Staged#discard()} deletes it. The temporary file is
     * deleted if the lab is stopped first ({@link Leftovers}).
     */
    public Staged stage() {
        return new Staged(special(path) ? path : Leftovers.register(temporary()));
    }

    /** See {@link #stage()}. One thread. */
    public final class Staged {
        private final Path file;

        private Staged(Path file) {
            this.file = file;
        }

        /** Where to write. */
        public Path file() {
            return file;
        }

        /** The target, for messages. */
        public Path target() {
            return path;
        }

        /** Renames the written file over the target. */
        public void commit() {
            keepAs(path);
        }

        /** Renames the written file to {@code other} (e.g. {@code NAME.partial}), leaving the target as it was. */
        public void keepAs(Path other) {
            if (file.equals(path)) {
                return;
            }
            try {
                replace(file, other);
            } catch (IOException e) {
                deleteQuietly(file);
                throw new LabException(name(option, other) + ": cannot write (" + InputFile.reason(e) + ")");
            } catch (RuntimeException e) {
                deleteQuietly(file);
                throw e;
            } finally {
                Leftovers.release(file);
            }
        }

        /** Deletes the written file; the target stays as it was. */
        public void discard() {
            if (!file.equals(path)) {
                deleteQuietly(file);
                Leftovers.release(file);
            }
        }
    }

    /**
     * Renames a finished temporary file over its target, unless the lab is being stopped (Ctrl-C, SIGTERM): what an
     * interrupted run finishes writing (a rung that failed because its roles got the signal too) never replaces the
     * previous result. The temporary file is then deleted by the caller (or {@link Leftovers}).
     */
    private static void replace(Path temp, Path target) throws IOException {
        if (Leftovers.stopping()) {
            throw new LabException("interrupted: " + target + " was not replaced", 130);
        }
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The temporary name a write goes to first: hidden, in the target's directory, unique to this JVM. None once the
     * lab is stopping: the shutdown hook may have deleted its temporary files already, and the JVM may end mid-write.
     */
    private Path temporary() {
        Leftovers.checkNotStopping();
        removeTemporariesOfKilledRuns();
        return parentOf(path).resolve("." + path.getFileName() + "." + ProcessHandle.current().pid() + "."
                + TEMP_COUNTER.incrementAndGet() + ".tmp");
    }

    /**
     * A lab killed with {@code kill -9} runs no cleanup, so its temporary file for this target stays (hidden, named
     * {@code .NAME.PID.N.tmp}); the next write of the same target removes those of processes no longer alive. A
     * temporary of a live process (another lab writing the same file now) is left alone.
     */
    private void removeTemporariesOfKilledRuns() {
        java.util.regex.Pattern ours = java.util.regex.Pattern.compile(
                java.util.regex.Pattern.quote("." + path.getFileName() + ".") + "(\\d{1,18})\\.\\d+\\.tmp");
        try (java.util.stream.Stream<Path> siblings = Files.list(parentOf(path))) {
            for (Path p : (Iterable<Path>) siblings::iterator) {
                java.util.regex.Matcher m = ours.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(h -> !h.isAlive()).orElse(true)
                        && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    deleteQuietly(p);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // the write itself says what is wrong with the folder
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // the write already failed; that is what gets reported
        }
    }

    /**
     * Whether the file system holding {@code path} (or, when it does not exist, its nearest folder that does) has no
     * space left: what a failure that reports only its aftermath (an empty recording, a cut log, a refused commit)
     * was caused by.
     */
    public static boolean diskFull(Path path) {
        for (Path p = path.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    return Files.getFileStore(p).getUsableSpace() == 0;
                } catch (IOException unknown) {
                    return false;
                }
            }
        }
        return false;
    }

    /** Code that writes an output's content. */
    @FunctionalInterface
    public interface Body<T> {
        void writeTo(T out) throws IOException;
    }
}
