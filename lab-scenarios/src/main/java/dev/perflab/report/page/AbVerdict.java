package dev.perflab.report.page;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An A/B verdict ({@code ./lab ab}): two builds of one component measured in alternation, each row's ratio of
 * head over base with its interval. Recognised by its top-level {@code verdict} and {@code rows}.
 *
 * <pre>
 *   { "component": "orderbook", "base": {"rev": "abc123", "jar": "…"}, "head": {"rev": "def456", "jar": "…"},
 *     "machine": "JDK … · CPU … · 2 cores", "threshold": 0.05, "method": "…", "verdict": "regression",
 *     "rows": [ { "benchmark": "…OrderBookCancelBenchmark.cancelLast", "params": {"rung": "r4-tick-array"},
 *                 "mode": "thrpt", "unit": "ops/s", "ratio": 0.93, "low": 0.90, "high": 0.96,
 *                 "verdict": "regression", "ruler": false, "pairs": 6 } ] }
 * </pre>
 *
 * @param source    the file, for the page's headings
 * @param threshold the relative move that counts, e.g. 0.05; NaN when absent
 */
record AbVerdict(String source, String component, String baseRev, String headRev, String machine, double threshold,
                 String method, String verdict, List<Ratio> rows) {

    /**
     * One row: head's score over base's, direction as the verdict reads it, with its interval.
     *
     * @param ruler true for a row measured as a ruler (a rung both builds share, to show the machine's drift)
     */
    record Ratio(String benchmark, Map<String, String> params, String mode, String unit, double ratio, double low,
                 double high, String verdict, boolean ruler, int pairs) {
    }

    /** True when the JSON document is a verdict rather than JMH's array of results. */
    static boolean is(JsonNode root) {
        return root != null && root.isObject() && root.has("verdict") && root.has("rows");
    }

    /** Reads a verdict; an unusable one is a {@link dev.perflab.report.ReportException} naming the file. */
    static AbVerdict of(JsonNode root, String source) {
        JsonNode rows = root.get("rows");
        if (!rows.isArray()) {
            throw new dev.perflab.report.ReportException(source, "A/B verdict's \"rows\" is not an array");
        }
        List<Ratio> ratios = new ArrayList<>();
        int index = 0;
        for (JsonNode r : rows) {
            index++;
            String benchmark = r.path("benchmark").asText("");
            if (benchmark.isEmpty() || !r.path("ratio").isNumber()) {
                throw new dev.perflab.report.ReportException(source, "A/B verdict row #" + index
                        + " has no benchmark or no numeric ratio");
            }
            Map<String, String> params = new LinkedHashMap<>();
            r.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            double ratio = r.path("ratio").asDouble();
            ratios.add(new Ratio(benchmark, params, r.path("mode").asText(""), r.path("unit").asText(""), ratio,
                    number(r.get("low"), ratio), number(r.get("high"), ratio), r.path("verdict").asText(""),
                    r.path("ruler").asBoolean(false), r.path("pairs").asInt(0)));
        }
        return new AbVerdict(source, root.path("component").asText(""), root.path("base").path("rev").asText(""),
                root.path("head").path("rev").asText(""), root.path("machine").asText(""),
                number(root.get("threshold"), Double.NaN), root.path("method").asText(""),
                root.path("verdict").asText(""), ratios);
    }

    private static double number(JsonNode value, double otherwise) {
        return value != null && value.isNumber() ? value.asDouble() : otherwise;
    }
}
