package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.proc.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signals and {@code ab}'s builds, with the lab as a process of its own: Ctrl-C (SIGINT) or SIGTERM says in one
 * line what was stopped, an interrupted run never replaces the previous results with what its stopped rungs left,
 * a build interrupted by SIGTERM leaves no worktree registered, two {@code ab} runs that build one revision at once
 * share one build, and a damaged jar left in {@code target/ab/jars} is built again. Maven is a stand-in script on
 * the lab's {@code PATH} (it leaves the toy suite's jar where the build would), so no real build runs.
 */
class SignalsTest {
    @TempDir
    Path dir;

    /** The lab as a process: its exit code, and its output so far, line by line. */
    private static final class Lab {
        final Process process;
        final List<String> out = new CopyOnWriteArrayList<>();
        final CompletableFuture<String> err;
        private final CompletableFuture<Void> reading;

        Lab(Path home, Path bin, String... args) throws IOException {
            List<String> command = ChildProcess.javaCommand(List.of(), List.of("-Dperflab.home=" + home, "-Dperflab.jmh.ignoreLock=true",
                    "-Dperflab.history=none"), ToyLab.class.getName(), List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command);
            if (bin != null) {
                builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
            }
            process = builder.start();
            err = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return e.toString();
                }
            });
            reading = CompletableFuture.runAsync(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        out.add(line);
                    }
                } catch (IOException e) {
                    out.add(e.toString());
                }
            });
        }

        void awaitLine(Predicate<String> line, int seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (out.stream().noneMatch(line)) {
                assertTrue(System.nanoTime() < end && process.isAlive(), "no such line from the lab: " + out + " " + errNow());
                Thread.sleep(50);
            }
        }

        void signal(String name) throws Exception {
            new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
        }

        int exit(int seconds) throws Exception {
            assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the lab did not end: " + out);
            reading.get(10, TimeUnit.SECONDS);
            return process.exitValue();
        }

        String errNow() {
            return err.getNow("");
        }
    }

    // ---- an interrupted run -------------------------------------------------------------------------------------------

    @Test
    void anInterruptedRunNeverReplacesThePreviousResultsWithWhatItsStoppedRungsLeft() throws Exception {
        assumeFalse(InterruptTest.sigintIgnored(), "SIGINT is ignored in this process tree: the lab cannot be interrupted here");
        Path out = Files.createDirectories(dir.resolve("toy"));
        Path previous = Files.writeString(out.resolve("toy.json"), "[\"the previous run\"]");
        Lab lab = new Lab(dir, null, "run", "toy", "--smoke", "--seconds", "4", "--no-html", "--out", out.toString());
        lab.awaitLine(l -> l.startsWith("r0-"), 120); // the first rung measured; SIGINT during the second
        Thread.sleep(1_000);
        lab.signal("INT");
        assertEquals(130, lab.exit(60), () -> lab.out + "\n" + lab.errNow());
        String err = lab.err.get(10, TimeUnit.SECONDS).strip();
        assertEquals(1, err.lines().count(), err);
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", err);
        assertEquals("[\"the previous run\"]", Files.readString(previous), "the previous results were replaced");
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("toy.json"), files.map(p -> p.getFileName().toString()).toList(), "nothing else left in " + out);
        }
    }

    /**
     * SIGTERM during {@code ab}'s forks, into a folder that holds a finished verdict: every previous file (the verdict,
     * each side's JSON, the forks' JSON and logs, those the run had already rewritten too) is byte for byte as it was,
     * nothing of the stopped run is left, and one line says so.
     */
    @Test
    void aStoppedAbLeavesThePreviousVerdictFolderByteForByte() throws Exception {
        Path out = Files.createDirectories(dir.resolve("ab").resolve("forks")).getParent();
        for (String name : List.of("verdict.json", "verdict.md", "base.json", "head.json", "forks/row01-base-pair1.json",
                "forks/row01-base-pair1.log", "forks/row01-head-pair1.json", "forks/row01-head-pair1.log")) {
            Files.writeString(out.resolve(name), "the previous run's " + name + "\n");
        }
        java.util.Map<Path, String> before = contents(out);
        Path jar = ToyJars.jmhJar(dir.resolve("benchmarks.jar"));
        Lab lab = new Lab(dir, null, "ab", "toy", "--base-jar", jar.toString(), "--head-jar", jar.toString(), "--smoke", "--pairs", "2",
                "--out", out.toString());
        lab.awaitLine(l -> l.contains("ab 3/"), 180); // two forks ended, their files replaced; the third one running
        lab.signal("TERM");
        assertEquals(143, lab.exit(60), () -> lab.out + "\n" + lab.errNow());
        String err = lab.err.get(10, TimeUnit.SECONDS).strip();
        assertEquals(before, contents(out), "the previous verdict's folder changed");
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", err);
        assertTrue(Files.notExists(out.resolveSibling("ab.partial")), "a stopped run keeps nothing");
    }

    /** Every file under {@code root}, hidden ones too, with its content. */
    private static java.util.Map<Path, String> contents(Path root) throws IOException {
        java.util.Map<Path, String> files = new java.util.TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p), Files.readString(p));
            }
        }
        return files;
    }

    // ---- ab's builds ------------------------------------------------------------------------------------------------

    /** A repository of one commit tagged {@code base}; the stand-in Maven builds any commit of it. */
    private Path repository() throws Exception {
        assumeTrue(AbBadInputTest.has("git"), "[perflab] skipped: git is not installed");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        AbBadInputTest.git(repo, "init", "-q");
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        AbBadInputTest.git(repo, "add", "pom.xml");
        AbBadInputTest.git(repo, "commit", "-q", "-m", "base");
        AbBadInputTest.git(repo, "tag", "base");
        return repo;
    }

    /**
     * A stand-in for Maven on the lab's {@code PATH}: counts its builds in {@code builds.txt}, sleeps (until the file
     * {@code go} exists, with a sleep of 0), then leaves the toy suite's jar where {@code mvn package} leaves
     * lab-benchmarks' jar.
     */
    private Path fakeMaven(double sleepSeconds) throws Exception {
        Path jar = ToyJars.jmhJar(dir.resolve("toy.jar"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/bash\n"
                + "while [ $# -gt 0 ]; do [ \"$1\" = -f ] && pom=\"$2\"; shift; done\n"
                + "echo build >> '" + dir.resolve("builds.txt") + "'\n"
                + "sleep " + sleepSeconds + "\n"
                + "for i in $(seq 600); do [ -e '" + dir.resolve("go") + "' ] && break; sleep 0.1; done\n"
                + "mkdir -p \"$(dirname \"$pom\")/lab-benchmarks/target\"\n"
                + "cp '" + jar + "' \"$(dirname \"$pom\")/lab-benchmarks/target/benchmarks.jar\"\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    private static void noWorktreeLeft(Path repo) throws Exception {
        Path worktrees = repo.resolve("target/ab/worktrees");
        if (Files.isDirectory(worktrees)) {
            try (Stream<Path> list = Files.list(worktrees)) {
                assertEquals(List.of(), list.toList(), "a worktree folder was left");
            }
        }
        List<String> listed = AbBadInputTest.git(repo, "worktree", "list");
        assertEquals(1, listed.size(), "git knows no worktree but the repository's own: " + listed);
    }

    private static String[] plan(Path out) {
        return new String[] {"ab", "toy", "--base", "base", "--head", "base", "--smoke", "--plan", "--out", out.toString()};
    }

    @Test
    void sigtermDuringABuildRemovesAndUnregistersItsWorktreeAndSaysSo() throws Exception {
        Path repo = repository();
        Lab lab = new Lab(repo, fakeMaven(60), plan(dir.resolve("out")));
        lab.awaitLine(l -> l.startsWith("ab: building base ("), 60);
        Thread.sleep(500);
        lab.signal("TERM");
        assertEquals(143, lab.exit(60), () -> lab.out + "\n" + lab.errNow());
        String err = lab.err.get(10, TimeUnit.SECONDS).strip();
        assertEquals("lab: interrupted: ./lab ab was stopped before it finished; its temporary files and folders are removed", err);
        noWorktreeLeft(repo);
        try (Stream<Path> jars = Files.list(repo.resolve("target/ab/jars"))) {
            assertEquals(List.of(), jars.filter(p -> p.toString().endsWith(".jar") || p.toString().endsWith(".tmp")).toList(), "no jar kept");
        }
    }

    @Test
    void twoRunsBuildingOneRevisionAtOnceShareOneBuildAndLeaveNoWorktree() throws Exception {
        Path repo = repository();
        Path bin = fakeMaven(0); // each build waits for the file go
        Lab first = new Lab(repo, bin, plan(dir.resolve("out1")));
        first.awaitLine(l -> l.startsWith("ab: building base ("), 60);
        Lab second = new Lab(repo, bin, plan(dir.resolve("out2")));
        second.awaitLine(l -> l.startsWith("ab: another ab is building base ("), 60);
        Files.writeString(dir.resolve("go"), "");
        assertEquals(0, first.exit(120), () -> first.out + "\n" + first.errNow());
        assertEquals(0, second.exit(120), () -> second.out + "\n" + second.errNow());
        assertTrue(second.out.stream().anyMatch(l -> l.startsWith("ab: another ab is building base (")), second.out::toString);
        assertTrue(second.out.stream().anyMatch(l -> l.startsWith("ab: base (") && l.contains(" was built before: ")), second.out::toString);
        assertEquals(List.of("build"), Files.readAllLines(dir.resolve("builds.txt")), "one build for both runs");
        noWorktreeLeft(repo);
    }

    @Test
    void aDamagedJarBuiltBeforeIsBuiltAgainNotTrusted() throws Exception {
        Path repo = repository();
        Path bin = fakeMaven(0);
        Files.writeString(dir.resolve("go"), "");
        String sha = AbBadInputTest.git(repo, "rev-parse", "base").get(0).strip();
        Path jars = Files.createDirectories(repo.resolve("target/ab/jars"));
        byte[] whole = Files.readAllBytes(ToyJars.jmhJar(dir.resolve("whole.jar")));
        Files.write(jars.resolve(sha + ".jar"), java.util.Arrays.copyOf(whole, whole.length - 100)); // cut short
        Lab lab = new Lab(repo, bin, plan(dir.resolve("out")));
        assertEquals(0, lab.exit(120), () -> lab.out + "\n" + lab.errNow());
        assertTrue(lab.out.stream().anyMatch(l -> l.startsWith("ab: the jar built before for base (") && l.contains(" is damaged (")
                && l.endsWith("): building it again")), lab.out::toString);
        assertEquals(List.of("build"), Files.readAllLines(dir.resolve("builds.txt")));
        noWorktreeLeft(repo);
    }
}
