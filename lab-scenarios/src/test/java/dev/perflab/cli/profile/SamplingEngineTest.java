package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Naming the engine async-profiler used, from the setting it writes into its JFR output. */
class SamplingEngineTest {
    @TempDir
    Path dir;

    @Test
    void perfEventsAndEachFallbackAreNamed() {
        assertTrue(SamplingEngine.describe("cpu", "perf_events", "2").startsWith("perf_events (Linux perf events, cpu-clock"));
        assertEquals("ctimer (timer fallback: perf events not available here; perf_event_paranoid=4)",
                SamplingEngine.describe("cpu", "ctimer", "4"));
        assertTrue(SamplingEngine.describe("cpu", "itimer", "3").startsWith("itimer (timer fallback"));
        assertTrue(SamplingEngine.describe("cpu", "wall", "3").startsWith("wall (wall-clock fallback"));
        assertEquals("wall (wall-clock sampler)", SamplingEngine.describe("wall", "wall", "2"));
        assertTrue(SamplingEngine.describe("alloc", "noop", "2").startsWith("alloc (JVMTI allocation sampling"));
        assertTrue(SamplingEngine.describe("lock", "noop", "2").startsWith("lock (JVMTI lock contention"));
        assertEquals("JVMTI allocation samples", SamplingEngine.label("alloc", "noop"), "not async-profiler's \"noop\"");
        assertEquals("JVMTI lock events", SamplingEngine.label("lock", "noop"));
        assertEquals("perf_events", SamplingEngine.label("cpu", "perf_events"));
        assertEquals("unknown", SamplingEngine.describe("cpu", "unknown", "2"));
    }

    @Test
    void onlyCpuFallsBack() {
        assertTrue(SamplingEngine.isFallback("cpu", "ctimer"));
        assertFalse(SamplingEngine.isFallback("cpu", "perf_events"));
        assertFalse(SamplingEngine.isFallback("wall", "wall"));
    }

    /** A recording without async-profiler's settings (the JDK's own) names no engine rather than a wrong one. */
    @Test
    void aRecordingWithoutTheSettingNamesNoEngine() throws Exception {
        Path jfr = dir.resolve("jdk.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.CPULoad");
            recording.start();
            recording.stop();
            recording.dump(jfr);
        }
        assertEquals(Optional.empty(), SamplingEngine.fromJfr(jfr));
    }
}
