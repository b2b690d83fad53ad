package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JMH's rows read for the history: every fork's iterations, sample mode's histograms as iteration means, old metric names. */
class JmhJsonRowsTest {
    @Test
    void eachForksIterationsAreKept() throws Exception {
        String json = "[{\"benchmark\":\"b.m\",\"mode\":\"avgt\",\"forks\":2,\"threads\":1,\"params\":{\"rung\":\"r0\"},"
                + "\"primaryMetric\":{\"score\":2.5,\"scoreError\":\"NaN\",\"scoreUnit\":\"ns/op\",\"rawData\":[[1.0,2.0],[3.0,4.0]]},"
                + "\"secondaryMetrics\":{\"\u00b7gc.alloc.rate.norm\":{\"score\":0.0,\"scoreError\":0.0,\"scoreUnit\":\"B/op\",\"rawData\":[[0.0],[0.0]]}}}]";
        ResultRow row = JmhJsonRows.read(new ObjectMapper().readTree(json), b -> "s").get(0);
        assertEquals(List.of(List.of(1.0, 2.0), List.of(3.0, 4.0)), row.primary().forks());
        assertTrue(Double.isNaN(row.primary().error()));
        assertEquals("B/op", row.secondary().get("gc.alloc.rate.norm").unit(), "JMH's old leading · dropped");
        assertEquals("b.m[rung=r0]", row.key());
    }

    @Test
    void sampleModeKeepsEachIterationsMeanOfItsHistogram() throws Exception {
        String json = "[{\"benchmark\":\"b.m\",\"mode\":\"sample\",\"params\":{},\"primaryMetric\":{\"score\":2.0,\"scoreError\":0.1,"
                + "\"scoreUnit\":\"us/op\",\"rawDataHistogram\":[[[[1.0,3],[5.0,1]],[[2.0,2]]]]}}]";
        ResultRow row = JmhJsonRows.read(new ObjectMapper().readTree(json), b -> "s").get(0);
        assertEquals(List.of(List.of(2.0, 2.0)), row.primary().forks());
        assertEquals("b.m", row.key());
    }
}
