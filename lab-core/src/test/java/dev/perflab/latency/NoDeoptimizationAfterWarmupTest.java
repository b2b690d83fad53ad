package dev.perflab.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Warm-up runs exactly the recorded phase's code: a child JVM runs the harness on a no-op task under JFR,
 * and no {@code jdk.Deoptimization} event in {@code dev.perflab.latency} or {@code org.HdrHistogram} code
 * falls inside the recorded phase on a thread that runs commands ({@link RunEvent} marks the phase;
 * {@link JfrFacts#harnessDeopts()} reads it). The harness used to deoptimize exactly there, at the first
 * recorded command ({@code LatencyHarness}'s class comment says why).
 *
 * <p>The check can fail: the control run drives a task that has the old bug (a branch that flips when
 * recording starts, {@link DeoptProbe.FlipsWhenRecordingStarts}) and the same reading must find its
 * deoptimization inside the recorded phase. Warm-up is 2 s at 100,000 commands/s, far beyond C2's
 * thresholds, so on a loaded 2-core machine the loop is compiled before recording starts. No timing is
 * asserted; each child must finish within {@value #CHILD_LIMIT_SECONDS} s.
 */
class NoDeoptimizationAfterWarmupTest {
    private static final long CHILD_LIMIT_SECONDS = 120;
    private static final String RATE = "100000";
    private static final String WARMUP_SECONDS = "2";
    private static final String RECORDED_SECONDS = "1.5";

    @TempDir
    Path dir;

    private JfrFacts probe(String task, int threads, String sender) throws IOException, InterruptedException {
        Path recording = dir.resolve(task + "-" + threads + "-" + sender + ".jfr");
        Path output = dir.resolve(task + "-" + threads + "-" + sender + ".out");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:StartFlightRecording=filename=" + recording + ",settings=profile",
                "-cp", System.getProperty("java.class.path"), DeoptProbe.class.getName(),
                task, Integer.toString(threads), sender, RATE, WARMUP_SECONDS, RECORDED_SECONDS));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited = child.waitFor(CHILD_LIMIT_SECONDS, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        String text = Files.readString(output, StandardCharsets.UTF_8);
        assertTrue(exited, "child still running after " + CHILD_LIMIT_SECONDS + " s: " + text);
        assertEquals(0, child.exitValue(), text);
        assertTrue(text.contains("recorded 150000 commands"), text);
        return JfrFacts.read(recording);
    }

    @ParameterizedTest(name = "{0} thread(s), {1} sender")
    @CsvSource({"1, spin", "2, spin", "2, sleep"})
    void noHarnessDeoptimizationInTheRecordedPhase(int threads, String sender) throws Exception {
        JfrFacts facts = probe("noop", threads, sender);
        assertTrue(facts.events() > 100, "the recording saw the run: " + facts.events() + " events");
        assertTrue(facts.recordedUntil().isAfter(facts.recordedFrom()), facts.toString());
        assertEquals(List.of(), facts.harnessDeopts(), facts.summary());
    }

    @Test
    void theCheckFindsABranchThatFlipsWhenRecordingStarts() throws Exception {
        JfrFacts facts = probe("flip", 1, "spin");
        List<JfrFacts.Deopt> flipped = facts.deopts().stream()
                .filter(d -> d.type().equals(DeoptProbe.FlipsWhenRecordingStarts.class.getName())).toList();
        assertFalse(flipped.isEmpty(), "the control task's deoptimization is in the recorded phase: " + facts.summary());
        assertTrue(flipped.get(0).afterRecordingStarted().toMillis() < 1_000,
                "at the start of recording: " + flipped.get(0));
    }
}
