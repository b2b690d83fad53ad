package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Registry;
import dev.perflab.proc.ChildProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to {@code ./lab ab}: one line each, exit 2, before any fork runs, and nothing left half-built: a jar
 * that is not a JMH jar, two jars that list different rows (the rows only in one side named), an unknown
 * revision, a working tree with uncommitted changes to the revision checked out, and a revision that does not
 * build (its worktree removed, no jar kept). The revisions come from a small git repository made here, so no
 * real build runs.
 */
class AbBadInputTest {
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli(Registry.builtIn().with(new ToyAbComponent()));

    @AfterEach
    void restoreHome() {
        System.clearProperty("perflab.home");
    }

    private String onlyLine() {
        return onlyLine(lab);
    }

    /** The one error line a bad-input case must print: no stack trace, no terminal escape codes. */
    static String onlyLine(LabCli lab) {
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), "one line: " + err);
        assertTrue(err.startsWith("lab: "), err);
        assertFalse(err.contains("Exception") || err.contains("\u001B"), err);
        return err;
    }

    private void nothingWritten(Path out) throws Exception {
        if (Files.isDirectory(out)) {
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(List.of(), files.toList(), "nothing written in " + out);
            }
        }
    }

    @Test
    void aFileThatIsNotAJmhJarIsRefused() throws Exception {
        Path good = ToyJars.jmhJar(dir.resolve("good.jar"));
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a jar");
        Path zip = dir.resolve("plain.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("hello.txt"));
            out.write("hello".getBytes(StandardCharsets.UTF_8));
        }
        Path out = dir.resolve("out");
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base-jar", text.toString(), "--head-jar", good.toString(), "--out", out.toString()));
        assertTrue(onlyLine().contains("--base-jar " + text + ": not a jar"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base-jar", good.toString(), "--head-jar", zip.toString(), "--out", out.toString()));
        assertTrue(onlyLine().contains("--head-jar " + zip + ": not a JMH benchmarks jar (no main class, no META-INF/BenchmarkList)"),
                lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base-jar", dir.resolve("missing.jar").toString(), "--head-jar", good.toString()));
        assertTrue(onlyLine().contains("no such file"), lab.err.toString());
        nothingWritten(out);
    }

    @Test
    void jarsListingDifferentRowsAreRefusedNamingThem() throws Exception {
        Path both = ToyJars.jmhJar(dir.resolve("both.jar"));
        Path withoutToy = ToyJars.jmhJarWithoutToys(dir.resolve("without.jar"));
        Path out = dir.resolve("out");
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base-jar", withoutToy.toString(), "--head-jar", both.toString(),
                "--smoke", "--out", out.toString()), lab.out.toString());
        String line = onlyLine();
        assertTrue(line.contains("base and head list different toy-ab benchmarks"), line);
        assertTrue(line.contains("only in head: ToySumBenchmark.sum {rung=r0-loop-sum, n=1000}, ToySumBenchmark.sum {rung=r1-closed-form, n=1000}"), line);
        assertFalse(line.contains("only in base"), line);
        assertFalse(Files.exists(out.resolve("forks")), "no fork ran");
    }

    @Test
    void optionsThatCannotWorkAreRefusedBeforeAnythingRuns() throws Exception {
        Path jar = ToyJars.jmhJar(dir.resolve("b.jar"));
        String[][] cases = {
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString()},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--pairs", "1"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--pairs", "6", "--max-pairs", "4"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--threshold", "5"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--budget", "15"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--confidence", "100%"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--plant", "r7=10%"},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--head-jar", jar.toString()},
            {"ab", "no-such-component", "--base-jar", jar.toString(), "--head-jar", jar.toString()},
            {"ab", ToyAbComponent.NAME, "--base", "a", "--base-jar", jar.toString(), "--head-jar", jar.toString()},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--base-jar", jar.toString(), "--plants", "10%,15%"},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--base-jar", jar.toString(), "--plants", "none,10%"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--plants", "10%"},
            {"ab", ToyAbComponent.NAME, "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--resume"},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--base-jar", jar.toString(), "--smoke", "--resume", "--out",
                dir.resolve("no-calibration-here").toString()},
            {"ab", ToyAbComponent.NAME, "--merge", dir.toString(), "--out", dir.resolve("m").toString()},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir.toString()},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir.toString(), "--runs", "3", "--out", dir.resolve("m").toString()},
            {"ab", ToyAbComponent.NAME, "--calibrate", "--merge", dir.resolve("no-calibration-here").toString(), "--out",
                dir.resolve("m").toString()},
        };
        String[] expected = {"ab needs both sides: --head REV or --head-jar JAR", "--pairs 1: at least 2",
            "--max-pairs 4 is below --pairs 6", "--threshold '5' needs its % sign",
            "--budget '15' must be a time with its unit, e.g. 15m, 900s or 1h",
            "--confidence '100%' must be a percentage between 0% and 100%", "--plant r7: no row of this run is a rung or method of that name",
            "--calibrate --head measures a real change against --base", "unknown component 'no-such-component'", "mutually exclusive",
            "--plants 15%: the calibration plants 5%, 10% or 20%", "--plants none makes A/A runs alone: it takes no sizes beside it (got none,10%)",
            "--plants applies to --calibrate only",
            "--resume applies to --calibrate only", "calibration.json is missing: no calibration to go on with in ",
            "--merge applies to --calibrate only", "--merge needs --out DIR", "--merge tables runs already made: drop --runs",
            "--merge: " + dir.resolve("no-calibration-here").resolve("calibration.json") + " is missing"};
        for (int i = 0; i < cases.length; i++) {
            lab.clear();
            assertEquals(2, lab.run(cases[i]), String.join(" ", cases[i]) + ": " + lab.out + lab.err);
            assertTrue(onlyLine().contains(expected[i]), String.join(" ", cases[i]) + " → " + lab.err);
        }
    }

    // ---- revisions: a small git repository whose commits do not build ---------------------------------------

    static boolean has(String command) {
        try {
            return new ProcessBuilder(command, "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /** Runs git in {@code repo} (as user t), checks it succeeded, and returns its output lines. */
    static List<String> git(Path repo, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t", "-c", "user.email=t@t"));
        command.addAll(List.of(args));
        List<String> out = new CopyOnWriteArrayList<>();
        try (ChildProcess git = ChildProcess.start("git", command, out::add, null)) {
            assertEquals(0, git.waitFor(), String.join(" ", command) + ": " + out);
        }
        return out;
    }

    /** A repository with two commits of a pom that Maven cannot read, so their builds fail at once. */
    private Path repository() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("pom.xml"), "<project>not a pom");
        git(repo, "add", "pom.xml");
        git(repo, "commit", "-q", "-m", "base");
        git(repo, "tag", "base");
        Files.writeString(repo.resolve("pom.xml"), "<project>still not a pom");
        git(repo, "commit", "-q", "-am", "head");
        System.setProperty("perflab.home", repo.toString());
        return repo;
    }

    @Test
    void anUnknownRevisionAndADirtyTreeAreRefused() throws Exception {
        Assumptions.assumeTrue(has("git"), "[perflab] skipped: git is not installed");
        Path repo = repository();
        Path out = dir.resolve("out");
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base", "no-such-branch", "--head", "HEAD", "--out", out.toString()));
        assertTrue(onlyLine().contains("--base no-such-branch: unknown revision in " + repo), lab.err.toString());

        lab.clear();
        Files.writeString(repo.resolve("pom.xml"), "<project>edited, not committed");
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base", "base", "--head", "HEAD", "--out", out.toString()));
        String line = onlyLine();
        assertTrue(line.contains("HEAD is the commit checked out in " + repo + ", whose tracked files have uncommitted changes (pom.xml)"), line);
        assertFalse(Files.exists(repo.resolve("target/ab/jars")), "nothing was built");
        nothingWritten(out);
    }

    @Test
    void aRevisionThatDoesNotBuildLeavesNothingBehind() throws Exception {
        Assumptions.assumeTrue(has("git") && has("mvn"), "[perflab] skipped: git or Maven is not installed");
        Path repo = repository();
        Path out = dir.resolve("out");
        assertEquals(2, lab.run("ab", ToyAbComponent.NAME, "--base", "base", "--head", "HEAD", "--out", out.toString()), lab.out.toString());
        String line = onlyLine();
        assertTrue(line.matches("lab: base \\([0-9a-f]{12}\\) does not build \\(mvn exit 1: .*; log .*build-[0-9a-f]{12}\\.log\\); nothing of it was kept"), line);
        try (Stream<Path> jars = Files.list(repo.resolve("target/ab/jars"))) {
            assertEquals(List.of(), jars.toList(), "no jar, not even a temporary one");
        }
        try (Stream<Path> worktrees = Files.list(repo.resolve("target/ab/worktrees"))) {
            assertEquals(List.of(), worktrees.toList(), "the worktree is removed");
        }
        List<String> listed = new CopyOnWriteArrayList<>();
        try (ChildProcess git = ChildProcess.start("git", List.of("git", "-C", repo.toString(), "worktree", "list"), listed::add, null)) {
            git.waitFor();
        }
        assertEquals(1, listed.size(), "git knows no worktree but the repository's own: " + listed);
        nothingWritten(out);
    }
}
