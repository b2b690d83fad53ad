package dev.perflab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading JMH's output: its benchmark listing, and its refusal when another run holds the machine-wide lock. */
class JmhProcessTest {
    private static final String BENCHMARK = "dev.perflab.orderbook.OrderBookBenchmark.match";

    @Test
    void aListingCountsEachBenchmarkTimesItsParameterValues() {
        List<String> listing = List.of("Benchmarks: ", BENCHMARK, "  param \"rung\" = {r0, r1, r2}",
                "  param \"depth\" = {10, 1000}", "dev.perflab.sha.ShaCeilingBenchmark.digest");
        Set<String> names = new HashSet<>();
        assertEquals(3 * 2 + 1, JmhProcess.configurations(listing, Map.of(), names).size());
        assertEquals(Set.of("rung", "depth"), names);
        assertEquals(1 * 2 + 1, JmhProcess.configurations(listing, Map.of("rung", List.of("r1")), new HashSet<>()).size());
    }

    @Test
    void aListingNamesEveryCombinationJmhMustWriteARowFor() {
        List<String> listing = List.of("Benchmarks: ", BENCHMARK, "  param \"rung\" = {r0, r2}",
                "  param \"depth\" = {10, 1000}", "dev.perflab.sha.ShaCeilingBenchmark.digest");
        List<JmhProcess.Configuration> all = JmhProcess.configurations(listing, Map.of("depth", List.of("1000")), new HashSet<>());
        assertEquals(List.of(
                new JmhProcess.Configuration(BENCHMARK, Map.of("rung", "r0", "depth", "1000")),
                new JmhProcess.Configuration(BENCHMARK, Map.of("rung", "r2", "depth", "1000")),
                new JmhProcess.Configuration("dev.perflab.sha.ShaCeilingBenchmark.digest", Map.of())), all);
        assertEquals("OrderBookBenchmark.match {rung=r2, depth=1000}", all.get(1).toString());
    }

    @Test
    void linesThatAreNotBenchmarksAreNotCounted() {
        List<String> listing = List.of("Picked up JAVA_TOOL_OPTIONS: -Xss2m", "WARNING: A terminally deprecated method",
                "Benchmarks: ", "OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes");
        assertEquals(0, JmhProcess.configurations(listing, Map.of(), new HashSet<>()).size(), "no benchmark matches");
        List<String> one = List.of("Picked up JAVA_TOOL_OPTIONS: -Xss2m", "Benchmarks: ", BENCHMARK,
                "  param \"n\" = {1, 2}", "Picked up _JAVA_OPTIONS: -Xmx1g");
        assertEquals(2, JmhProcess.configurations(one, Map.of(), new HashSet<>()).size());
    }

    @Test
    void nothingBeforeTheHeaderIsABenchmark() {
        assertEquals(0, JmhProcess.configurations(List.of(BENCHMARK), Map.of(), new HashSet<>()).size());
    }

    @Test
    void anotherRunHoldingTheLockIsOneLineNamingTheLockFile() {
        StringWriter console = new StringWriter();
        JmhProcess.Progress progress = new JmhProcess.Progress("suite", 1, new StringWriter(), new PrintWriter(console));
        // JMH 1.37's output when /tmp/jmh.lock is taken: "ERROR: " then the exception's stack trace
        progress.line("ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be running."
                + " Unable to acquire the JMH lock (/tmp/jmh.lock), exiting. Use -Djmh.ignoreLock=true to forcefully continue.");
        progress.line("\tat org.openjdk.jmh.runner.Runner.run(Runner.java:211)");
        progress.line("Caused by: java.lang.IllegalStateException: nothing");
        assertEquals("/tmp/jmh.lock", progress.lockFile());
        assertEquals("", console.toString(), "no stack trace on the console");
        LabException e = JmhProcess.lockHeld(progress.lockFile());
        assertEquals(1, e.getMessage().lines().count());
        assertTrue(e.getMessage().contains("another JMH run holds /tmp/jmh.lock"), e.getMessage());
        assertTrue(e.getMessage().contains("wait"), e.getMessage());
        assertEquals(LabException.CHECK_FAILED, e.exitCode());
    }

    @Test
    void anOrdinaryRunHoldsNoLock() {
        JmhProcess.Progress progress = new JmhProcess.Progress("suite", 1, new StringWriter(), new PrintWriter(new StringWriter()));
        progress.line("# Run progress: 0.00% complete, ETA 00:00:10");
        assertNull(progress.lockFile());
    }

    /** JMH's own progress is shown only once it has said something: never "0.00% done, ETA ?". */
    @Test
    void progressLinesShowOnlyWhatJmhHasSaid() {
        StringWriter console = new StringWriter();
        JmhProcess.Progress progress = new JmhProcess.Progress("suite", 2, new StringWriter(), new PrintWriter(console));
        progress.line("# Run progress: 0.00% complete, ETA <unknown>");
        progress.line("# Benchmark: dev.perflab.bench.ToySumBenchmark.sum");
        progress.line("# Parameters: (n = 10)");
        progress.line("# Run progress: 50.00% complete, ETA 00:00:12");
        progress.line("# Parameters: (n = 20)");
        assertEquals(List.of("  [suite   1/2] sum n=10", "  [suite   2/2, 50.00% done, ETA 00:00:12] sum n=20"),
                console.toString().lines().collect(Collectors.toList()));

        StringWriter one = new StringWriter();
        JmhProcess.Progress fork = new JmhProcess.Progress("ab 3/8 head", 1, new StringWriter(), new PrintWriter(one));
        fork.line("# Run progress: 0.00% complete, ETA 00:00:02");
        fork.line("# Benchmark: dev.perflab.bench.ToySumBenchmark.sum");
        fork.line("# Parameters: (n = 10)");
        assertEquals("  [ab 3/8 head] sum n=10", one.toString().stripTrailing(), "one configuration: its label alone");
    }

    /**
     * A single-shot suite's ETA is the pace of the configurations done so far: JMH's own counts iteration times that
     * single shots do not have, and said a few minutes were left throughout a long run; its percentage (0.00% with
     * one of two rows done, in a smoke run) is the share of configurations done.
     */
    @Test
    void aSingleShotSuitesEtaIsThePaceOfTheRowsDoneSoFar() {
        StringWriter console = new StringWriter();
        long[] now = {0};
        JmhProcess.Progress progress = new JmhProcess.Progress("put", 4, new StringWriter(), new PrintWriter(console), () -> now[0]);
        progress.line("# Benchmark mode: Single shot invocation time");
        progress.line("# Benchmark: dev.perflab.bench.kv.KvPutBenchmark.put");
        progress.line("# Parameters: (prefill = 0)");
        now[0] = 40_000_000_000L;
        progress.line("# Run progress: 0.00% complete, ETA 00:00:30"); // as JMH 1.37 said in a smoke kv run
        progress.line("# Parameters: (prefill = 1)");
        now[0] = 100_000_000_000L;
        progress.line("# Run progress: 0.00% complete, ETA 00:00:20");
        progress.line("# Parameters: (prefill = 2)");
        assertEquals(List.of("  [put   1/4] put prefill=0", "  [put   2/4, 25.00% done, ETA 00:02:00 at the pace so far] put prefill=1",
                "  [put   3/4, 50.00% done, ETA 00:01:40 at the pace so far] put prefill=2"), console.toString().lines().collect(Collectors.toList()));
    }

    /** The installed launcher names its lib/benchmarks.jar; that jar is used wherever the folder is, and a missing one says so. */
    @Test
    void theInstalledLaunchersBenchmarksJarIsUsedFromAnyFolder(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("benchmarks.jar"));
        withProperties(() -> {
            System.setProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY, jar.toString());
            assertEquals(jar, JmhProcess.benchmarksJar());
            System.setProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY, dir.resolve("gone.jar").toString());
            LabException missing = assertThrows(LabException.class, JmhProcess::benchmarksJar);
            assertEquals(dir.resolve("gone.jar") + ": benchmarks.jar not found; unpack perflab's release archive again (its lib/ holds it)",
                    missing.getMessage());
        });
    }

    /** Runs {@code body}, then puts the benchmarks-jar and {@code --with} properties back as they were. */
    private static void withProperties(Runnable body) {
        String before = System.getProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY);
        try {
            body.run();
        } finally {
            System.clearProperty(JmhProcess.WITH_PROPERTY);
            if (before == null) {
                System.clearProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY);
            } else {
                System.setProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY, before);
            }
        }
    }

    /** {@code --with JAR}: the jar's benchmarks first on JMH's class path, then the lab's benchmarks jar (JMH and the lab). */
    @Test
    void ownJarsGoFirstOnJmhsClassPathBeforeTheLabsBenchmarks(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("benchmarks.jar"));
        withProperties(() -> {
            System.setProperty(JmhProcess.BENCHMARKS_JAR_PROPERTY, jar.toString());
            System.setProperty(JmhProcess.WITH_PROPERTY, "/p/a.jar" + java.io.File.pathSeparator + "/p/b.jar");
            List<String> command = JmhProcess.command(List.of("Sum"));
            int cp = command.indexOf("-cp");
            assertTrue(cp > 0, command.toString());
            assertEquals(String.join(java.io.File.pathSeparator, "/p/a.jar", "/p/b.jar", jar.toString()), command.get(cp + 1));
            assertEquals(List.of("dev.perflab.bench.JmhMain", "Sum"), command.subList(cp + 2, command.size()));
            System.clearProperty(JmhProcess.WITH_PROPERTY);
            List<String> plain = JmhProcess.command(List.of("Sum"));
            assertEquals(List.of("-jar", jar.toString(), "Sum"), plain.subList(plain.indexOf("-jar"), plain.size()), "without: the jar alone");
        });
    }

    /** A run still going at its limit is stopped, JMH and the fork it started, with a line in its log. */
    @Test
    @org.junit.jupiter.api.Timeout(120) // a limit that did not stop the run would leave it going for hours
    void aRunStillGoingAtItsLimitIsStoppedWithItsFork(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        System.setProperty(JmhProcess.CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
        try {
            java.nio.file.Path log = dir.resolve("slow.log");
            Path machineTemp = Path.of(System.getProperty("java.io.tmpdir"));
            Set<Path> storesBefore = kvStores(machineTemp);
            // a plant of two billion tokens a call: a single shot that runs for many minutes; the fork, stopped by
            // force, runs no tear-down, so its store stays wherever its temporary folder is
            int exit = JmhProcess.run(null, null, "slow", 1, List.of("^\\Qdev.perflab.bench.kv.KvPutBenchmark.put\\E$", "-f", "1",
                    "-wi", "0", "-i", "1", "-p", "rung=r2-growing", "-p", "prefill=0", "-jvmArgsPrepend",
                    "-Dperflab.plant=2000000000"),
                    log, new PrintWriter(new StringWriter()), java.time.Duration.ofSeconds(6));
            assertEquals(JmhProcess.OVER_TIME, exit);
            String text = java.nio.file.Files.readString(log);
            assertTrue(text.contains("# stopped by the lab: still running after 6 s"));
            // the forks' temporary folder was the run's own, and went with the run: no store left in the machine's
            java.util.regex.Matcher forkTemp = java.util.regex.Pattern
                    .compile("-Djava\\.io\\.tmpdir=(\\S*perflab-" + JmhProcess.FORK_TEMP_KIND + "\\.\\S*)").matcher(text);
            assertTrue(forkTemp.find(), "no run-owned java.io.tmpdir for the forks in: " + text.lines().findFirst().orElse(""));
            assertFalse(Files.exists(Path.of(forkTemp.group(1))), forkTemp.group(1) + " left behind");
            Set<Path> left = kvStores(machineTemp);
            left.removeAll(storesBefore);
            assertEquals(Set.of(), left, "kv stores the stopped fork left in " + machineTemp);
            // JMH's JVM and its fork both carry the log's folder in their crash-log flag
            List<String> alive;
            int looks = 0;
            do { // the OS may take a moment to reap them: up to 50 looks, 200 ms apart
                alive = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                        .flatMap(p -> p.info().commandLine().stream()).filter(c -> c.contains(dir.toString())).toList();
            } while (!alive.isEmpty() && ++looks < 50 && sleep());
            assertEquals(List.of(), alive, "JVMs of the stopped run still alive");
        } finally {
            System.clearProperty(JmhProcess.CLASSPATH_PROPERTY);
        }
    }

    private static Set<Path> kvStores(Path folder) throws java.io.IOException {
        try (java.util.stream.Stream<Path> entries = Files.list(folder)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("perflab-kv-bench-"))
                    .collect(java.util.stream.Collectors.toCollection(java.util.HashSet::new));
        }
    }

    /**
     * The forks get the run's folder as {@code java.io.tmpdir} through the prepend list, which keeps a benchmark's own,
     * beside the crash-log flag: with two prepend values JMH takes each whole, so a blank in the path stays in it.
     */
    @Test
    void forksGetTheRunsOwnTemporaryFolderBesideTheCrashLogFlag() {
        List<String> args = JmhProcess.withForkTemp(Path.of("/tmp/my temp/perflab-jmh-forks-1"), List.of("Sum"));
        assertEquals(List.of("Sum", "-jvmArgsPrepend", "-Djava.io.tmpdir=/tmp/my temp/perflab-jmh-forks-1"), args);
        List<String> command = JmhProcess.command(Path.of("/tmp/x.jar"), Path.of("/tmp/logs"), args);
        assertEquals(2, java.util.Collections.frequency(command, "-jvmArgsPrepend"), command.toString());
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(200);
        return true;
    }
}
