package dev.perflab.cli.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JdkComparisonTest {
    @Test
    void comparisonShowsEachRungsRatioBetweenJdks() throws Exception {
        Map<String, Path> runs = new LinkedHashMap<>();
        runs.put("jdk17", Path.of(getClass().getResource("/gate/orderbook-run.json").toURI()));
        runs.put("jdk25", Path.of(getClass().getResource("/gate/orderbook-run-regressed.json").toURI()));
        String text = JdkComparison.text(runs);
        assertTrue(text.contains("OrderBookCancelBenchmark.cancelLast depth=1000"), text);
        String r4 = text.lines().filter(l -> l.contains("r4-tick-array")).findFirst().orElseThrow();
        assertTrue(r4.endsWith("×0.10"), r4);
        String r0 = text.lines().filter(l -> l.contains("r0-persistent-scan")).findFirst().orElseThrow();
        assertTrue(r0.endsWith("×1.00"), r0);
    }
}
