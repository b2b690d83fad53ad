package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent in a real JMH run of a jar this lab did not build: JMH's own samples (jmh-samples from Maven Central),
 * run by their own JMH in a child JVM, the agent given to the forks only, as {@code ./lab ab} gives it. The work
 * planted is read in units (calls of the planted work, consumeCPU tokens spent, from each fork's receipt), never
 * in seconds. Each run is 100 ms per row: a few seconds.
 */
class PlantAgentJmhTest {
    private static final String SAMPLE = "org.openjdk.jmh.samples.JMHSample_08_DeadCode";

    @Test
    @Timeout(180)
    void onlyThePlantedRowDoesThePlantedWork(@TempDir Path dir) throws Exception {
        Path receipts = dir.resolve("receipts");
        Path json = dir.resolve("results.json");
        String agent = "-javaagent:" + agentJar(dir) + "=benchmark=JMHSample_08_DeadCode.measureRight;receipt=" + receipts + ";count";
        Run run = jmh(dir, "JMHSample_08_DeadCode", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rf", "json", "-rff",
                json.toString(), "-jvmArgsPrepend", agent + " -Dperflab.plant=40/8");
        assertEquals(0, run.exit, run.output);
        assertEquals(3, count(json, "\"benchmark\""), "JMH measured baseline, measureWrong and measureRight: " + run.output);

        List<Receipt> forks = new ArrayList<>();
        try (Stream<Path> files = Files.list(receipts)) {
            for (Path file : files.sorted().collect(Collectors.toList())) {
                forks.add(Receipt.read(file));
            }
        }
        assertEquals(3, forks.size(), "one receipt per fork");
        List<Receipt> worked = forks.stream().filter(r -> r.calls() > 0).collect(Collectors.toList());
        assertEquals(1, worked.size(), "only the fork of measureRight calls the planted work");
        Receipt planted = worked.get(0);
        assertEquals(List.of(SAMPLE + ".measureRight"), planted.plantedMethods(), "planted in measureRight's stub alone");
        assertEquals(planted.calls() / 8 * 40, planted.tokens(), "40 tokens in every 8th call, none in the others");
        assertTrue(planted.tokens() >= 40 * 1000, "100 ms of measureRight is far more than 8,000 calls: " + planted.tokens());
        for (Receipt fork : forks) {
            assertEquals("40/8", fork.plant());
            assertEquals(List.of(), fork.failures());
            if (fork != planted) {
                assertEquals(List.of(), fork.plantedMethods(), "the other rows' stubs were left alone");
                assertEquals(0, fork.tokens(), "the other rows spent no planted work");
            }
        }
    }

    @Test
    @Timeout(120)
    void aRegexMatchingNoBenchmarkStopsTheForkWithOneLine(@TempDir Path dir) throws Exception {
        Run run = jmh(dir, "JMHSample_08_DeadCode.baseline", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "-jvmArgsPrepend", "-javaagent:" + agentJar(dir) + "=benchmark=NoSuchBenchmark");
        assertTrue(run.output.contains("perflab agent: benchmark=NoSuchBenchmark matches no benchmark of this JVM's META-INF/BenchmarkList"),
                run.output);
    }

    @Test
    @Timeout(120)
    void aBadArgumentStopsTheForkWithOneLine(@TempDir Path dir) throws Exception {
        Run run = jmh(dir, "JMHSample_08_DeadCode.baseline", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                "-jvmArgsPrepend", "-javaagent:" + agentJar(dir) + "=benchmark=baseline;method=x.Y.z");
        assertTrue(run.output.contains("perflab agent: 'benchmark=baseline;method=x.Y.z': name where to plant, with exactly one of"),
                run.output);
        assertTrue(run.output.contains("exit code 2") || run.output.contains("exit code: 2"), run.output);
    }

    private record Run(int exit, String output) {
    }

    /** JMH from the samples' own class path (jmh-samples, jmh-core and theirs), in a child JVM. */
    private static Run jmh(Path dir, String... args) throws IOException, InterruptedException {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> Path.of(e).getFileName().toString().matches("(jmh-|jopt-simple|commons-math3).*\\.jar"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", classPath, "org.openjdk.jmh.Main"));
        command.addAll(List.of(args));
        Path log = dir.resolve("jmh.log");
        Process jmh = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!jmh.waitFor(150, TimeUnit.SECONDS)) {
            jmh.descendants().forEach(ProcessHandle::destroyForcibly);
            jmh.destroyForcibly();
        }
        return new Run(jmh.waitFor(), Files.readString(log));
    }

    private static long count(Path file, String text) throws IOException {
        String content = Files.readString(file);
        return content.split(java.util.regex.Pattern.quote(text), -1).length - 1L;
    }

    /**
     * The agent jar as the module's shade makes it, from this build's classes and ASM (not relocated: the test's
     * foreign jar carries no ASM of its own): the tests run before the package phase that writes the real one.
     */
    static Path agentJar(Path dir) throws IOException {
        Path jar = dir.resolve("perflab-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", PlantAgent.class.getName());
        Path classes = Path.of(PlantAgent.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path asm = Path.of(org.objectweb.asm.ClassReader.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                    add(out, classes.relativize(f).toString().replace(File.separatorChar, '/'), Files.newInputStream(f));
                }
            }
            try (JarFile asmJar = new JarFile(asm.toFile())) {
                for (JarEntry e : asmJar.stream().filter(e -> e.getName().startsWith("org/objectweb/asm/") && !e.isDirectory())
                        .collect(Collectors.toList())) {
                    add(out, e.getName(), asmJar.getInputStream(e));
                }
            }
        }
        return jar;
    }

    private static void add(JarOutputStream out, String name, InputStream in) throws IOException {
        try (in) {
            out.putNextEntry(new JarEntry(name));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
