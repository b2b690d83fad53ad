package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict JSON's shape (other tools read it), the run's verdict, the markdown and the chart. */
class AbReportTest {
    static final String CANCEL = "dev.perflab.bench.orderbook.OrderBookCancelBenchmark.cancelLast";
    static final String RULER = "dev.perflab.bench.RulerBenchmark.sortCopy";

    /** A row whose head forks score {@code headScale} times base's, with a little noise. */
    static AbRow row(String benchmark, Map<String, String> params, String unit, double headScale, boolean ruler, String planted) {
        List<Double> base = List.of(100.0, 101.0, 99.0, 100.5);
        List<Double> head = new ArrayList<>();
        double[] noise = {1.0, 0.995, 1.004, 1.001};
        for (int i = 0; i < base.size(); i++) {
            head.add(base.get(i) * headScale * noise[i]);
        }
        PairedRatio ratio = PairedRatio.of(base, head, 0.95);
        boolean higher = AbRow.higherIsBetter(unit, unit.startsWith("ops") ? "thrpt" : "avgt");
        return new AbRow(benchmark, params, unit.startsWith("ops") ? "thrpt" : "avgt", unit, ratio, AbVerdict.of(ratio, 0.05, higher),
                ruler, base, head, 0.02, 0, planted);
    }

    static AbReport report(List<AbRow> rows) {
        return report(rows, Steal.UNKNOWN);
    }

    static AbReport report(List<AbRow> rows, Steal steal) {
        return new AbReport("orderbook", new AbReport.Side("main (abc123abc123)", "target/ab/jars/abc.jar"),
                new AbReport.Side("def456def456", "target/ab/jars/def.jar"), "JDK 17 · CPU x · 2 cores", 0.05, 0.05, 0.95, 4, rows, 125, steal);
    }

    /** {@code rung=r4-tick-array depth=1000}, in that order. */
    static Map<String, String> params(String rung, String depth) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("rung", rung);
        params.put("depth", depth);
        return params;
    }

    static final AbRow SLOWER = row(CANCEL, params("r4-tick-array", "1000"), "ops/s", 0.90, false, "10% (3 tokens)");
    static final AbRow RULER_STILL = row(RULER, Map.of(), "ops/s", 1.0, true, "");

    /** What a resumed calibration reads back is what was written: the same JSON again. */
    @Test
    void aReportReadBackFromItsJsonWritesTheSameJson() {
        AbReport report = report(List.of(SLOWER, RULER_STILL));
        AbReport back = AbReport.fromJson(report.json());
        assertEquals(report.json(), back.json());
        assertEquals("10% (3 tokens)", back.rows().get(0).planted());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> AbReport.fromJson(report.json().without("machine")));
        assertEquals("no \"machine\" field", e.getMessage());
    }

    @Test
    void theJsonHasTheShapeOtherToolsRead() {
        ObjectNode json = report(List.of(SLOWER, RULER_STILL)).json();
        List<String> top = new ArrayList<>();
        json.fieldNames().forEachRemaining(top::add);
        assertEquals(List.of("component", "base", "head", "machine", "threshold", "method", "verdict", "rows"), top.subList(0, 8));
        assertEquals("orderbook", json.get("component").asText());
        assertEquals("main (abc123abc123)", json.at("/base/rev").asText());
        assertEquals("target/ab/jars/def.jar", json.at("/head/jar").asText());
        assertEquals(0.05, json.get("threshold").asDouble());
        assertTrue(json.get("method").asText().startsWith("paired t interval on ln(head/base)"), json.get("method").asText());
        assertEquals("regression", json.get("verdict").asText());
        JsonNode row = json.get("rows").get(0);
        List<String> fields = new ArrayList<>();
        row.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("benchmark", "params", "mode", "unit", "ratio", "low", "high", "verdict", "ruler", "pairs"), fields.subList(0, 10));
        assertEquals(CANCEL, row.get("benchmark").asText());
        assertEquals("1000", row.at("/params/depth").asText());
        assertEquals("thrpt", row.get("mode").asText());
        assertEquals("ops/s", row.get("unit").asText());
        assertEquals(0.9, row.get("ratio").asDouble(), 0.01);
        assertTrue(row.get("low").asDouble() < row.get("ratio").asDouble() && row.get("ratio").asDouble() < row.get("high").asDouble());
        assertEquals("regression", row.get("verdict").asText());
        assertFalse(row.get("ruler").asBoolean());
        assertEquals(4, row.get("pairs").asInt());
        assertEquals(4, row.get("baseForkScores").size());
        assertTrue(json.get("rows").get(1).get("ruler").asBoolean());
    }

    @Test
    void aRulerThatMovesMakesTheRunNoisyWhateverTheRows() {
        AbRow rulerMoved = row(RULER, Map.of(), "ops/s", 0.8, true, "");
        AbReport noisy = report(List.of(SLOWER, rulerMoved));
        assertEquals(AbVerdict.NOISY, noisy.verdict());
        assertTrue(noisy.rulersMoved().contains("RulerBenchmark.sortCopy 25% slower"), noisy.rulersMoved());
        assertEquals("noisy", noisy.json().get("verdict").asText());
        assertTrue(noisy.markdown().contains("Rulers moved"), noisy.markdown());
        AbRow same = row(CANCEL, Map.of("rung", "r4-tick-array", "depth", "1"), "ops/s", 1.0, false, "");
        assertEquals(AbVerdict.NO_CHANGE, report(List.of(same, RULER_STILL)).verdict());
        AbRow faster = row(CANCEL, Map.of("rung", "r4-tick-array", "depth", "1"), "ns/op", 0.8, false, "");
        assertEquals(AbVerdict.IMPROVEMENT, report(List.of(faster, RULER_STILL)).verdict(), "ns/op down 20%: faster");
    }

    @Test
    void theMarkdownIsATableForAPullRequestComment() {
        String md = report(List.of(SLOWER, RULER_STILL)).markdown();
        assertTrue(md.startsWith("### perflab ab orderbook: regression\n"), md);
        assertTrue(md.contains("JDK 17 · CPU x · 2 cores"), md);
        assertTrue(md.contains("| ❌ | OrderBookCancelBenchmark.cancelLast rung=r4-tick-array depth=1000 (planted: 10% (3 tokens))"), md);
        assertTrue(md.contains("| 📏 | RulerBenchmark.sortCopy (ruler) |"), md);
        assertTrue(md.contains("11% slower"), md);
    }

    /**
     * Each judged row says what slowdown its pairs would have caught: a "no change" from noisy pairs rules out
     * only a large loss, one from quiet pairs a small one. Rulers are not judged for a slowdown.
     */
    @Test
    void eachJudgedRowSaysTheSlowdownItsPairsCatch() {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        AbRow quiet = new AbRow(CANCEL, params("r4-tick-array", "1000"), "thrpt", "ops/s", PairedRatio.of(base, List.of(100.0, 101.0, 99.0, 100.0), 0.95),
                AbVerdict.NO_CHANGE, false, base, List.of(100.0, 101.0, 99.0, 100.0), 0.02, 0, "");
        List<Double> scattered = List.of(85.0, 115.0, 95.0, 105.0);
        PairedRatio wide = PairedRatio.of(base, scattered, 0.95);
        AbRow noisy = new AbRow(CANCEL, params("r0-persistent-scan", "1000"), "thrpt", "ops/s", wide, AbVerdict.of(wide, 0.05, true), false, base,
                scattered, 0.02, 0, "");
        assertEquals(AbVerdict.UNDECIDED, noisy.verdict(), "a 13% pair sd at 4 pairs cannot show ±5%: " + wide);
        AbReport report = report(List.of(quiet, noisy, RULER_STILL));
        double quietCatch = report.catchesSlowdown(quiet);
        double noisyCatch = report.catchesSlowdown(noisy);
        assertTrue(quietCatch > 0.05 && quietCatch < 0.10, "a 0.8% pair sd at 4 pairs catches under 10%: " + quietCatch);
        assertTrue(noisyCatch > 0.20, "a 13% pair sd at 4 pairs catches only a large loss: " + noisyCatch);
        assertEquals(PairsNeeded.smallestFound(4, noisy.ratio().logSd(), 0.05, 0.95, 0.95), noisyCatch);
        assertEquals("≥ " + AbRow.percent(quietCatch), report.catches(quiet));
        assertEquals("–", report.catches(RULER_STILL));
        String md = report.markdown();
        assertTrue(md.contains("| undecided | 4 (decides at " + report.decidesAt(noisy) + ") | ≥ " + AbRow.percent(noisyCatch) + " |"), md);
        assertTrue(md.contains("| no change | 4 | ≥ " + AbRow.percent(quietCatch) + " |"), md);
        assertTrue(md.contains("| 📏 | RulerBenchmark.sortCopy (ruler) |") && md.contains(" | no change | 4 | – |"), md);
        assertTrue(md.contains(AbReport.CATCHES), md);
        assertTrue(report.text().contains("catches ≥ " + AbRow.percent(noisyCatch)), report.text());
        assertEquals(noisyCatch, report.json().at("/rows/1/catchesSlowdown").asDouble());
        assertTrue(report.json().at("/rows/2/catchesSlowdown").isMissingNode(), "none for a ruler");
    }

    /**
     * An undecided row makes the run undecided unless another regressed: neither passed nor failed, in every output, with
     * the pairs the row would take; a ruler too noisy to tell does not make the run noisy (only one that moved does).
     */
    @Test
    void anUndecidedRowMakesTheRunUndecidedWithThePairsItWouldTake() {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> scattered = List.of(90.0, 104.0, 97.0, 99.0);
        PairedRatio wide = PairedRatio.of(base, scattered, 0.95);
        AbRow open = scatteredRow(scattered, 0.95);
        assertEquals(AbVerdict.UNDECIDED, open.verdict(), wide.toString());
        AbRow rulerOpen = new AbRow(RULER, Map.of(), "thrpt", "ops/s", wide, AbVerdict.of(wide, 0.05, true), true, base, scattered, 0.02, 0, "");
        AbReport undecided = report(List.of(open, rulerOpen));
        assertEquals(AbVerdict.UNDECIDED, undecided.verdict(), "an undecided ruler is not a drift shown");
        assertEquals(AbVerdict.REGRESSION, report(List.of(SLOWER, open, RULER_STILL)).verdict(), "a regression is a regression");
        int pairs = undecided.pairsToDecide(open).orElseThrow();
        assertTrue(pairs > 4 && pairs < 64, "pairs " + pairs);
        assertEquals(pairs, undecided.json().at("/rows/0/pairsToDecide").asInt());
        assertTrue(undecided.json().at("/rows/1/pairsToDecide").isMissingNode(), "none for a ruler");
        assertEquals("undecided", undecided.json().get("verdict").asText());
        assertTrue(undecided.json().get("undecided").asText().contains("(4 pairs; decides at about " + pairs + " pairs)"), undecided.json().toString());
        String md = undecided.markdown();
        assertTrue(md.startsWith("### perflab ab orderbook: undecided\n") && md.contains("| ❔ | OrderBookCancelBenchmark.cancelLast"), md);
        assertTrue(md.contains(AbReport.UNDECIDED + ": "), md);
        String text = undecided.text();
        assertTrue(text.contains("verdict: undecided (neither passed nor failed: OrderBookCancelBenchmark.cancelLast rung=r2-intrusive-list"
                + " depth=1000 (4 pairs; decides at about " + pairs + " pairs))"), text);
        assertTrue(text.contains("decides at about " + pairs + " pairs"), text);
        String gate = undecided.gateText();
        assertTrue(gate.startsWith("NEUTRAL  perflab ab orderbook: undecided"), gate);
        assertTrue(gate.contains(": 4 pairs, decides at about " + pairs + " pairs"), gate);
        assertTrue(report(List.of(SLOWER, RULER_STILL)).gateText().startsWith("FAIL  "));
        assertTrue(report(List.of(RULER_STILL)).gateText().startsWith("PASS  "));
    }

    /**
     * An undecided run says what deciding it would take at its own pace: the most pairs a row needs, the seconds a pair
     * of forks took per row, the time the missing pairs would add (the rulers running beside them), and the options
     * that give it; --max-pairs only where the need is past the run's last look. A decided run says nothing of it.
     */
    @Test
    void anUndecidedRunSaysTheBudgetItsRowsWouldTake() {
        AbRow open = scatteredRow(List.of(96.0, 101.0, 99.0, 100.5), 0.9875);
        AbReport one = report(List.of(open, RULER_STILL));
        AbReport looked = new AbReport(one.component(), one.base(), one.head(), one.machine(), one.threshold(), one.rulerThreshold(),
                Looks.doubling(4, 32, 0.95), one.rows(), 125, one.steal(), CacheSpread.UNKNOWN, 900);
        assertEquals(AbVerdict.UNDECIDED, looked.verdict(), open.ratio().toString());
        assertEquals(one.verdict(), looked.verdict());
        int need = looked.pairsToDecide(open).orElseThrow();
        assertTrue(need > 4 && need <= 32, "a need inside the looks: " + need);
        // 125 s over 8 pairs (the row's 4 and the ruler's 4): 15.6 s a pair; both go on to the first look at or past the
        // row's need (judged only at 4, 8, 16, 32 pairs)
        int look = need <= 8 ? 8 : need <= 16 ? 16 : 32;
        double more = 2 * (look - 4) * 125.0 / 8;
        long minutes = (long) Math.ceil((125 + more) / 300) * 5;
        String expected = "to decide: up to " + need + " pairs a row; at this run's 16 s a pair of forks per row, about "
                + dev.perflab.report.Formats.duration(more) + " more (--budget " + minutes + "m), or fewer rows (--rung, --benchmark)";
        assertEquals(expected, looked.toDecide());
        assertTrue(looked.text().contains("\n" + expected + "\n"), looked.text());
        assertTrue(looked.markdown().contains("\nT" + expected.substring(1) + ".\n"), looked.markdown());
        assertEquals(expected, looked.json().get("toDecide").asText());
        assertTrue(looked.gateText().endsWith("\n" + expected + "\n"), looked.gateText());
        assertEquals(expected, AbReport.fromJson(looked.json()).toDecide(), "a verdict read back (./lab gate --verdict) says the same");
        // one look at 4 pairs (a row scattered more): the need is past the last look, so the run must also be allowed more pairs
        AbRow wideOpen = scatteredRow(List.of(90.0, 104.0, 97.0, 99.0), 0.95);
        AbReport single = report(List.of(wideOpen, RULER_STILL));
        assertTrue(single.pairsToDecide(wideOpen).orElseThrow() > 4 && single.toDecide().contains("m --max-pairs "), single.toDecide());
        assertEquals("", report(List.of(SLOWER, RULER_STILL)).toDecide(), "a regression is decided");
        assertTrue(report(List.of(SLOWER, RULER_STILL)).json().get("toDecide") == null);
    }

    /** r2's cancel row whose 4 head forks score {@code head} against base forks of 100, its interval at {@code level}. */
    private static AbRow scatteredRow(List<Double> head, double level) {
        List<Double> base = List.of(100.0, 100.0, 100.0, 100.0);
        PairedRatio ratio = PairedRatio.of(base, head, level);
        return new AbRow(CANCEL, params("r2-intrusive-list", "1000"), "thrpt", "ops/s", ratio, AbVerdict.of(ratio, 0.05, true), false, base,
                head, 0.02, 0, "");
    }

    /** A run judged at several looks says so, and a report read back keeps its looks and their level. */
    @Test
    void theLooksAreSavedAndReadBack() {
        AbReport one = report(List.of(SLOWER, RULER_STILL));
        AbReport looked = new AbReport(one.component(), one.base(), one.head(), one.machine(), one.threshold(), one.rulerThreshold(),
                Looks.doubling(4, 32, 0.95), one.rows(), one.seconds(), one.steal(), CacheSpread.UNKNOWN, 900);
        ObjectNode json = looked.json();
        assertEquals(0.95, json.get("confidence").asDouble());
        assertEquals(0.9875, json.get("intervalConfidence").asDouble(), 1e-12);
        assertEquals("[4,8,16,32]", json.get("looks").toString());
        assertEquals(900, json.get("budgetSeconds").asDouble());
        assertTrue(json.get("method").asText().contains("again at 8, 16, 32 (the most a row got: 4), each interval at 98.75% so that all 4 looks"
                + " together keep 95%"), json.get("method").asText());
        AbReport back = AbReport.fromJson(json);
        assertEquals(looked.looks(), back.looks());
        assertEquals(back.json(), AbReport.fromJson(back.json()).json());
        assertTrue(back.rows().get(0).ratio().low() < SLOWER.ratio().low(), "intervals made again at 98.75%, wider than at 95%");
        assertEquals(Looks.single(4, 0.95), AbReport.fromJson(one.json().without(List.of("looks", "intervalConfidence"))).looks(),
                "a verdict saved before the looks: one look at its pairs");
    }

    @Test
    void theChartIsAPng(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("ratios.png");
        assertEquals(java.util.Optional.empty(), AbChart.write(report(List.of(SLOWER, RULER_STILL)), png));
        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 1000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G');
    }

    /** The host's CPU time for others is said in every output when measured, kept in the JSON, and absent when not. */
    @Test
    void stealIsReportedWhenMeasuredAndReadBack() {
        AbReport measured = report(List.of(SLOWER, RULER_STILL), new Steal(0.0004, 0.012));
        String sentence = "CPU steal (time this machine's host ran others on its CPUs): 0.04% of the run's CPU time, 1.2% in the worst fork";
        assertTrue(measured.text().contains("\n" + sentence + "\n"), measured.text());
        assertTrue(measured.markdown().contains(sentence + "."), measured.markdown());
        assertEquals(0.012, measured.json().get("cpuSteal").get("worstFork").asDouble(), 1e-12);
        assertEquals(measured.steal(), AbReport.fromJson(measured.json()).steal());

        AbReport unknown = report(List.of(SLOWER, RULER_STILL));
        assertFalse(unknown.text().contains("CPU steal"), unknown.text());
        assertFalse(unknown.json().has("cpuSteal"));
        assertFalse(AbReport.fromJson(unknown.json()).steal().known(), "a run saved without steal reads back as unknown");
    }

    /** The cache probe: summed up from its chunks, said in every output when measured, read back from the JSON. */
    @Test
    void theCacheProbeIsReportedWhenMeasuredAndReadBack() {
        CacheSpread spread = CacheSpread.of(List.of(new long[] {100, 100, 100}, new long[] {100, 150}), 256);
        assertEquals(5, spread.chunks());
        assertEquals(1.5, spread.slowest(), 1e-12, "the slowest chunk over the median chunk");
        assertEquals(Math.sqrt(2000.0 / 4) / 110, spread.cv(), 1e-12, "sample sd over mean of all five chunks");
        AbReport base = report(List.of(SLOWER, RULER_STILL));
        AbReport measured = new AbReport(base.component(), base.base(), base.head(), base.machine(), base.threshold(),
                base.rulerThreshold(), base.looks(), base.rows(), base.seconds(), base.steal(), spread, base.budgetSeconds());
        String sentence = "cache probe (a 256 KiB pointer chase before each pair's forks, 5 chunks of equal work): chunk times spread 20.3%"
                + " (CV), the slowest ×1.50 the median";
        assertTrue(measured.text().contains("\n" + sentence + "\n"), measured.text());
        assertTrue(measured.markdown().contains(sentence + "."), measured.markdown());
        assertEquals(spread, AbReport.fromJson(measured.json()).cache());
        assertFalse(base.text().contains("cache probe"), base.text());
        assertFalse(AbReport.fromJson(base.json()).cache().known(), "a run saved without the probe reads back as unknown");
        assertFalse(CacheSpread.of(List.of(new long[] {100}), 256).known(), "one chunk has no spread");
    }
}
