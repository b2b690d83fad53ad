package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.foreign.JmhVersions;
import dev.perflab.report.LadderReport;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * A gate names a secondary metric as JMH 1.37 does, and finds it in JMH 1.19's file too, where it is
 * {@code ·gc.alloc.rate.norm} and, for a sample row's percentile, {@code max·p0.50}.
 */
class JmhVersionsGateTest {
    static final List<String> VERSIONS = JmhVersions.VERSIONS;

    private static final String GATES = "gates:\n"
            + "  - name: the median sample is bounded\n    bound:\n"
            + "      row: {benchmark: Tally.max, params: {size: 16}}\n      metric: p0.50\n      max: 1000000000\n"
            + "  - name: sum allocates little\n    bound:\n"
            + "      row: {benchmark: Tally.sum, params: {size: 16}}\n      metric: gc.alloc.rate.norm\n      max: 1000000\n"
            + "  - name: the user counter\n    bound:\n"
            + "      row: {benchmark: Tally.count, params: {size: 16}}\n      metric: odd\n      min: 0\n";

    @ParameterizedTest
    @FieldSource("VERSIONS")
    void aMetricIsFoundByItsNewNameInEitherVersion(String version) {
        List<GateResult> results = GateEvaluator.evaluate(GateFile.parse(new StringReader(GATES), "gates.yaml").gates(),
                LadderReport.read(List.of(JmhVersions.json(version))));
        assertEquals(3, results.size());
        results.forEach(r -> assertTrue(r.passed() && r.value() >= 0, version + ": " + r));
    }
}
