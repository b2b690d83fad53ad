package dev.perflab.cli.ab;

import dev.perflab.base.LabException;
import dev.perflab.base.Leftovers;
import dev.perflab.foreign.ForeignJar;
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

/**
 * The two revisions of an A/B run, each built into its own benchmarks jar, and the checks on jars given ready-made:
 * the lab's own revisions ({@link #AbRevisions(Path, PrintWriter)}), or another project's, built by its own build
 * ({@link #ofProject}). Only what is built and where it is kept differ; the flow below is the same.
 *
 * <pre>
 *   REV ──git rev-parse──▶ SHA ──▶ lock target/ab/locks/SHA (another ab building SHA: wait for it)
 *            target/ab/jars/SHA.jar there, a JMH jar whose every entry reads back whole? ──yes──▶ use it
 *                                                │ no (or damaged: built again)
 *            git worktree add --force --detach target/ab/worktrees/SHA-PID SHA
 *            mvn -B -q -ntp -DskipTests -pl lab-benchmarks -am package     (in the worktree; log: target/ab/build-SHA.log)
 *            copy lab-benchmarks/target/benchmarks.jar ──▶ target/ab/jars/.SHA.jar.tmp ──rename──▶ SHA.jar
 *            git worktree remove --force                                    (always: built, failed or interrupted)
 * </pre>
 *
 * Another project's revisions go the same way with its build command ({@code sh -c CMD} in the worktree) and its
 * jar, under {@code target/ab/projects/NAME-HASH/} of the lab's checkout (HASH: of the project's folder; the installed
 * launcher, which has no checkout, uses the user's cache, {@link AbProject#work}), each jar named for its
 * commit and for the build command and jar path that made it ({@code SHA-HASH.jar}), so another {@code --build} builds
 * again.
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

    /**
     * How a revision is built.
     *
     * @param command  run in the revision's worktree
     * @param jar      the JMH jar the build leaves, relative to the worktree
     * @param describe what the progress line says it runs
     * @param name     what failed, in the message of a build that fails ({@code mvn exit 1})
     * @param key      added to the cached jar's name ({@code SHA-KEY.jar}): another command or jar, another jar; empty for the lab
     * @param noJar    what the message of a build that left no jar adds
     */
    record Build(List<String> command, String jar, String describe, String name, String key, String noJar) {
        /** The lab's own build: lab-benchmarks and what it needs, tests skipped. */
        static final Build LAB = new Build(List.of("mvn", "-B", "-q", "-ntp", "-DskipTests", "-pl", "lab-benchmarks", "-am", "package"),
                BENCHMARKS_JAR, "mvn package of lab-benchmarks, tests skipped", "mvn", "", " (is it a perflab revision?)");

        /** A project's build: its command through the shell, in the worktree. */
        static Build of(String command, String jar) {
            String first = command.strip().split("\\s+")[0];
            return new Build(List.of("sh", "-c", command), jar, command, first.isEmpty() ? "build" : first,
                    "-" + hash(command + "\n" + jar), "; --jar names the jar the build makes, relative to the project");
        }
    }

    private final Path repo;
    private final Path work;
    private final Build build;
    private final PrintWriter console;

    /** @param repo the repository the revisions are read from (the lab's home); built and kept under its {@code target/ab} */
    AbRevisions(Path repo, PrintWriter console) {
        this(repo, repo.resolve("target/ab"), Build.LAB, console);
    }

    private AbRevisions(Path repo, Path work, Build build, PrintWriter console) {
        this.repo = repo.toAbsolutePath().normalize();
        this.work = work.toAbsolutePath().normalize();
        this.build = build;
        this.console = console;
    }

    /**
     * Another project's revisions, built with its own command.
     *
     * @param project the project's git repository
     * @param work    the folder under which each project's worktrees, logs and jars go ({@code NAME-HASH/})
     * @param command the build, run by {@code sh -c} in a revision's worktree
     * @param jar     the JMH jar it leaves, relative to the worktree
     */
    static AbRevisions ofProject(Path project, Path work, String command, String jar, PrintWriter console) {
        Path dir = project.toAbsolutePath().normalize();
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        return new AbRevisions(dir, work.resolve(name + "-" + hash(dir.toString())), Build.of(command, jar), console);
    }

    /** Eight hex digits of a text's SHA-256: names a folder or jar for it. */
    static String hash(String text) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 4);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * Checks that the revisions' repository is a git repository.
     *
     * @param what names the input in the message ({@code --base main}, {@code --project DIR})
     * @param hint what to do instead
     * @throws LabException (exit 2) when it is not
     */
    void requireRepository(String what, String hint) throws IOException, InterruptedException {
        requireRepository(repo, what, hint);
    }

    /** The same for a folder before its revisions are set up. */
    static void requireRepository(Path repo, String what, String hint) throws IOException, InterruptedException {
        if (!Files.isDirectory(repo)) {
            throw new LabException(what + ": " + repo + " is not a folder" + hint);
        }
        Result top = git(repo, "rev-parse", "--show-toplevel");
        if (top.exit != 0) {
            throw new LabException(what + ": " + repo + " is not a git repository (" + top.last() + ")" + hint);
        }
    }

    /** A revision as asked for and as resolved. */
    record Revision(String name, String sha) {
        /** {@code main (0a1b2c3d4e5f)}, or the short sha alone when that is what was asked for. */
        String label() {
            String shortSha = sha.substring(0, SHORT_SHA);
            return sha.startsWith(name) ? shortSha : name + " (" + shortSha + ")";
        }

        /** The revision as the history records it: its commit, and the name asked for unless that was the sha. */
        dev.perflab.history.GitState git() {
            return new dev.perflab.history.GitState(sha, false, name.equals(sha) ? null : name);
        }
    }

    /**
     * The commit a revision names.
     *
     * @throws LabException (exit 2) when the lab's home is not a git repository or the revision names no commit
     */
    Revision resolve(String option, String rev) throws IOException, InterruptedException {
        requireRepository(option + " " + rev, "; give built jars with --base-jar/--head-jar instead");
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
        Path jars = Files.createDirectories(work.resolve("jars"));
        // a lock file per revision, kept (deleting it would let a third run lock a new file while a second holds the old)
        Path locks = Files.createDirectories(work.resolve("locks"));
        try (FileChannel lock = FileChannel.open(locks.resolve(revision.sha() + build.key()), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = lockBuild(lock, revision)) {
            return builtJar(revision, jars);
        }
    }

    /**
     * The files of a revision as committed, for its forks to run in: a project's benchmarks may read files relative
     * to the project (test data, a {@code json/} folder), and each side must read its own revision's, not whatever
     * the checkout holds now. Taken once with {@code git archive} into {@code trees/SHA/} beside the jars, renamed
     * into place only when whole (an interrupted extraction is never taken for one), and kept for later runs as the
     * jars are.
     */
    Path files(Revision revision) throws IOException, InterruptedException {
        Path trees = Files.createDirectories(work.resolve("trees"));
        Path tree = trees.resolve(revision.sha());
        if (Files.isDirectory(tree)) {
            return tree;
        }
        String mine = "." + revision.sha() + "-" + ProcessHandle.current().pid();
        Path temp = Leftovers.register(trees.resolve(mine));
        Path tar = Leftovers.register(trees.resolve(mine + ".tar"));
        try {
            Leftovers.deleteTree(temp);
            Files.createDirectories(temp);
            Result archived = git("archive", "--format=tar", "-o", tar.toAbsolutePath().toString(), revision.sha()); // git runs in the repository
            if (archived.exit != 0) {
                throw new LabException(revision.label() + ": git archive cannot take its files for its forks (" + archived.last() + ")");
            }
            Result extracted = run("tar", List.of("tar", "-xf", tar.toString(), "-C", temp.toString()), null, null);
            if (extracted.exit != 0) {
                throw new LabException(revision.label() + ": its files cannot be unpacked under " + trees + " (tar: " + extracted.last() + ")");
            }
            try {
                Files.move(temp, tree, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
                // another ab took the same revision's files first: the same files, theirs are kept
            }
            return tree;
        } finally {
            Leftovers.deleteTree(temp);
            Files.deleteIfExists(tar);
            Leftovers.release(temp);
            Leftovers.release(tar);
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
        Path jar = jars.resolve(revision.sha() + build.key() + ".jar");
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
        Path worktrees = work.resolve("worktrees");
        Path worktree = worktrees.resolve(shortSha + "-" + ProcessHandle.current().pid());
        Path log = work.resolve("build-" + shortSha + ".log");
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
            console.println("ab: building " + revision.label() + " in " + worktree + " (" + build.describe() + "; log " + log + ")…");
            console.flush();
            Result built = run(build.name(), build.command(), log, worktree);
            if (built.exit != 0) {
                throw new LabException(revision.label() + " does not build (" + build.name() + " exit " + built.exit + ": "
                        + BuiltJars.buildError(built.lines) + "; log " + log + "); nothing of it was kept");
            }
            Path made = worktree.resolve(build.jar());
            if (!Files.isRegularFile(made)) {
                throw new LabException(revision.label() + " built, but left no " + build.jar() + BuiltJars.jarsIn(made.getParent())
                        + build.noJar() + "; log " + log);
            }
            ForeignJar.open(revision.label() + "'s", made);
            Path temp = jars.resolve("." + jar.getFileName() + ".tmp");
            Files.copy(made, temp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return jar;
        } finally {
            Files.deleteIfExists(jars.resolve("." + jar.getFileName() + ".tmp"));
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

    /**
     * {@code git worktree prune}, for a stop: the worktree's folder is deleted by then; git forgets it. It runs in the
     * stop's hook, where only a cleanup's child may start ({@link ChildProcess#startForCleanup}).
     */
    private void prune() {
        try (ChildProcess child = ChildProcess.startForCleanup("git", List.of("git", "-C", repo.toString(), "worktree", "prune"), line -> { }, null)) {
            child.waitFor();
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the next build prunes it
        }
    }

    /**
     * Checks that a file is a JMH benchmarks jar: a jar whose main class is JMH's and which holds JMH's benchmark list
     * ({@link ForeignJar#open}).
     *
     * @throws LabException (exit 2) naming the file and what it lacks
     */
    static void checkJmhJar(String what, Path jar) {
        ForeignJar.open(what, jar);
    }

    /** A finished command: its exit code and output lines. */
    private record Result(int exit, List<String> lines) {
        String last() {
            return lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).map(String::strip).orElse("no output");
        }
    }

    private Result git(String... args) throws IOException, InterruptedException {
        return git(repo, args);
    }

    private static Result git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        return run("git", command, null, null);
    }

    private static Result run(String name, List<String> command, Path log, Path workDir) throws IOException, InterruptedException {
        List<String> lines = new CopyOnWriteArrayList<>();
        int exit;
        try (ChildProcess child = ChildProcess.start(name, command, lines::add, null, workDir)) {
            exit = child.waitFor();
        } catch (IOException e) {
            throw new LabException(command.get(0) + " cannot be started (" + e.getMessage() + "); ab needs git and the build's tools on the PATH");
        }
        if (log != null) {
            Files.write(log, lines, StandardCharsets.UTF_8);
        }
        return new Result(exit, List.copyOf(lines));
    }
}
