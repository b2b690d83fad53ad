package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** Single-fork rows pooled into the row JMH would have written for all forks of one run. */
class ForkRowsTest {
    private static String fork(String rung, String raw, String gcRaw) {
        return "{\"benchmark\":\"x.B.m\",\"mode\":\"thrpt\",\"forks\":1,\"params\":{\"rung\":\"" + rung + "\"},"
                + "\"primaryMetric\":{\"score\":0,\"scoreError\":\"NaN\",\"scoreUnit\":\"ops/s\",\"scorePercentiles\":{\"50.0\":0},"
                + "\"rawData\":[" + raw + "]},\"secondaryMetrics\":{\"·gc.alloc.rate.norm\":{\"score\":0,\"scoreUnit\":\"B/op\","
                + "\"rawData\":[" + gcRaw + "]}}}";
    }

    @Test
    void forksOfOneRowBecomeOneRowWithEveryIteration() throws Exception {
        JsonNode rows = new ObjectMapper().readTree("[" + fork("r0", "[1,2]", "[0,0]") + "," + fork("r1", "[10,10]", "[8,8]") + ","
                + fork("r0", "[3,4]", "[4,4]") + "]");
        JsonNode combined = ForkRows.combine(rows);
        assertEquals(2, combined.size(), "one row per params, in first-seen order: " + combined);
        JsonNode r0 = combined.get(0);
        assertEquals("r0", r0.at("/params/rung").asText());
        assertEquals(2, r0.get("forks").asInt());
        JsonNode primary = r0.get("primaryMetric");
        assertEquals(2, primary.get("rawData").size(), "each fork's iterations kept as its own fork");
        assertEquals(2.5, primary.get("score").asDouble(), 1e-12);
        double sd = Math.sqrt(((1.5 * 1.5) * 2 + 0.5 * 0.5 * 2) / 3);
        double error = new TDistribution(3).inverseCumulativeProbability(0.9995) * sd / 2;
        assertEquals(error, primary.get("scoreError").asDouble(), 1e-9);
        assertEquals(2.5 - error, primary.at("/scoreConfidence/0").asDouble(), 1e-9);
        assertFalse(primary.has("scorePercentiles"), "one fork's percentiles do not describe the pool");
        assertEquals(2, r0.at("/secondaryMetrics/·gc.alloc.rate.norm/score").asDouble(), 1e-12);
        JsonNode r1 = combined.get(1).get("primaryMetric");
        assertEquals(10, r1.get("score").asDouble(), 1e-12);
        assertEquals(0, r1.get("scoreError").asDouble(), 1e-12, "two equal iterations: no spread");
    }
}
