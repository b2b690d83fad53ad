package dev.perflab.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Everything one command reads, so that none of its outputs can replace or delete it: the files the user named
 * and the implicit ones (the results history, the machine file beside a JSON, a {@code --resume} or
 * {@code --merge} folder, a replay's input). {@link #refuse} holds the rule "an output is never one of the
 * command's inputs, and never a folder that holds one".
 *
 * <p>Paths are compared as the file system sees them, not as they are spelled: {@code ./x}, {@code x/},
 * {@code a/../x}, a symbolic link to {@code x} and, on a case-insensitive file system, {@code X} all name
 * {@code x}. A path that does not exist yet (a history created on first use) is compared through its nearest
 * existing folder.
 *
 * <pre>
 *   Inputs.of(--in, history, X.json + X.machine.txt …)
 *        │
 *   OutputFile.check(--out F, inputs)        F is an input?           ─▶ exit 2, nothing read or written
 *   OutputFile.checkDirectory(--out D, …)    D is, or holds, an input? ─▶ exit 2
 * </pre>
 *
 * Not thread-safe: a command builds it, then checks its outputs, on one thread.
 */
public final class Inputs {
    private final List<Path> files = new ArrayList<>();

    private Inputs() {
    }

    /** No inputs: a command that only writes ({@code mdf generate}). */
    public static Inputs none() {
        return new Inputs();
    }

    /** These files or folders; null entries (an option not given) are left out. */
    public static Inputs of(Path... paths) {
        Inputs inputs = new Inputs();
        for (Path p : paths) {
            inputs.add(p);
        }
        return inputs;
    }

    /** Adds an input; null is ignored. */
    public Inputs add(Path path) {
        if (path != null) {
            files.add(path);
        }
        return this;
    }

    /** Adds every input of a list; null (an option not given) is ignored. */
    public Inputs addAll(Collection<Path> paths) {
        if (paths != null) {
            paths.forEach(this::add);
        }
        return this;
    }

    /**
     * Adds JMH JSON files and, for each, the machine files that {@code ./lab report} reads beside it
     * ({@code X.machine.txt}, {@code X.json.machine.txt}).
     */
    public Inputs addResults(Collection<Path> jsonFiles) {
        if (jsonFiles != null) {
            for (Path json : jsonFiles) {
                add(json);
                machineFiles(json).forEach(this::add);
            }
        }
        return this;
    }

    /** The machine files read beside {@code json}: {@code X.machine.txt} for {@code X.json}, and {@code X.json.machine.txt}. */
    public static List<Path> machineFiles(Path json) {
        String name = json.getFileName() == null ? json.toString() : json.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return List.of(json.resolveSibling(stem + ".machine.txt"), json.resolveSibling(name + ".machine.txt"));
    }

    /** The inputs, as given. */
    public List<Path> paths() {
        return List.copyOf(files);
    }

    /**
     * Refuses {@code output} when it is one of the inputs, or a folder that holds one: one line, exit 2.
     *
     * @param option the option that named the output, for the message ({@code --out})
     */
    public void refuse(String option, Path output) {
        for (Path input : files) {
            if (same(output, input)) {
                throw new LabException(option + " " + output + ": is the input " + (Files.isDirectory(input) ? "folder " : "file ")
                        + input + "; it would be overwritten; give another name");
            }
        }
        for (Path input : files) {
            if (holds(output, input)) {
                throw new LabException(option + " " + output + ": holds the input " + input
                        + ", which writing this folder could replace or delete; give another folder");
            }
        }
    }

    /** True when {@code a} and {@code b} name the same file or folder, however they are spelled. */
    public static boolean same(Path a, Path b) {
        try {
            if (exists(a) && exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // compared by name below
        }
        return canonical(a).equals(canonical(b));
    }

    /** True when {@code folder} is a proper ancestor of {@code path}, however either is spelled. */
    public static boolean holds(Path folder, Path path) {
        if (exists(folder) && !Files.isDirectory(folder)) {
            return false;
        }
        Path real = canonical(path);
        Path dir = canonical(folder);
        for (Path up = real.getParent(); up != null; up = up.getParent()) {
            if (up.equals(dir) || exists(up) && same(up, folder)) {
                return true;
            }
        }
        return false;
    }

    private static boolean exists(Path p) {
        return Files.exists(p);
    }

    /**
     * The path as the file system names it: the real path of its nearest existing ancestor (links resolved), then
     * the names below it; those names are lower-cased where that folder's file system ignores case.
     */
    static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            Path real = existing.toRealPath();
            Path rest = existing.relativize(absolute);
            if (rest.toString().isEmpty()) {
                return real;
            }
            return real.resolve(ignoresCase(real) ? rest.toString().toLowerCase(Locale.ROOT) : rest.toString()).normalize();
        } catch (IOException e) {
            return absolute;
        }
    }

    /** True when {@code dir}'s file system finds a name whatever its case (macOS, Windows by default). */
    private static boolean ignoresCase(Path dir) {
        Path name = dir.getFileName();
        if (name == null) {
            return false;
        }
        String swapped = swapCase(name.toString());
        if (swapped.equals(name.toString())) {
            return false;
        }
        Path other = dir.resolveSibling(swapped);
        try {
            return Files.exists(other, LinkOption.NOFOLLOW_LINKS) && Files.isSameFile(dir, other);
        } catch (IOException e) {
            return false;
        }
    }

    private static String swapCase(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            b.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return b.toString();
    }
}
