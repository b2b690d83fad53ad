package dev.perflab.cli.ab;

import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.proc.ChildProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipException;

/**
 * The two revisions of an A/B run, each built into its own benchmarks jar, and the checks on jars given ready-made.
 *
 * <pre>
 *   REV ──git rev-parse──▶ SHA ──▶ lock target/ab/locks/SHA (another ab building SHA: wait for it)
 *            target/ab/jars/SHA.jar there, a JMH jar whose every entry reads back whole? ──yes──▶ use it
 *                                                │ no (or damaged: built again)
 *            git worktree add --force --detach target/ab/worktrees/SHA-PID SHA
 *            mvn -B -q -ntp -DskipTests -pl lab-benchmarks -am package     (log: target/ab/build-SHA.log)
 *            copy lab-benchmarks/target/benchmarks.jar ──▶ target/ab/jars/.SHA.jar.tmp ──rename──▶ SHA.jar
 *            git worktree remove --force                                    (always: built, failed or interrupted)
 * </pre>
 *
 * A jar is renamed into place only once its build succeeded, so a revision that fails to build, or a build that
 * is interrupted, leaves no jar that a later run would take for built; a cached jar that is no longer whole (an
 * entry that fails its CRC-32, a cut file) is built again. Each build's worktree is named for its process, and the build of
 * one revision is locked, so two {@code ab} runs at once never remove each other's worktree nor build the same
 * revision twice. Ctrl-C or SIGTERM during a build removes and unregisters its worktree ({@link Leftovers}); a
 * worktree that a {@code kill -9} left behind is removed, and git's record of it pruned, before the next build.
 * Everything lives under the repository's {@code target/}.
 */
final class AbRevisions {
    /** The jar a revision's build leaves, relative to its worktree. */
    static final String BENCHMARKS_JAR = "lab-benchmarks/target/benchmarks.jar";
    private static final int SHORT_SHA = 12;

    private final Path repo;
    private final PrintWriter console;

    /** @param repo the repository the revisions are read from (the lab's home) */
    AbRevisions(Path repo, PrintWriter console) {
        this.repo = repo.toAbsolutePath().normalize();
        this.console = console;
    }

    /** A revision as asked for and as resolved. */
    record Revision(String name, String sha) {
        /** {@code main (0a1b2c3d4e5f)}, or the short sha alone when that is what was asked for. */
        String label() {
            String shortSha = sha.substring(0, SHORT_SHA);
            return sha.startsWith(name) ? shortSha : name + " (" + shortSha + ")";
        }
    }

    /**
     * The commit a revision names.
     *
     * @throws LabException (exit 2) when the lab's home is not a git repository or the revision names no commit
     */
    Revision resolve(String option, String rev) throws IOException, InterruptedException {
        Result top = git("rev-parse", "--show-toplevel");
        if (top.exit != 0) {
            throw new LabException(option + " " + rev + ": " + repo + " is not a git repository (" + top.last() + "); "
                    + "give built jars with --base-jar/--head-jar instead");
        }
        Result sha = git("rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}");
        if (sha.exit != 0 || sha.lines.isEmpty()) {
            throw new LabException(option + " " + rev + ": unknown revision in " + repo + " (not a commit, branch or tag git knows)");
        }
        return new Revision(rev, sha.lines.get(0).strip());
    }

    /**
     * Refuses a working tree whose tracked files have uncommitted changes when one of the revisions is the commit
     * it has checked out: the changes would not be measured, while its name suggests they are.
     */
    void refuseDirty(List<Revision> revisions) throws IOException, InterruptedException {
        Result head = git("rev-parse", "--verify", "--quiet", "HEAD");
        if (head.exit != 0 || head.lines.isEmpty()) {
            return;
        }
        String checkedOut = head.lines.get(0).strip();
        Revision named = revisions.stream().filter(r -> r.sha().equals(checkedOut)).findFirst().orElse(null);
        if (named == null) {
            return;
        }
        Result status = git("status", "--porcelain", "--untracked-files=no");
        if (status.exit == 0 && !status.lines.isEmpty()) {
            List<String> files = status.lines.stream().map(l -> l.length() > 3 ? l.substring(3) : l).toList();
            throw new LabException(named.name() + " is the commit checked out in " + repo + ", whose tracked files have "
                    + "uncommitted changes (" + String.join(", ", files.subList(0, Math.min(3, files.size())))
                    + (files.size() > 3 ? " and " + (files.size() - 3) + " more" : "") + "): ab measures commits, so commit or "
                    + "stash them, or name another revision");
        }
    }

    /**
     * The benchmarks jar of a revision, built now unless an earlier run built it.
     *
     * @throws LabException (exit 2) when the revision does not build or its build leaves no benchmarks jar
     */
    Path jar(Revision revision) throws IOException, InterruptedException {
        Path jars = Files.createDirectories(repo.resolve("target/ab/jars"));
        // a lock file per revision, kept (deleting it would let a third run lock a new file while a second holds the old)
        Path locks = Files.createDirectories(repo.resolve("target/ab/locks"));
        try (FileChannel lock = FileChannel.open(locks.resolve(revision.sha()), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = lockBuild(lock, revision)) {
            return builtJar(revision, jars);
        }
    }

    /** The lock on one revision's build; another process that holds it is waited for, with a line saying so. */
    private FileLock lockBuild(FileChannel lock, Revision revision) throws IOException {
        FileLock held = lock.tryLock();
        if (held != null) {
            return held;
        }
        console.println("ab: another ab is building " + revision.label() + "; waiting for it…");
        console.flush();
        return lock.lock();
    }

    private Path builtJar(Revision revision, Path jars) throws IOException, InterruptedException {
        Path jar = jars.resolve(revision.sha() + ".jar");
        if (Files.isRegularFile(jar)) {
            java.util.Optional<String> damaged = BuiltJars.damaged(jar);
            if (damaged.isEmpty()) {
                console.println("ab: " + revision.label() + " was built before: " + jar);
                return jar;
            }
            console.println("ab: the jar built before for " + revision.label() + " is damaged (" + damaged.get() + "): building it again");
            Files.delete(jar);
        }
        String shortSha = revision.sha().substring(0, SHORT_SHA);
        Path worktrees = repo.resolve("target/ab/worktrees");
        Path worktree = worktrees.resolve(shortSha + "-" + ProcessHandle.current().pid());
        Path log = repo.resolve("target/ab").resolve("build-" + shortSha + ".log");
        removeAbandoned(worktrees);
        Object building = new Object();
        Leftovers.register(worktree);
        Leftovers.undo(building, this::prune);
        // --force: a worktree of this path whose folder was deleted by hand is still registered; it is replaced
        Result added = git("worktree", "add", "--force", "--detach", worktree.toString(), revision.sha());
        if (added.exit != 0) {
            removeWorktree(worktree);
            Leftovers.release(worktree);
            Leftovers.forget(building);
            throw new LabException(revision.label() + ": cannot make a worktree for it under " + worktree.getParent() + " (" + added.last() + ")");
        }
        try {
            console.println("ab: building " + revision.label() + " in " + worktree + " (mvn package of lab-benchmarks, tests skipped; log " + log + ")…");
            console.flush();
            List<String> mvn = List.of("mvn", "-B", "-q", "-ntp", "-f", worktree.resolve("pom.xml").toString(), "-DskipTests",
                    "-pl", "lab-benchmarks", "-am", "package");
            Result build = run("mvn", mvn, log);
            if (build.exit != 0) {
                throw new LabException(revision.label() + " does not build (mvn exit " + build.exit + ": " + BuiltJars.buildError(build.lines)
                        + "; log " + log + "); nothing of it was kept");
            }
            Path built = worktree.resolve(BENCHMARKS_JAR);
            if (!Files.isRegularFile(built)) {
                throw new LabException(revision.label() + " built, but left no " + BENCHMARKS_JAR + " (is it a perflab revision?); "
                        + "log " + log);
            }
            Path temp = jars.resolve("." + revision.sha() + ".jar.tmp");
            Files.copy(built, temp, StandardCopyOption.REPLACE_EXISTING);
            checkJmhJar(revision.label(), temp);
            Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return jar;
        } finally {
            Files.deleteIfExists(jars.resolve("." + revision.sha() + ".jar.tmp"));
            removeWorktree(worktree);
            Leftovers.release(worktree);
            Leftovers.forget(building);
        }
    }

    private void removeWorktree(Path worktree) throws IOException, InterruptedException {
        if (Files.exists(worktree)) {
            git("worktree", "remove", "--force", worktree.toString());
        }
    }

    /**
     * The worktrees of builds whose process is gone (a {@code kill -9}, a crash): removed, and git's record of any
     * worktree whose folder is gone pruned. A live process's worktree is its own and left alone.
     */
    private void removeAbandoned(Path worktrees) throws IOException, InterruptedException {
        if (Files.isDirectory(worktrees)) {
            try (java.util.stream.Stream<Path> list = Files.list(worktrees)) {
                for (Path w : list.toList()) {
                    java.util.regex.Matcher m = WORKTREE.matcher(w.getFileName().toString());
                    boolean abandoned = !m.matches() || !ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false);
                    if (abandoned) {
                        removeWorktree(w);
                        Leftovers.deleteTree(w);
                    }
                }
            }
        }
        git("worktree", "prune");
    }

    /** A build's worktree folder: the revision's short sha and the building process's id. */
    private static final java.util.regex.Pattern WORKTREE = java.util.regex.Pattern.compile("[0-9a-f]+-(\\d+)");

    /** {@code git worktree prune}, for a stop: the worktree's folder is deleted by then; git forgets it. */
    private void prune() {
        try {
            git("worktree", "prune");
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the next build prunes it
        }
    }

    /**
     * Checks that a file is a JMH benchmarks jar: a jar whose main class is JMH's and which holds JMH's
     * benchmark list.
     *
     * @throws LabException (exit 2) naming the file and what it lacks
     */
    static void checkJmhJar(String what, Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new LabException(what + " " + jar + ": no such file" + (Files.isDirectory(jar) ? " (a directory)" : ""));
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            if (file.getEntry("META-INF/BenchmarkList") == null || !"org.openjdk.jmh.Main".equals(main)) {
                throw new LabException(what + " " + jar + ": not a JMH benchmarks jar (" + (main == null ? "no main class"
                        : "main class " + main) + (file.getEntry("META-INF/BenchmarkList") == null ? ", no META-INF/BenchmarkList" : "")
                        + "); build one with mvn -pl lab-benchmarks -am package");
            }
        } catch (ZipException e) {
            throw new LabException(what + " " + jar + ": not a jar (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new LabException(what + " " + jar + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    /** A finished command: its exit code and output lines. */
    private record Result(int exit, List<String> lines) {
        String last() {
            return lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).map(String::strip).orElse("no output");
        }
    }

    private Result git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        return run("git", command, null);
    }

    private static Result run(String name, List<String> command, Path log) throws IOException, InterruptedException {
        List<String> lines = new CopyOnWriteArrayList<>();
        int exit;
        try (ChildProcess child = ChildProcess.start(name, command, lines::add, null)) {
            exit = child.waitFor();
        } catch (IOException e) {
            throw new LabException(command.get(0) + " cannot be started (" + e.getMessage() + "); ab needs git and Maven on the PATH");
        }
        if (log != null) {
            Files.write(log, lines, StandardCharsets.UTF_8);
        }
        return new Result(exit, List.copyOf(lines));
    }
}
