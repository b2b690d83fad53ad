package dev.perflab.results;

import dev.perflab.base.InputFile;
import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The previous run's files of a run's folder while a new run writes it ({@link RunFolder#whole}): a copy of each,
 * taken before the new run first names it, in {@code DIR/.previous-PID} (inside the folder, so on its file system
 * and as writable as it), put back when the run does not end and dropped when it does.
 *
 * <p>Thread-safe: the run's thread and the shutdown hook may both put the files back; the first does it.
 */
final class Previous {
    /** In the folder aside: the names of the files the run added (no previous file of that name). */
    private static final String ADDED = ".added";
    /** In the folder aside: a copy being taken, renamed to the file's own name once whole. */
    private static final String COPYING = ".copying";
    /**
     * In the folder aside: the folders the run owns whole ({@link #keepTree}), one a line; a file found in one that
     * has no copy aside is the run's.
     */
    private static final String TREES = ".trees";

    private final Path dir;
    /** The folder as the command named it, for its lines. */
    private final Path shown;
    private final Path aside;
    private final Path partial;
    /** Every file the run named, and whether the previous run had one of that name (its copy is aside). */
    private final Map<Path, Boolean> named = new LinkedHashMap<>();
    /** The folders the run owns whole, and the folders inside them that were there before it. */
    private final List<Path> trees = new ArrayList<>();
    private final java.util.Set<Path> foldersBefore = new java.util.HashSet<>();
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
        try {
            Files.createDirectories(aside);
            if (existed) {
                // copied under a name of its own, then renamed: a kill -9 mid-copy leaves no half copy to put back
                Path copy = aside.resolve(dir.relativize(absolute));
                Files.createDirectories(copy.getParent());
                Path copying = aside.resolve(COPYING);
                Files.copy(absolute, copying, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                move(copying, copy);
            } else {
                // the names of the files the run adds, so that after a kill -9 the next run can move them out
                Files.writeString(aside.resolve(ADDED), dir.relativize(absolute) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            throw new LabException("--out " + file + ": cannot keep the previous run's file aside before replacing it ("
                    + InputFile.reason(e) + "); it was not replaced");
        }
        named.put(absolute, existed);
    }

    /**
     * Copies aside every file the previous run left in {@code folder}, and makes the folder the run's own: when the
     * run does not end, a file found there that was not there before is the run's, whatever its name, and goes
     * where a file the run added goes. For a folder whose files a tool names itself (async-profiler names its
     * recordings after the benchmark and its parameters), so the run cannot name them before they are written.
     */
    synchronized void keepTree(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        if (ended || trees.contains(absolute) || !absolute.startsWith(dir) || absolute.startsWith(aside)) {
            return;
        }
        try {
            Files.createDirectories(aside);
            Files.writeString(aside.resolve(TREES), dir.relativize(absolute) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            for (Path file : filesUnder(dir, absolute)) {
                keep(file);
            }
            if (Files.isDirectory(absolute)) {
                try (Stream<Path> all = Files.walk(absolute)) {
                    all.filter(Files::isDirectory).filter(p -> !isAside(dir, p)).forEach(foldersBefore::add);
                }
            }
        } catch (IOException e) {
            throw new LabException("--out " + folder + ": cannot keep the previous run's files aside before replacing them ("
                    + InputFile.reason(e) + "); they were not replaced");
        }
        trees.add(absolute);
    }

    /** Every file under {@code folder} (none when it is missing), but the copies of runs aside in {@code dir}. */
    private static List<Path> filesUnder(Path dir, Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(folder)) {
            return all.filter(Files::isRegularFile).filter(p -> !isAside(dir, p)).map(p -> p.toAbsolutePath().normalize())
                    .collect(Collectors.toList());
        }
    }

    /** Whether {@code path} is in a run's folder aside ({@code DIR/.previous-PID}), or is one. */
    private static boolean isAside(Path dir, Path path) {
        Path relative = dir.relativize(path.toAbsolutePath().normalize());
        return relative.getNameCount() > 0 && relative.getName(0).toString().startsWith(".previous-");
    }

    /**
     * Puts back what runs killed part-way ({@code kill -9}, which runs nothing of the lab's) left in {@code dir}: for
     * each {@code DIR/.previous-PID} whose process is gone, the previous run's files move back over the ones it had
     * begun to write, and the files it added move into {@code DIR.partial}. A folder of a live process (another
     * run writing this folder now) is left alone. Returns one line per folder put back, for the user.
     */
    static List<String> recoverKilled(Path dir) {
        Path folder = dir.toAbsolutePath().normalize();
        List<Path> asides;
        try (Stream<Path> children = Files.list(folder)) {
            asides = children.filter(p -> p.getFileName().toString().matches("\\.previous-[0-9]+") && Files.isDirectory(p))
                    .sorted().collect(Collectors.toList());
        } catch (IOException e) {
            return List.of(); // no folder yet, or one that cannot be listed: nothing of a killed run to see
        }
        List<String> lines = new ArrayList<>();
        for (Path aside : asides) {
            long pid = Long.parseLong(aside.getFileName().toString().substring(".previous-".length()));
            if (pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                continue;
            }
            lines.add(putBackKilled(dir, folder, aside, pid));
        }
        return lines;
    }

    private static String putBackKilled(Path shown, Path folder, Path aside, long pid) {
        Path partial = shown.resolveSibling(shown.getFileName() + ".partial");
        int back = 0;
        int added = 0;
        boolean allBack = true;
        try {
            List<Path> copies;
            try (Stream<Path> all = Files.walk(aside)) {
                copies = all.filter(Files::isRegularFile).filter(p -> !p.equals(aside.resolve(ADDED))
                        && !p.equals(aside.resolve(COPYING)) && !p.equals(aside.resolve(TREES))).collect(Collectors.toList());
            }
            // a file in a folder the run owned whole, with no copy aside, is one the run added
            List<String> addedInTrees = new ArrayList<>();
            Path trees = aside.resolve(TREES);
            for (String tree : Files.isRegularFile(trees) ? Files.readAllLines(trees) : List.<String>of()) {
                Path owned = folder.resolve(tree).normalize();
                if (owned.startsWith(folder)) {
                    for (Path file : filesUnder(folder, owned)) {
                        String name = folder.relativize(file).toString();
                        if (!Files.exists(aside.resolve(name))) {
                            addedInTrees.add(name);
                        }
                    }
                }
            }
            for (Path copy : copies) {
                Path file = folder.resolve(aside.relativize(copy).toString());
                Files.createDirectories(file.getParent());
                move(copy, file);
                back++;
            }
            Path list = aside.resolve(ADDED);
            List<String> addedNames = new ArrayList<>(Files.isRegularFile(list) ? Files.readAllLines(list) : List.<String>of());
            addedInTrees.stream().filter(name -> !addedNames.contains(name)).forEach(addedNames::add);
            for (String name : addedNames) {
                Path file = folder.resolve(name).normalize();
                if (!name.isEmpty() && file.startsWith(folder) && Files.isRegularFile(file)) {
                    Path kept = partial.resolve(name);
                    Files.createDirectories(kept.getParent());
                    move(file, kept);
                    added++;
                }
            }
        } catch (IOException e) {
            allBack = false;
        }
        if (allBack) {
            Leftovers.deleteTree(aside);
        }
        return shown + ": a run killed part-way (PID " + pid + ") had begun to replace " + back + (back == 1 ? " file" : " files")
                + (allBack ? "; the previous run's files are back" : "; not all could be put back: the rest are in " + aside)
                + (added > 0 ? ", and the " + added + (added == 1 ? " file" : " files") + " it added are in " + partial : "");
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
            for (Path tree : trees) {
                putBackTree(tree);
            }
            if (allBack) {
                Leftovers.deleteTree(aside);
            }
        }
        return !named.isEmpty();
    }

    /** The files the run added to a folder it owned whole, whatever their names; then the folders it made there. */
    private void putBackTree(Path tree) {
        try {
            for (Path file : filesUnder(dir, tree)) {
                if (!named.containsKey(file)) {
                    putBack(file, false);
                }
            }
            if (Files.isDirectory(tree)) {
                List<Path> made;
                try (Stream<Path> all = Files.walk(tree)) {
                    made = all.filter(Files::isDirectory).filter(p -> !foldersBefore.contains(p) && !isAside(dir, p))
                            .sorted(java.util.Comparator.reverseOrder()).collect(Collectors.toList());
                }
                for (Path folder : made) {
                    try (Stream<Path> left = Files.list(folder)) {
                        if (left.findAny().isEmpty()) {
                            Files.delete(folder);
                        }
                    }
                }
            }
        } catch (IOException e) {
            allBack = false;
        }
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
