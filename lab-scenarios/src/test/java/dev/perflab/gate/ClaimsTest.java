package dev.perflab.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.scenario.JmhRows;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The claims table: made from results files, never typed; a claim without results says how to make them. */
class ClaimsTest {
    private static final String CLAIMS = "claims:\n"
            + "  - claim: r7 over LMDB\n"
            + "    where: docs/kv.md\n"
            + "    results: results/kv.json\n"
            + "    command: ./lab run kv\n"
            + "    ratio:\n"
            + "      numerator:   {benchmark: put, params: {rung: r7}}\n"
            + "      denominator: {benchmark: put, params: {rung: peer-lmdb}}\n"
            + "  - claim: r4 over the Disruptor\n"
            + "    where: docs/mdf-ring.md\n"
            + "    results: results/ring.json\n"
            + "    command: ./lab run mdf-ring\n"
            + "    ratio:\n"
            + "      numerator:   {benchmark: deliver, params: {rung: r4}}\n"
            + "      denominator: {benchmark: deliver, params: {rung: peer-disruptor}}\n";

    @Test
    void aMeasuredClaimHasItsRatioIntervalForksMachineAndCommandAndAMissingOneSaysSo(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("results"));
        Path kv = dir.resolve("results/kv.json");
        Files.writeString(kv, new JmhRows()
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "r7-write-behind"), new JmhRows.Metric(2e6, 1e5, "ops/s", List.of(2e6)),
                        Map.of(), Map.of())
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "peer-lmdb"), new JmhRows.Metric(2e5, 1e4, "ops/s", List.of(2e5)),
                        Map.of(), Map.of())
                .json().toPrettyString());
        Files.writeString(dir.resolve("results/kv.machine.txt"), "JDK 17 · CPU Test CPU · 2 cores\n");
        String table = Claims.markdown(Claims.parse(new StringReader(CLAIMS), "claims.yaml"), dir, "docs/claims.yaml");
        String measured = table.lines().filter(l -> l.startsWith("| r7 over LMDB")).findFirst().orElseThrow();
        assertTrue(measured.contains("| ×10 | ×9.05 … ×11.1 | 1 fork / 1 fork | JDK 17 · CPU Test CPU · 2 cores | "), measured);
        assertTrue(measured.endsWith("| `./lab run kv` |"), measured);
        String missing = table.lines().filter(l -> l.startsWith("| r4 over the Disruptor")).findFirst().orElseThrow();
        assertTrue(missing.contains("not measured: no results/ring.json") && missing.endsWith("`./lab run mdf-ring` |"), missing);
        assertTrue(table.contains("1 of 2 claims measured."), table);
    }

    @Test
    void aClaimWithAMisspeltKeyIsRefused() {
        GateFileException e = assertThrows(GateFileException.class, () -> Claims.parse(new StringReader(
                CLAIMS.replace("    where: docs/kv.md\n", "    were: docs/kv.md\n")), "claims.yaml"));
        assertEquals("claims.yaml: claim 1: 'were' is not a claim's key; a claim has claim, where, results, command, ratio", e.getMessage());
    }

    @Test
    void theCheckedInClaimsFileParses() {
        List<Claims.Claim> claims = Claims.read(Path.of("../docs/claims.yaml"));
        assertTrue(claims.size() >= 10, claims.toString());
    }
}
