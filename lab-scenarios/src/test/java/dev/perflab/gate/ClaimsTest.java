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
        writeKvResults(dir);
        String table = Claims.markdown(Claims.parse(new StringReader(CLAIMS), "claims.yaml"), dir, "docs/claims.yaml");
        String measured = table.lines().filter(l -> l.startsWith("| r7 over LMDB")).findFirst().orElseThrow();
        assertTrue(measured.contains("| ×10 | ×9.05 … ×11.1 | 1 fork / 1 fork | JDK 17 · CPU Test CPU · 2 cores | "), measured);
        assertTrue(measured.endsWith("| `./lab run kv` |"), measured);
        String missing = table.lines().filter(l -> l.startsWith("| r4 over the Disruptor")).findFirst().orElseThrow();
        assertTrue(missing.contains("not measured: no results/ring.json") && missing.endsWith("`./lab run mdf-ring` |"), missing);
        assertTrue(table.contains("1 of 2 claims measured."), table);
    }

    /**
     * Re-measuring some claims keeps the others: a claim whose results file is gone keeps its row from the table being
     * replaced, marked "kept" by its date; a claim whose command changed is not kept, since its old row measured
     * something else.
     */
    @Test
    void aClaimWhoseResultsAreNotHereKeepsItsEarlierRowMarkedKeptUnlessItsCommandChanged(@TempDir Path dir) throws Exception {
        Path kv = writeKvResults(dir);
        List<Claims.Claim> claims = Claims.parse(new StringReader(CLAIMS), "claims.yaml");
        String first = Claims.markdown(claims, dir, "docs/claims.yaml");
        String kvRow = first.lines().filter(l -> l.startsWith("| r7 over LMDB")).findFirst().orElseThrow();

        Files.delete(kv);
        Files.writeString(dir.resolve("results/ring.json"), new JmhRows()
                .add("MdfRingBenchmark.deliver", "thrpt", Map.of("rung", "r4-batched-zero-copy"), JmhRows.Metric.oneFork(3e6, 1e5, "ops/s", List.of(3e6)),
                        Map.of(), Map.of())
                .add("MdfRingBenchmark.deliver", "thrpt", Map.of("rung", "peer-disruptor"), JmhRows.Metric.oneFork(2e6, 1e5, "ops/s", List.of(2e6)),
                        Map.of(), Map.of())
                .json().toPrettyString());
        String second = Claims.markdown(claims, dir, "docs/claims.yaml", first);
        String kept = second.lines().filter(l -> l.startsWith("| r7 over LMDB")).findFirst().orElseThrow();
        String date = kvRow.split(" \\| ")[6];
        assertEquals(kvRow.replace(" | " + date + " | ", " | " + date + ", kept | "), kept);
        String ring = second.lines().filter(l -> l.startsWith("| r4 over the Disruptor")).findFirst().orElseThrow();
        assertTrue(ring.contains("| ×1.50 |"), ring);
        assertTrue(second.contains("2 of 2 claims measured; 1 of them kept from the table this one replaced"), second);
        // kept again from a table that already kept it: still one mark
        assertEquals(kept, Claims.markdown(claims, dir, "docs/claims.yaml", second).lines()
                .filter(l -> l.startsWith("| r7 over LMDB")).findFirst().orElseThrow());

        List<Claims.Claim> changed = Claims.parse(new StringReader(CLAIMS.replace("command: ./lab run kv\n", "command: ./lab run kv --jmh\n")),
                "claims.yaml");
        String third = Claims.markdown(changed, dir, "docs/claims.yaml", second);
        assertTrue(third.contains("| r7 over LMDB | docs/kv.md | not measured: no results/kv.json |"), third);
        assertTrue(third.contains("1 of 2 claims measured."), third);
    }

    /**
     * A results file another command wrote (the default run writing the folder a claim's longer run writes) is not
     * the claim's: its rows may measure other records or rungs. The claim says which command made the file, and
     * keeps its earlier row if the table being replaced has one; the claim's own command, however it is spelt
     * (another name for the CLI, quotes), is its results.
     */
    @Test
    void aResultsFileAnotherCommandMadeIsNotTheClaims(@TempDir Path dir) throws Exception {
        writeKvResults(dir);
        Path machine = dir.resolve("results/kv.machine.txt");
        List<Claims.Claim> claims = Claims.parse(new StringReader(CLAIMS.replace("command: ./lab run kv\n",
                "command: ./lab run kv --store 'r7,peer-lmdb' --records 150m\n")), "claims.yaml");

        Files.writeString(machine, "JDK 17 · CPU Test CPU · 2 cores\nrun length: standard\ncommand: perflab run kv --store r7,peer-lmdb --records 150m\n");
        String own = Claims.markdown(claims, dir, "docs/claims.yaml");
        assertTrue(own.contains("| r7 over LMDB | docs/kv.md | ×10 |"), own);

        Files.writeString(machine, "JDK 17 · CPU Test CPU · 2 cores\nrun length: standard\ncommand: ./lab run kv\n");
        String other = Claims.markdown(claims, dir, "docs/claims.yaml");
        assertTrue(other.contains("| r7 over LMDB | docs/kv.md | not measured: results/kv.json was made by `./lab run kv`, not by this claim's command |"), other);
        String kept = Claims.markdown(claims, dir, "docs/claims.yaml", own);
        assertTrue(kept.contains("| r7 over LMDB | docs/kv.md | ×10 |") && kept.contains(", kept |"), kept);
    }

    /** A point is not an interval, and a bound of 0 or ∞ is no bound: the cell says which. */
    @Test
    void aRatioOfTwoSingleRunsOrOfRowsWiderThanThemselvesHasNoIntervalAndSaysWhy(@TempDir Path dir) {
        assertEquals("×1.50 … ×2.50", Claims.interval(1.5, 2.5));
        assertEquals(Claims.ONE_RUN, Claims.interval(4.59, 4.59));
        assertEquals(Claims.UNBOUNDED, Claims.interval(0, 16.2));
        assertEquals(Claims.UNBOUNDED, Claims.interval(-0.3, 16.2));
        assertEquals(Claims.UNBOUNDED, Claims.interval(0.5, Double.POSITIVE_INFINITY));
        // rows kept from a table written before this wording get it too
        String previous = "| r7 over LMDB | docs/kv.md | ×411.0 | ×411.0 … ×411.0 | 1 fork / 1 fork | JDK 17 | 2026-11-29 | `./lab run kv` |\n"
                + "| r4 over the Disruptor | docs/mdf-ring.md | ×4.59 | ×0.00 … ×16.2 | 3 forks / 3 forks | JDK 17 | 2026-11-29 | `./lab run mdf-ring` |\n";
        String table = Claims.markdown(Claims.parse(new StringReader(CLAIMS), "claims.yaml"), dir, "docs/claims.yaml", previous);
        assertTrue(table.contains("| r7 over LMDB | docs/kv.md | ×411.0 | " + Claims.ONE_RUN + " | 1 fork / 1 fork | JDK 17 | 2026-11-29, kept |"), table);
        assertTrue(table.contains("| r4 over the Disruptor | docs/mdf-ring.md | ×4.59 | " + Claims.UNBOUNDED + " | 3 forks / 3 forks |"), table);
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

    /** The first claim's results file, r7 at 2M and LMDB at 200k ops/s, with its machine line beside it. */
    private static Path writeKvResults(Path dir) throws java.io.IOException {
        Files.createDirectories(dir.resolve("results"));
        Path kv = dir.resolve("results/kv.json");
        Files.writeString(kv, new JmhRows()
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "r7-write-behind"), JmhRows.Metric.oneFork(2e6, 1e5, "ops/s", List.of(2e6)),
                        Map.of(), Map.of())
                .add("KvPutBenchmark.put", "thrpt", Map.of("rung", "peer-lmdb"), JmhRows.Metric.oneFork(2e5, 1e4, "ops/s", List.of(2e5)),
                        Map.of(), Map.of())
                .json().toPrettyString());
        Files.writeString(dir.resolve("results/kv.machine.txt"), "JDK 17 · CPU Test CPU · 2 cores\n");
        return kv;
    }
}
