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
        oneLine(lab, 2, "--runs 0: give 1 to 20 runs per store", "run", "kv", "--runs", "0", "--out", out);
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
        for (JsonNode store : timeline.get("stores")) { // each store warmed in rounds before its run, and says so
            JsonNode w = store.get("warmup");
            assertTrue(w.get("rounds").size() >= 3, store.toString());
            assertEquals(w.get("seconds").asDouble(), byRung.get(store.get("store").asText()).get("secondaryMetrics")
                    .get("warmupSeconds").get("score").asDouble(), 1e-9, store.toString());
        }
        assertTrue(out.contains("  warm-up: "), out);
        assertTrue(Files.size(dir.resolve("kv-timeline.png")) > 0);
        assertTrue(Files.readString(dir.resolve("kv-timeline.txt")).startsWith("JDK "));
        try (Stream<Path> left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("stores-")), "stores removed without --keep");
        }
    }

    /** {@code --runs 2}: each store twice, in fresh JVMs; kv.json keeps both as forks, with the error between them. */
    @Test
    void runsRepeatEachStoreAndKeepEachRunAsAFork() throws Exception {
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("run", "kv", "--store", "r2,r3", "--records", "5000", "--threads", "2", "--runs", "2", "--out", dir.toString()),
                lab.out.toString() + lab.err);
        String out = lab.out.toString();
        assertTrue(out.contains("r2-growing (") && out.contains(", run 2 of 2"), out);
        assertTrue(out.contains("r3-striped #2 "), out);
        assertTrue(out.contains("r3-striped: 2 runs, mean "), out);
        JsonNode rows = new ObjectMapper().readTree(dir.resolve("kv.json").toFile());
        assertEquals(2, rows.size(), "one row per store, not per run");
        for (JsonNode row : rows) {
            assertEquals(2, row.get("forks").asInt(), row.toString());
            JsonNode raw = row.get("primaryMetric").get("rawData");
            assertEquals(2, raw.size(), "each run a fork: " + raw);
            assertTrue(raw.get(0).size() >= 1 && raw.get(1).size() >= 1, raw.toString());
            assertTrue(Double.isFinite(row.get("primaryMetric").get("scoreError").asDouble()), "two runs give an error: " + row);
            assertEquals(10_000, row.get("secondaryMetrics").get("finalCount").get("score").asDouble() * 2, 1e-6,
                    "each run's count is 5,000: " + row);
        }
        JsonNode timeline = new ObjectMapper().readTree(dir.resolve("kv-timeline.json").toFile());
        assertEquals(4, timeline.get("stores").size(), "the timeline keeps every run");
        assertEquals(2, timeline.get("stores").get(1).get("run").asInt());
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
