package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.perflab.proc.ChildProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during a JMH suite of {@code ./lab run} leaves the previous run's files as they were, byte for byte (JMH
 * writes to a hidden partial file, renamed only when it ends; the log JMH opened anew is put back), removes the
 * partial file, says in one line that the folder is unchanged, and exits 130. The lab runs as a process of its own (the toy component registered), and gets SIGINT.
 */
class InterruptTest {
    @TempDir
    Path dir;

    /**
     * Whether SIGINT is ignored in this process, and so in the lab it starts: a shell without job control starts
     * its background commands that way ({@code .ci/run &} in a script), and a JVM keeps an ignored SIGINT
     * ignored. Linux's {@code /proc/self/status} says (SigIgn, a hex mask, SIGINT is bit 2); elsewhere: no.
     */
    static boolean sigintIgnored() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16) & (1L << (2 - 1))) != 0);
    }

    /** The lab's exit code and standard error after SIGINT, sent {@code delayMillis} after it printed a line starting {@code started}. */
    private record Stopped(int exit, String err) {
    }

    private static Stopped interrupt(List<String> args, String started, long delayMillis) throws Exception {
        String cp = System.getProperty("java.class.path");
        List<String> command = ChildProcess.javaCommand(List.of(),
                List.of("-Dperflab.jmh.classpath=" + cp, "-Dperflab.jmh.ignoreLock=true"), ToyLab.class.getName(), args);
        Process lab = new ProcessBuilder(command).start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(lab.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return e.toString();
            }
        });
        try (BufferedReader stdout = new BufferedReader(new InputStreamReader(lab.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                if (line.startsWith(started)) {
                    break;
                }
            }
            Thread.sleep(delayMillis);
            new ProcessBuilder("kill", "-INT", Long.toString(lab.pid())).start().waitFor();
            stdout.transferTo(java.io.Writer.nullWriter());
        }
        assertTrue(lab.waitFor(60, TimeUnit.SECONDS), "the lab did not end after SIGINT");
        return new Stopped(lab.exitValue(), err.get(10, TimeUnit.SECONDS));
    }

    @Test
    void ctrlCDuringASuiteKeepsThePreviousJsonAndSaysSo() throws Exception {
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this process tree (started in the background by a shell"
                + " without job control): the lab cannot be interrupted here");
        Path out = Files.createDirectories(dir.resolve("toy-jmh"));
        Path previous = Files.writeString(out.resolve("toy-sum.json"), "[\"the previous run\"]");
        Path previousLog = Files.writeString(out.resolve("toy-sum.log"), "the previous run's JMH log\n"); // JMH opens its log anew
        Stopped stopped = interrupt(List.of("run", "toy", "--jmh", "--smoke", "--out", out.toString()), "suite sum:", 300);
        assertEquals(130, stopped.exit(), stopped.err());
        assertEquals("[\"the previous run\"]", Files.readString(previous));
        assertEquals("the previous run's JMH log\n", Files.readString(previousLog));
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", stopped.err().strip());
        try (var files = Files.list(out)) {
            List<String> left = files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertEquals(List.of("toy-sum.json", "toy-sum.log"), left, "only the previous run's files");
        }
    }

    /** {@code ./lab grade} likewise: its forks and grade.txt stay the previous grade's (the real order-book exercise, a planted slow file). */
    @Test
    void ctrlCDuringAGradeKeepsThePreviousGradeAndSaysSo() throws Exception {
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this process tree: the lab cannot be interrupted here");
        Path out = Files.createDirectories(dir.resolve("grade"));
        Files.writeString(out.resolve("grade.txt"), "the previous grade\n");
        Path fork = Files.writeString(Files.createDirectories(out.resolve("forks")).resolve("row1-round1.json"), "[\"the previous fork\"]");
        Path slow = Path.of("..", "exercises", "teacher", "slow", "dev", "perflab", "orderbook", "StudentBook.java").toAbsolutePath().normalize();
        Stopped stopped = interrupt(List.of("grade", "orderbook", "--smoke", "--out", out.toString(), "--file", slow.toString()), "  [grade 2/", 300);
        assertEquals(130, stopped.exit(), stopped.err());
        assertEquals("the previous grade\n", Files.readString(out.resolve("grade.txt")));
        assertEquals("[\"the previous fork\"]", Files.readString(fork));
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", stopped.err().strip());
        try (var files = Files.list(out.resolve("forks"))) {
            assertEquals(List.of("row1-round1.json"), files.map(p -> p.getFileName().toString()).sorted().toList(), "only the previous grade's fork");
        }
    }

    /** {@code ./lab run-jar} (another project's jar) likewise: its JSON, log, table and page stay the previous run's. */
    @Test
    void ctrlCDuringRunJarKeepsThePreviousFilesAndSaysSo() throws Exception {
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this process tree: the lab cannot be interrupted here");
        Path jar = ToyJars.jmhJar(dir.resolve("jars").resolve("toy.jar"));
        Path out = Files.createDirectories(dir.resolve("run-jar"));
        List<String> previous = List.of("toy.json", "toy.log", "toy.md", "toy.machine.txt");
        for (String file : previous) {
            Files.writeString(out.resolve(file), "the previous run's " + file + "\n");
        }
        Stopped stopped = interrupt(List.of("run-jar", jar.toString(), "ToySumBenchmark", "-f", "1", "-wi", "1", "-w", "5s", "-i", "1",
                "-r", "1s", "--out", out.toString(), "--history", "none"), "run-jar:", 1500);
        assertEquals(130, stopped.exit(), stopped.err());
        for (String file : previous) {
            assertEquals("the previous run's " + file + "\n", Files.readString(out.resolve(file)), file);
        }
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", stopped.err().strip());
        try (var files = Files.list(out)) {
            assertEquals(previous.stream().sorted().toList(), files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()),
                    "only the previous run's files");
        }
    }
    /**
     * {@code ./lab profile --jar} likewise: async-profiler names its recordings after the benchmark, so the whole
     * {@code --out} is the run's; the previous recording and graph (which a profile deletes before it records) and
     * {@code engine.txt} are back, byte for byte, and nothing else is left.
     */
    @Test
    void ctrlCDuringAProfileKeepsThePreviousProfileAndSaysSo() throws Exception {
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this process tree: the lab cannot be interrupted here");
        Path jar = ToyJars.jmhJar(dir.resolve("jars").resolve("toy.jar"));
        Path out = Files.createDirectories(dir.resolve("profile"));
        Path row = Files.createDirectories(out.resolve("dev.perflab.cli.toy.ToySumBenchmark.sum-Throughput"));
        List<Path> previous = List.of(Files.writeString(row.resolve("jfr-cpu.jfr"), "the previous recording"),
                Files.writeString(row.resolve("flame-cpu-forward.html"), "the previous graph"),
                Files.writeString(out.resolve("engine.txt"), "engine: the previous run's\n"));
        Stopped stopped = interrupt(List.of("profile", "--jar", jar.toString(), "--benchmark", "ToySumBenchmark", "--out", out.toString()),
                "perflab profile --jar", 2500);
        org.junit.jupiter.api.Assumptions.assumeFalse(stopped.err().contains("no library for") || stopped.err().contains("agent library"),
                "async-profiler's agent does not load here: " + stopped.err());
        assertEquals(130, stopped.exit(), stopped.err());
        assertEquals("the previous recording", Files.readString(previous.get(0)));
        assertEquals("the previous graph", Files.readString(previous.get(1)));
        assertEquals("engine: the previous run's\n", Files.readString(previous.get(2)));
        assertEquals("lab: interrupted: " + out + " unchanged (the previous run's files as they were, this run's removed)", stopped.err().strip());
        try (var files = Files.walk(out)) {
            assertEquals(List.of("dev.perflab.cli.toy.ToySumBenchmark.sum-Throughput/flame-cpu-forward.html",
                    "dev.perflab.cli.toy.ToySumBenchmark.sum-Throughput/jfr-cpu.jfr", "engine.txt"),
                    files.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted().toList(), "only the previous profile's files");
        }
    }
}
