package dev.perflab.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.report.Formats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The outcome of one {@code ./lab ab} run: every row's ratio, interval and verdict, and the run's verdict, as
 * the verdict JSON (its first fields are the shape other tools read), markdown for a pull-request comment and
 * console text.
 *
 * <pre>
 * {"component": "orderbook", "base": {"rev": "abc123", "jar": "…"}, "head": {"rev": "def456", "jar": "…"},
 *  "machine": "JDK … · CPU … · 2 cores", "threshold": 0.05, "method": "…", "verdict": "regression",
 *  "rows": [{"benchmark": "….OrderBookCancelBenchmark.cancelLast", "params": {"rung": "r4-tick-array", "depth": "1000"},
 *            "mode": "thrpt", "unit": "ops/s", "ratio": 0.93, "low": 0.90, "high": 0.96, "verdict": "regression",
 *            "ruler": false, "pairs": 6, …evidence…}], …}
 * </pre>
 *
 * @param component      the component's name
 * @param base           the base side: its revision and jar
 * @param head           the head side
 * @param machine        JDK, CPU and cores, one line
 * @param threshold      the rows' threshold, e.g. 0.05
 * @param rulerThreshold the rulers' own threshold
 * @param confidence     the intervals' coverage, e.g. 0.95
 * @param pairs          pairs of forks per row asked for
 * @param rows           in the order they ran, rulers last
 * @param seconds        how long the run took, building the revisions excluded
 * @param steal          the CPU time the machine's host took for others while the forks ran ({@link Steal#UNKNOWN} if not measured)
 * @param cache          how steadily the machine ran cache-bound work between the pairs ({@link CacheSpread#UNKNOWN} if not measured)
 */
public record AbReport(String component, Side base, Side head, String machine, double threshold, double rulerThreshold,
                       double confidence, int pairs, List<AbRow> rows, double seconds, Steal steal, CacheSpread cache) {
    /** One side: the revision as asked for and resolved ({@code main (abc123def456)}), and the jar its forks ran from. */
    public record Side(String rev, String jar) {
    }

    public AbReport {
        rows = List.copyOf(rows);
    }

    /** A report without a cache probe (runs saved before it was recorded, tests of the verdict alone). */
    public AbReport(String component, Side base, Side head, String machine, double threshold, double rulerThreshold,
                    double confidence, int pairs, List<AbRow> rows, double seconds, Steal steal) {
        this(component, base, head, machine, threshold, rulerThreshold, confidence, pairs, rows, seconds, steal, CacheSpread.UNKNOWN);
    }

    /**
     * The run's verdict: {@link AbVerdict#NOISY} when a ruler moved; else a regression when any row regressed,
     * an improvement when any improved, and no change otherwise.
     */
    public AbVerdict verdict() {
        if (rows.stream().anyMatch(r -> r.ruler() && r.verdict() != AbVerdict.NO_CHANGE)) {
            return AbVerdict.NOISY;
        }
        List<AbRow> judged = rows.stream().filter(r -> !r.ruler()).collect(Collectors.toList());
        if (judged.stream().anyMatch(r -> r.verdict() == AbVerdict.REGRESSION)) {
            return AbVerdict.REGRESSION;
        }
        return judged.stream().anyMatch(r -> r.verdict() == AbVerdict.IMPROVEMENT) ? AbVerdict.IMPROVEMENT : AbVerdict.NO_CHANGE;
    }

    /** The rulers that moved, as a sentence; empty when none did. */
    public String rulersMoved() {
        return rows.stream().filter(r -> r.ruler() && r.verdict() != AbVerdict.NO_CHANGE)
                .map(r -> r.label() + " " + r.change()).collect(Collectors.joining("; "));
    }

    /** How the intervals were made, in words; it names the most pairs a row got when some rows got more than asked for. */
    public String method() {
        int most = rows.stream().mapToInt(r -> r.ratio().pairs()).max().orElse(pairs);
        return PairedRatio.method(confidence, pairs, most);
    }

    /**
     * A report read back from its verdict JSON ({@link #json()}), so that a calibration can go on from the runs it
     * saved: the rows' intervals are computed again from their fork scores, their verdicts are read as saved.
     *
     * @throws IllegalArgumentException naming the field that is missing or malformed
     */
    public static AbReport fromJson(JsonNode root) {
        List<AbRow> rows = new ArrayList<>();
        double confidence = number(root, "confidence");
        for (JsonNode r : field(root, "rows")) {
            Map<String, String> params = new LinkedHashMap<>();
            field(r, "params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            List<Double> base = scores(r, "baseForkScores");
            List<Double> head = scores(r, "headForkScores");
            rows.add(new AbRow(text(r, "benchmark"), params, text(r, "mode"), text(r, "unit"), PairedRatio.of(base, head, confidence),
                    AbVerdict.ofLabel(text(r, "verdict")), field(r, "ruler").asBoolean(), base, head, number(r, "iterationCv"),
                    field(r, "bimodalForks").asInt(), r.path("planted").asText("")));
        }
        return new AbReport(text(root, "component"), new Side(text(field(root, "base"), "rev"), text(field(root, "base"), "jar")),
                new Side(text(field(root, "head"), "rev"), text(field(root, "head"), "jar")), text(root, "machine"),
                number(root, "threshold"), number(root, "rulerThreshold"), confidence, field(root, "pairsAskedFor").asInt(), rows,
                number(root, "seconds"), steal(root.path("cpuSteal")), cache(root.path("cacheProbe")));
    }

    /** The saved cache probe; {@link CacheSpread#UNKNOWN} for runs saved without it. */
    private static CacheSpread cache(JsonNode node) {
        return node.isObject() ? new CacheSpread(node.path("cv").asDouble(Double.NaN), node.path("slowest").asDouble(Double.NaN),
                node.path("chunks").asInt(), node.path("kib").asInt()) : CacheSpread.UNKNOWN;
    }

    /** The saved steal; {@link Steal#UNKNOWN} for runs saved without it. */
    private static Steal steal(JsonNode node) {
        return node.isObject() ? new Steal(node.path("run").asDouble(Double.NaN), node.path("worstFork").asDouble(Double.NaN)) : Steal.UNKNOWN;
    }

    private static JsonNode field(JsonNode node, String name) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("no \"" + name + "\" field");
        }
        return value;
    }

    private static String text(JsonNode node, String name) {
        return field(node, name).asText();
    }

    private static double number(JsonNode node, String name) {
        JsonNode value = field(node, name);
        if (!value.isNumber() && !"NaN".equals(value.asText())) {
            throw new IllegalArgumentException("\"" + name + "\" is not a number: " + value);
        }
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    private static List<Double> scores(JsonNode row, String name) {
        List<Double> list = new ArrayList<>();
        field(row, name).forEach(v -> list.add(v.asDouble()));
        return list;
    }

    /** The verdict JSON. */
    public ObjectNode json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("component", component);
        root.putObject("base").put("rev", base.rev()).put("jar", base.jar());
        root.putObject("head").put("rev", head.rev()).put("jar", head.jar());
        root.put("machine", machine);
        root.put("threshold", threshold);
        root.put("method", method());
        root.put("verdict", verdict().label());
        ArrayNode list = root.putArray("rows");
        for (AbRow r : rows) {
            ObjectNode row = list.addObject();
            row.put("benchmark", r.benchmark());
            ObjectNode params = row.putObject("params");
            r.params().forEach(params::put);
            row.put("mode", r.mode());
            row.put("unit", r.unit());
            row.put("ratio", r.ratio().ratio());
            row.put("low", r.ratio().low());
            row.put("high", r.ratio().high());
            row.put("verdict", r.verdict().label());
            row.put("ruler", r.ruler());
            row.put("pairs", r.ratio().pairs());
            row.put("change", r.change());
            ArrayNode b = row.putArray("baseForkScores");
            r.baseScores().forEach(b::add);
            ArrayNode h = row.putArray("headForkScores");
            r.headScores().forEach(h::add);
            row.put("pairLogRatioSd", r.ratio().logSd());
            double catches = r.ruler() ? Double.NaN : catchesSlowdown(r);
            if (!Double.isNaN(catches)) { // absent for a ruler, and where not even twice as slow would be found
                row.put("catchesSlowdown", catches);
            }
            row.put("baseForkCv", ForkSpread.cv(r.baseScores()));
            row.put("headForkCv", ForkSpread.cv(r.headScores()));
            row.put("iterationCv", r.iterationCv());
            row.put("bimodalForks", r.bimodalForks());
            if (!r.planted().isEmpty()) {
                row.put("planted", r.planted());
            }
        }
        root.put("rulerThreshold", rulerThreshold);
        root.put("confidence", confidence);
        root.put("pairsAskedFor", pairs);
        root.put("seconds", seconds);
        if (steal.known()) {
            root.putObject("cpuSteal").put("run", steal.run()).put("worstFork", steal.worstFork());
        }
        if (cache.known()) {
            root.putObject("cacheProbe").put("cv", cache.cv()).put("slowest", cache.slowest()).put("chunks", cache.chunks())
                    .put("kib", cache.kib());
        }
        String moved = rulersMoved();
        if (!moved.isEmpty()) {
            root.put("rulersMoved", moved);
        }
        return root;
    }

    /** Markdown for a pull-request comment: the verdict, the machine, the method, a row per benchmark. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("### perflab ab ").append(component).append(": ").append(verdict().label()).append("\n\n");
        out.append("head ").append(code(head.rev())).append(" against base ").append(code(base.rev())).append(" · ")
                .append(machine).append("\n\n");
        out.append(headline()).append("\n\n");
        out.append("| | row | mode | head/base | interval | change | verdict | catches |\n|---|---|---|---|---|---|---|---|\n");
        for (AbRow r : rows) {
            out.append("| ").append(icon(r)).append(" | ").append(cell(r.label())).append(r.ruler() ? " (ruler)" : "")
                    .append(r.planted().isEmpty() ? "" : " (planted: " + cell(r.planted()) + ")")
                    .append(" | ").append(r.mode()).append(", ").append(r.unit())
                    .append(" | ×").append(ratio(r.ratio().ratio())).append(" | ×").append(ratio(r.ratio().low()))
                    .append(" – ×").append(ratio(r.ratio().high())).append(" | ").append(r.change()).append(" | ")
                    .append(r.verdict().label()).append(" | ").append(catches(r)).append(" |\n");
        }
        out.append('\n').append(CATCHES).append('\n');
        String moved = rulersMoved();
        if (!moved.isEmpty()) {
            out.append("\nRulers moved, so no row is judged: ").append(cell(moved)).append(".\n");
        }
        if (steal.known()) {
            out.append('\n').append(steal.sentence()).append(".\n");
        }
        if (cache.known()) {
            out.append('\n').append(cache.sentence()).append(".\n");
        }
        return out.toString();
    }

    /** What the "catches" column means, under the table. */
    static final String CATCHES = "catches: the smallest slowdown the row's pairs would find in 95% of runs, if every run's pairs spread as"
            + " this run's did (a model of the verdict rule, PairsNeeded); a \"no change\" rules out no smaller loss";

    /**
     * {@code ≥ 12%}: the smallest slowdown this row's pairs find in 95% of runs at their own spread
     * ({@link PairsNeeded#smallestFound}); {@code > 100%} when not even that; {@code –} for a ruler.
     */
    public String catches(AbRow r) {
        if (r.ruler()) {
            return "–";
        }
        double f = catchesSlowdown(r);
        return Double.isNaN(f) ? "> " + AbRow.percent(PairsNeeded.MOST_SLOWDOWN) : "≥ " + AbRow.percent(f);
    }

    /** The slowdown {@link #catches} names, NaN past {@link PairsNeeded#MOST_SLOWDOWN}. */
    double catchesSlowdown(AbRow r) {
        return PairsNeeded.smallestFound(r.ratio().pairs(), r.ratio().logSd(), threshold, confidence, Calibration.MIN_DETECTION);
    }

    /** Console text: the same table, aligned. */
    public String text() {
        StringBuilder out = new StringBuilder();
        out.append(headline()).append('\n');
        int width = rows.stream().mapToInt(r -> r.label().length() + (r.ruler() ? 8 : 0)).max().orElse(10);
        for (AbRow r : rows) {
            out.append(String.format(Locale.ROOT, "  %-11s ×%-6s [×%s, ×%s]  %-13s %-15s %-" + width + "s  %s%n", r.verdict().label(),
                    ratio(r.ratio().ratio()), ratio(r.ratio().low()), ratio(r.ratio().high()), r.change(),
                    r.ruler() ? "" : "catches " + catches(r), r.label() + (r.ruler() ? " (ruler)" : ""),
                    r.planted().isEmpty() ? "" : "planted: " + r.planted()));
        }
        out.append(CATCHES).append('\n');
        out.append("verdict: ").append(verdict().label());
        String moved = rulersMoved();
        out.append(moved.isEmpty() ? "" : " (rulers moved: " + moved + ")");
        out.append(String.format(Locale.ROOT, "; %d rows in %s%n", rows.size(), Formats.duration(seconds)));
        if (steal.known()) {
            out.append(steal.sentence()).append('\n');
        }
        if (cache.known()) {
            out.append(cache.sentence()).append('\n');
        }
        return out.toString();
    }

    private String headline() {
        return String.format(Locale.ROOT, "threshold %s (ruler %s), %s", AbRow.percent(threshold), AbRow.percent(rulerThreshold),
                method());
    }

    /** A ratio with four significant digits: ×0.9312. */
    static String ratio(double r) {
        if (!Double.isFinite(r)) {
            return Double.isNaN(r) ? "?" : "∞";
        }
        return new java.math.BigDecimal(r).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String icon(AbRow r) {
        if (r.ruler()) {
            return r.verdict() == AbVerdict.NO_CHANGE ? "📏" : "⚠️";
        }
        return switch (r.verdict()) {
            case REGRESSION -> "❌";
            case IMPROVEMENT -> "🚀";
            default -> "✅";
        };
    }

    private static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
