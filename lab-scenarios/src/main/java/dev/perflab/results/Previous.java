package dev.perflab.results;

import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The previous run's files of a run's folder while a new run writes it ({@link RunFolder#whole}): a copy of each,
 * taken before the new run first names it, in {@code DIR/.previous-PID} (inside the folder, so on its file system
 * and as writable as it), put back when the run does not end and dropped when it does.
 *
 * <p>Thread-safe: the run's thread and the shutdown hook may both put the files back; the first does it.
 */
final class Previous {
    private final Path dir;
    /** The folder as the command named it, for its lines. */
    private final Path shown;
    private final Path aside;
    private final Path partial;
    /** Every file the run named, and whether the previous run had one of that name (its copy is aside). */
    private final Map<Path, Boolean> named = new LinkedHashMap<>();
    private boolean ended;
    private boolean movedNew;
    private boolean allBack = true;

    Previous(Path dir) {
        this.shown = dir;
        this.dir = dir.toAbsolutePath().normalize();
        this.aside = this.dir.resolve(".previous-" + ProcessHandle.current().pid());
        this.partial = dir.resolveSibling(dir.getFileName() + ".partial");
    }

    /** Copies the previous run's {@code file} aside, the first time the run names it; a file outside the folder is not the run's. */
    synchronized void keep(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        if (ended || named.containsKey(absolute) || !absolute.startsWith(dir) || absolute.startsWith(aside)) {
            return;
        }
        boolean existed = Files.isRegularFile(absolute);
        if (existed) {
            Path copy = aside.resolve(dir.relativize(absolute));
            try {
                Files.createDirectories(copy.getParent());
                Files.copy(absolute, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            } catch (IOException e) {
                throw new LabException("--out " + file + ": cannot keep the previous run's file aside before replacing it ("
                        + InputFile.reason(e) + "); it was not replaced");
            }
        }
        named.put(absolute, existed);
    }

    /** The run ended: its files stand, the copies go. */
    synchronized void drop() {
        ended = true;
        Leftovers.deleteTree(aside);
    }

    /**
     * The run did not end: every file it named is as it was before (a copy moved back over it, a file the run added
     * moved into {@code DIR.partial}, or removed when the lab is stopping). True when the run had named any file.
     * Best effort on a file that cannot be moved: the others are still put back.
     */
    synchronized boolean putBack() {
        if (!ended) {
            ended = true;
            named.forEach(this::putBack);
            if (allBack) {
                Leftovers.deleteTree(aside);
            }
        }
        return !named.isEmpty();
    }

    private void putBack(Path file, boolean existed) {
        try {
            if (existed) {
                move(aside.resolve(dir.relativize(file)), file);
            } else if (Files.exists(file) && Leftovers.stopping()) {
                Files.delete(file);
            } else if (Files.exists(file)) {
                Path kept = partial.resolve(dir.relativize(file));
                Files.createDirectories(kept.getParent());
                move(file, kept);
                movedNew = true;
            }
        } catch (IOException e) {
            allBack = false; // the copy stays aside, under the file's own name
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The line printed when the lab is stopped part-way through the run. */
    synchronized String stoppedLine() {
        return shown + " unchanged (the previous run's files as they were, this run's removed)";
    }

    /** What a failed run adds to its one line. */
    synchronized String failedLine() {
        return shown + (allBack ? " unchanged" : " not wholly put back: the previous run's files are in " + aside) + (movedNew ? "; what this run wrote is in " + partial : "");
    }
}
