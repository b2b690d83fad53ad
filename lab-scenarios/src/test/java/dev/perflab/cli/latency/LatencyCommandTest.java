package dev.perflab.cli.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ./lab latency orderbook}: every bad option is one line and exit 2 before any child JVM starts,
 * and two real short runs (one and two threads, ~3 s each) write JSON and an interval log that agree.
 * Counts and orderings only; no assertion depends on how fast this machine is.
 */
class LatencyCommandTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int lab(String... args) {
        return cli.run(args);
    }

    private void assertBadInput(String expectedFragment, String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertEquals(2, lab(args), () -> String.join(" ", args) + " → " + err + out);
        String text = err.toString();
        assertEquals(1, text.lines().count(), "exactly one error line, was: " + text);
        assertTrue(text.startsWith("lab: ") && text.contains(expectedFragment), text);
        assertFalse(out.toString().contains("child:"), "no child JVM may start: " + out);
    }

    @Test
    void badOptionsAreOneLineAndExitTwoBeforeAnyChildStarts() {
        assertBadInput("unknown component 'queue'", "latency", "queue", "--rate", "1000");
        assertBadInput("unknown orderbook rung 'r9'", "latency", "orderbook", "--rung", "r9", "--rate", "1000");
        assertBadInput("--rate OPS is required", "latency", "orderbook");
        assertBadInput("--rate must be a positive", "latency", "orderbook", "--rate", "0");
        assertBadInput("--rate must be a positive", "latency", "orderbook", "--rate", "-5");
        assertBadInput("too high to schedule", "latency", "orderbook", "--rate", "100000000");
        assertBadInput("--rate", "latency", "orderbook", "--rate", "fast");
        assertBadInput("unknown collector 'cms'", "latency", "orderbook", "--rate", "1000", "--gc", "cms");
        assertBadInput("unknown timing mode 'wall'", "latency", "orderbook", "--rate", "1000", "--mode", "wall");
        assertBadInput("threads must be 1 or 2", "latency", "orderbook", "--rate", "1000", "--threads", "3");
        assertBadInput("unknown arrivals", "latency", "orderbook", "--rate", "1000", "--arrivals", "bursty");
        assertBadInput("--heap: expected a size like 1g", "latency", "orderbook", "--rate", "1000", "--heap", "1x");
        assertBadInput("too small", "latency", "orderbook", "--rate", "1000", "--heap", "1m");
        assertBadInput("must be smaller than --heap", "latency", "orderbook", "--rate", "1000", "--young", "2g");
        assertBadInput("ZGC", "latency", "orderbook", "--rate", "1000", "--gc", "zgc", "--young", "256m");
        assertBadInput("--seconds must be > 0", "latency", "orderbook", "--rate", "1000", "--seconds", "0");
        assertBadInput("--prefill must be ≥ 1", "latency", "orderbook", "--rate", "1000", "--prefill", "0");
        assertBadInput("e.g. --slo p99.9=1ms", "latency", "orderbook", "--find-max", "--slo", "99.9<1ms");
        assertBadInput("e.g. --slo p99.9=1ms", "latency", "orderbook", "--find-max", "--slo", "p99.9=1min");
        assertBadInput("(0, 100]", "latency", "orderbook", "--find-max", "--slo", "p120=1ms");
        assertBadInput("add --find-max", "latency", "orderbook", "--rate", "1000", "--slo", "p99=1ms");
        assertBadInput("choose one", "latency", "orderbook", "--rate", "1000", "--gc-matrix", "--find-max");
        assertBadInput("drop --gc", "latency", "orderbook", "--rate", "1000", "--gc-matrix", "--gc", "g1");
        assertBadInput("intended latency only", "latency", "orderbook", "--find-max", "--mode", "service");
        assertBadInput("unknown sender 'busy'", "latency", "orderbook", "--rate", "1000", "--sender", "busy");
        assertBadInput("--jvm-arg takes one JVM flag", "latency", "orderbook", "--rate", "1000", "--jvm-arg", "Xmx2g");
        assertBadInput("--jfr records one run", "latency", "orderbook", "--find-max", "--jfr", "x.jfr");
        assertBadInput("does not exist", "latency", "orderbook", "--rate", "1000", "--jfr", "/no/such/folder/x.jfr");
    }

    @Test
    void nullRungUnderJfrReportsHiccupsSenderAndTheRecordedPhase() throws Exception {
        Path json = dir.resolve("null.json");
        Path jfr = dir.resolve("null.jfr");
        assertEquals(0, lab("latency", "orderbook", "--rung", "null", "--rate", "5000", "--seconds", "1",
                "--warmup", "0.5", "--threads", "2", "--sender", "spin", "--jvm-arg=-Dperflab.test.flag=1",
                "--jfr", jfr.toString(), "--json", json.toString()), () -> out + "\n" + err);
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertEquals("null", result.path("rung").asText());
        assertEquals("spin", result.path("sender").asText());
        assertEquals(5000, result.path("modes").path("intended").path("count").asLong());
        JsonNode hiccups = result.path("hiccups");
        assertTrue(hiccups.path("count").asLong() > 0, hiccups.toString());
        assertTrue(hiccups.path("p99_us").asDouble() <= hiccups.path("p99_9_us").asDouble()
                && hiccups.path("p99_9_us").asDouble() <= hiccups.path("max_us").asDouble(), hiccups.toString());
        String jvmArgs = result.path("jvm_args").toString();
        assertTrue(jvmArgs.contains("-Dperflab.test.flag=1") && jvmArgs.contains("StartFlightRecording"), jvmArgs);
        assertTrue(Files.size(jfr) > 0, "recording written");
        assertTrue(out.toString().contains("sender spin"), out.toString());
        assertTrue(out.toString().contains("platform hiccups"), out.toString());
        assertTrue(out.toString().contains("JFR, recorded phase:"), out.toString());
        assertTrue(out.toString().contains("no book (null rung: the harness alone)"), out.toString());
        assertFalse(out.toString().contains("book at end"), "the null rung has no book: " + out);
        assertTrue(out.toString().contains("-XX:ErrorFile=" + dir.toAbsolutePath().resolve("hs_err_pid%p.log")),
                "a crash log goes beside --json, not into the working directory: " + out);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void shortRealRunWritesJsonAndAnIntervalLogThatAgree(int threads) throws Exception {
        Path json = dir.resolve("result.json");
        Path hlog = dir.resolve("result.hlog");
        List<String> args = new ArrayList<>(List.of("latency", "orderbook", "--rung", "tuned", "--rate", "2000",
                "--seconds", "1", "--warmup", "0.5", "--threads", Integer.toString(threads), "--prefill", "500",
                "--json", json.toString(), "--hlog", hlog.toString()));
        if (threads == 2) {
            args.addAll(List.of("--gc", "serial", "--heap", "256m", "--young", "64m"));
        }
        assertEquals(0, lab(args.toArray(String[]::new)), () -> out + "\n" + err);
        assertTrue(out.toString().contains("child: "), out.toString());
        assertTrue(out.toString().contains(LatencyChild.class.getName()), out.toString());
        assertTrue(out.toString().matches("(?s).*book at end: [0-9,]+ orders.*"), out.toString());

        JsonNode result = new ObjectMapper().readTree(json.toFile());
        checkFacts(result, threads);
        Map<String, Long> logged = countsPerTag(hlog);
        for (String mode : List.of("service", "batch", "intended")) {
            JsonNode m = result.path("modes").path(mode);
            assertEquals(2000, m.path("count").asLong(), mode + " count = rate × seconds");
            assertTrue(m.path("p50_us").asDouble() <= m.path("p99_us").asDouble(), mode + ": p50 ≤ p99");
            assertTrue(m.path("p99_us").asDouble() <= m.path("p99_9_us").asDouble(), mode + ": p99 ≤ p99.9");
            assertTrue(m.path("p99_9_us").asDouble() <= m.path("max_us").asDouble(), mode + ": p99.9 ≤ max");
            assertEquals(m.path("count").asLong(), logged.get(mode), mode + ": interval log counts");
        }
        assertTrue(out.toString().contains("intended"), out.toString());
    }

    private static void checkFacts(JsonNode result, int threads) {
        for (String field : List.of("target_rate_per_s", "achieved_rate_per_s", "jdk", "cpu", "cores", "gc", "heap",
                "jvm_args", "modes", "late_starts", "not_run", "sender_late")) {
            assertFalse(result.path(field).isMissingNode() || result.path(field).isNull(), field + " in " + result);
        }
        assertEquals(2000.0, result.path("target_rate_per_s").asDouble());
        assertTrue(result.path("achieved_rate_per_s").asDouble() > 0);
        assertTrue(result.path("cores").asInt() > 0);
        assertEquals(threads, result.path("threads").asInt());
        assertEquals("r4-tick-array", result.path("rung").asText());
        assertEquals(0, result.path("not_run").asLong());
        String jvmArgs = result.path("jvm_args").toString();
        if (threads == 1) {
            assertEquals("g1", result.path("gc").asText());
            assertTrue(jvmArgs.contains("-XX:+UseG1GC") && jvmArgs.contains("-Xmx1g"), jvmArgs);
        } else {
            assertEquals("serial", result.path("gc").asText());
            assertTrue(jvmArgs.contains("-XX:+UseSerialGC") && jvmArgs.contains("-Xmn64m"), jvmArgs);
            assertTrue(result.path("gc_collectors").asText().contains("Copy"), result.path("gc_collectors").asText());
        }
    }

    private static Map<String, Long> countsPerTag(Path hlog) throws Exception {
        Map<String, Long> counts = new HashMap<>();
        try (InputStream in = new FileInputStream(hlog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                counts.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
            }
        }
        return counts;
    }

    @Test
    void helpListsTheOptions() {
        assertEquals(0, lab("latency", "--help"));
        for (String option : List.of("--rung", "--rate", "--seconds", "--warmup", "--mode", "--prefill", "--arrivals",
                "--threads", "--gc", "--heap", "--young", "--hlog", "--json", "--gc-matrix", "--find-max", "--slo",
                "--sender", "--jvm-arg", "--jfr")) {
            assertTrue(out.toString().contains(option), option + " in\n" + out);
        }
    }
}
