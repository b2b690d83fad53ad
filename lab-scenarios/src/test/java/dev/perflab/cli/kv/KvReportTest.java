package dev.perflab.cli.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.kv.KvRunResult;
import dev.perflab.kv.KvRunSettings;
import dev.perflab.kv.KvTimeline;
import dev.perflab.kv.KvWarmUp;
import dev.perflab.ladder.Kind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rows {@code ./lab run kv} saves for report, gate and the trend check. */
class KvReportTest {
    private static List<Double> iterations(long[] writes, double lastIntervalSeconds) {
        KvTimeline timeline = new KvTimeline(writes, lastIntervalSeconds);
        long puts = 0;
        for (long w : writes) {
            puts += w;
        }
        KvRunResult result = new KvRunResult("peer-x", timeline, puts, 0, puts, writes.length - 1 + lastIntervalSeconds, null);
        KvReport report = new KvReport("machine", new KvRunSettings(puts, 10, 60),
                List.of(new KvReport.Row("peer-x", Kind.PEER, result)), List.of());
        JsonNode raw = report.jmhRows().json().get(0).get("primaryMetric").get("rawData").get(0);
        List<Double> out = new ArrayList<>();
        raw.forEach(v -> out.add(v.asDouble()));
        return out;
    }

    /**
     * A run that stopped 7 ms into its last second wrote a few records there; as an iteration that would be a
     * rate of a few thousand writes/s beside whole seconds of 100k, and the trend check would read a fall.
     */
    @Test
    void aLastIntervalTooShortForARateIsNotAnIteration() {
        assertEquals(List.of(100_000.0, 100_000.0, 100_000.0), iterations(new long[] {100_000, 100_000, 100_000, 10}, 0.007));
    }

    /** A last interval of at least half a second is a rate, scaled to its length, as the chart draws it. */
    @Test
    void aLastIntervalOfHalfASecondOrMoreIsScaledToARate() {
        assertEquals(List.of(100_000.0, 100_000.0, 100_000.0), iterations(new long[] {100_000, 100_000, 50_000}, 0.5));
    }

    /** The warm-up a writer JVM records reads back the same, and its line says whether the rounds levelled. */
    @Test
    void aWarmUpReadsBackAndSaysWhetherItLevelled() {
        KvWarmUp.Outcome level = new KvWarmUp.Outcome(List.of(1.0e5, 2.0e5, 2.04e5, 1.98e5), List.of(0.6, 0.3, 0.08, 0.02), 8.0, true);
        assertEquals(level, KvReport.warmUp(KvReport.warmUpJson(new ObjectMapper(), level)));
        assertEquals(null, KvReport.warmUp(null));
        assertEquals("warm-up: 4 rounds on scratch stores, 8.0 s (puts/s: 100.0k 200.0k 204.0k 198.0k; JIT busy: 60% 30% 8% 2%):"
                + " warm (the last 2 rounds rose ≤ 5% above the best before them, the JIT busy < 5% of the last)", KvReport.describe(level));
        String rising = KvReport.describe(new KvWarmUp.Outcome(List.of(1.0e5, 2.0e5, 3.0e5), List.of(0.5, 0.4, 0.3), 60.2, false));
        assertTrue(rising.contains("NOT warm when the limit (60 s or 50 rounds) stopped it"), rising);
    }
}
