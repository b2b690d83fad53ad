package dev.perflab.cli.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab run kv}: bad input is one line and exit 2; a short run checks counts, catches the exhibits and writes its files. */
class KvRunTest {
    @TempDir
    Path dir;

    private static void oneLine(LabCli lab, int exit, String expected, String... args) {
        lab.clear();
        assertEquals(exit, lab.run(args), lab.err.toString());
        String err = lab.err.toString().trim();
        assertTrue(err.contains(expected), err);
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception"), err);
    }

    /**
     * The puts are single-shot (one call per iteration, as long as its work): the plan counts those calls instead of
     * adding the iteration time JMH does not apply to them, and it makes no folder.
     */
    @Test
    void thePlanCountsSingleShotCallsAndMakesNoFolder() {
        LabCli lab = new LabCli();
        Path out = dir.resolve("plan");
        System.setProperty(dev.perflab.jmh.JmhProcess.CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
        try {
            assertEquals(0, lab.run("run", "kv", "--jmh", "--quick", "--benchmark", "KvPutBenchmark", "--plan-only", "--out", out.toString()),
                    lab.err.toString());
        } finally {
            System.clearProperty(dev.perflab.jmh.JmhProcess.CLASSPATH_PROPERTY);
        }
        String plan = lab.out.toString().lines().filter(l -> l.startsWith("plan:")).findFirst().orElse(lab.out.toString());
        assertTrue(plan.matches("plan: \\d+ rows in 1 suites, \\d+ forked JVMs; [\\d,]+ single-shot calls, each as long as its work .*"), plan);
        assertFalse(Files.exists(out), "a plan makes no folder");
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        LabCli lab = new LabCli();
        String out = dir.toString();
        oneLine(lab, 2, "--records must be at least 1, got 0", "run", "kv", "--records", "0", "--out", out);
        oneLine(lab, 2, "--threads must be at least 1, got 0", "run", "kv", "--threads", "0", "--out", out);
        oneLine(lab, 2, "unknown kv rung 'nope'", "run", "kv", "--store", "nope", "--out", out);
        oneLine(lab, 2, "'ten' is not a count", "run", "kv", "--records", "ten", "--out", out);
        oneLine(lab, 2, "the kv run needs about", "run", "kv", "--records", "100000g", "--store", "r0", "--out", out);
        oneLine(lab, 2, "--records applies to ./lab run kv", "run", "orderbook", "--records", "5");
    }

    @Test
    void shortRunChecksCountsCatchesTheExhibitAndWritesItsFiles() throws Exception {
        LabCli lab = new LabCli();
        int exit = lab.run("run", "kv", "--store", "r0,r3,x-same-keys-per-thread,peer-mvstore", "--records", "30k", "--threads", "3",
                "--seconds", "20", "--out", dir.toString());
        String out = lab.out.toString();
        assertEquals(0, exit, out + lab.err);
        assertTrue(out.contains("x-same-keys-per-thread · 30,000 puts"), out);
        assertTrue(out.contains("CAUGHT: x-same-keys-per-thread: reopened store holds 10000 records but 30000 puts succeeded"), out);
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("kv.json").toFile());
        Map<String, JsonNode> byRung = new HashMap<>();
        rows.forEach(r -> byRung.put(r.get("params").get("rung").asText(), r));
        assertEquals(4, byRung.size());
        for (String id : new String[]{"r0-fixed-buckets", "r3-striped", "peer-mvstore"}) {
            assertEquals(30_000, byRung.get(id).get("secondaryMetrics").get("finalCount").get("score").asLong(), id);
            assertEquals(0, byRung.get(id).get("secondaryMetrics").get("lost").get("score").asLong(), id);
            assertEquals("kv.sustainedPuts", byRung.get(id).get("benchmark").asText());
        }
        assertEquals(20_000, byRung.get("x-same-keys-per-thread").get("secondaryMetrics").get("lost").get("score").asLong());
        JsonNode timeline = new ObjectMapper().readTree(dir.resolve("kv-timeline.json").toFile());
        assertEquals(4, timeline.get("stores").size());
        assertTrue(Files.size(dir.resolve("kv-timeline.png")) > 0);
        assertTrue(Files.readString(dir.resolve("kv-timeline.txt")).startsWith("JDK "));
        try (Stream<Path> left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("stores-")), "stores removed without --keep");
        }
    }

    @Test
    void keepLeavesTheStores() throws Exception {
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("run", "kv", "--store", "r2", "--records", "5000", "--threads", "2", "--keep", "--out", dir.toString()),
                lab.out.toString() + lab.err);
        try (Stream<Path> left = Files.list(dir)) {
            Path stores = left.filter(p -> p.getFileName().toString().startsWith("stores-")).findFirst().orElseThrow();
            assertTrue(Files.exists(stores.resolve("r2-growing").resolve("store").resolve("kv.idx")));
        }
    }

    @Test
    void everyWriterJvmWritesItsCrashLogIntoTheRunsFolder() {
        java.util.List<String> command = KvScenario.writerCommand(dir, java.util.List.of("r0", "1", "1", "0.1", "a", "b"));
        String flag = dev.perflab.proc.ChildProcess.errorFileFlag(dir);
        assertTrue(command.contains(flag) && command.indexOf(flag) < command.indexOf(KvWriterMain.class.getName()), command.toString());
    }

    /**
     * A writer JVM that died of an exception it could not catch printed a stack trace, whose last line is a frame
     * ("... 11 more", what a failed LMDB peer's row once said): the row names the trace's first line instead, and the
     * writer's own one-line message wins over both.
     */
    @Test
    void aFailedWritersLineIsItsMessageNotTheLastFrameOfItsTrace() {
        java.util.List<String> trace = java.util.List.of(
                "Exception in thread \"main\" java.lang.NoClassDefFoundError: org/objectweb/asm/ClassVisitor",
                "\tat jnr.ffi.provider.jffi.NativeLibraryLoader.loadLibrary(NativeLibraryLoader.java:44)",
                "Caused by: java.lang.ClassNotFoundException: org.objectweb.asm.ClassVisitor",
                "\tat java.base/java.lang.ClassLoader.loadClass(ClassLoader.java:525)",
                "\t... 11 more");
        assertEquals(trace.get(0), KvScenario.telling(trace, "peer-lmdb"));
        java.util.List<String> own = new java.util.ArrayList<>(trace);
        own.add("peer-lmdb: the writer JVM cannot load a class its store needs");
        assertEquals("peer-lmdb: the writer JVM cannot load a class its store needs", KvScenario.telling(own, "peer-lmdb"));
    }
}
