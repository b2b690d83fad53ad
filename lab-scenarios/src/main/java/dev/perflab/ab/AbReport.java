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
 *            "ruler": false, "pairs": 6, …evidence…}], "confidence": 0.95, "intervalConfidence": 0.9875,
 *  "looks": [4, 8, 16, 32], "budgetSeconds": 900, …}
 * </pre>
 *
 * @param component      the component's name
 * @param base           the base side: its revision and jar
 * @param head           the head side
 * @param machine        JDK, CPU and cores, one line
 * @param threshold      the rows' threshold, e.g. 0.05
 * @param rulerThreshold the rulers' own threshold
 * @param looks          when the rows were judged and at what level: the pairs every row got first, the run's confidence
 * @param rows           in the order they ran, rulers last
 * @param seconds        how long the run took, building the revisions excluded
 * @param steal          the CPU time the machine's host took for others while the forks ran ({@link Steal#UNKNOWN} if not measured)
 * @param cache          how steadily the machine ran cache-bound work between the pairs ({@link CacheSpread#UNKNOWN} if not measured)
 * @param budgetSeconds  the time the run could spend on pairs past the first look ({@code --budget}); NaN when none was set
 * @param duet           whether each pair's two forks ran at the same time ({@code --duet}) rather than back to back
 */
public record AbReport(String component, Side base, Side head, String machine, double threshold, double rulerThreshold,
                       Looks looks, List<AbRow> rows, double seconds, Steal steal, CacheSpread cache, double budgetSeconds, boolean duet) {
    /** One side: the revision as asked for and resolved ({@code main (abc123def456)}), and the jar its forks ran from. */
    public record Side(String rev, String jar) {
    }

    public AbReport {
        rows = List.copyOf(rows);
    }

    /** A report of a run whose pairs ran back to back. */
    public AbReport(String component, Side base, Side head, String machine, double threshold, double rulerThreshold,
                    Looks looks, List<AbRow> rows, double seconds, Steal steal, CacheSpread cache, double budgetSeconds) {
        this(component, base, head, machine, threshold, rulerThreshold, looks, rows, seconds, steal, cache, budgetSeconds, false);
    }

    /** A report of one look at {@code pairs} pairs, without a cache probe or a budget (tests of the verdict alone). */
    public AbReport(String component, Side base, Side head, String machine, double threshold, double rulerThreshold,
                    double confidence, int pairs, List<AbRow> rows, double seconds, Steal steal) {
        this(component, base, head, machine, threshold, rulerThreshold, Looks.single(pairs, confidence), rows, seconds, steal,
                CacheSpread.UNKNOWN, Double.NaN);
    }

    /** The run's overall confidence, e.g. 0.95: what all its looks together keep. */
    public double confidence() {
        return looks.confidence();
    }

    /** Pairs of forks every row got before the first look. */
    public int pairs() {
        return looks.first();
    }

    /**
     * The run's verdict: {@link AbVerdict#NOISY} when a ruler moved (a regression or an improvement of its own; a
     * ruler too noisy to tell is not a drift shown); else a regression when any row regressed; else undecided when
     * any row is, since it may hide one; else an improvement when any improved, and no change otherwise.
     */
    public AbVerdict verdict() {
        if (rows.stream().anyMatch(r -> r.ruler() && r.verdict().moved())) {
            return AbVerdict.NOISY;
        }
        List<AbRow> judged = rows.stream().filter(r -> !r.ruler()).collect(Collectors.toList());
        for (AbVerdict v : List.of(AbVerdict.REGRESSION, AbVerdict.UNDECIDED, AbVerdict.IMPROVEMENT)) {
            if (judged.stream().anyMatch(r -> r.verdict() == v)) {
                return v;
            }
        }
        return AbVerdict.NO_CHANGE;
    }

    /** Every look's interval level: the confidence shared out over the looks ({@link Looks#intervalConfidence()}). */
    public double intervalConfidence() {
        return looks.intervalConfidence();
    }

    /**
     * The pairs an undecided row would take to be decided at this run's interval level, if its ratio and spread held
     * ({@link PairsNeeded#toDecide}); empty for a decided row or a ruler, and past {@value PairsNeeded#MOST_PAIRS}.
     */
    public java.util.OptionalInt pairsToDecide(AbRow r) {
        if (r.ruler() || r.verdict() != AbVerdict.UNDECIDED) {
            return java.util.OptionalInt.empty();
        }
        return PairsNeeded.toDecide(r.ratio(), threshold, intervalConfidence());
    }

    /** {@code about 23}, {@code more than 64}: {@link #pairsToDecide} in words, for an undecided row; empty otherwise. */
    public String decidesAt(AbRow r) {
        if (r.ruler() || r.verdict() != AbVerdict.UNDECIDED) {
            return "";
        }
        java.util.OptionalInt n = pairsToDecide(r);
        return n.isPresent() ? "about " + n.getAsInt() : "more than " + PairsNeeded.MOST_PAIRS;
    }

    /** The rows that are undecided, with the pairs each would take, as a sentence; empty when none is. */
    public String undecided() {
        return rows.stream().filter(r -> !r.ruler() && r.verdict() == AbVerdict.UNDECIDED)
                .map(r -> r.label() + " (" + r.ratio().pairs() + " pairs; decides at " + decidesAt(r) + " pairs)")
                .collect(Collectors.joining("; "));
    }

    /**
     * What deciding an undecided run would take, from this run's own pace and each undecided row's {@link #pairsToDecide}:
     * {@code to decide: up to N pairs a row; at this run's T a pair of forks per row, about M more (--budget Bm
     * --max-pairs 64), or fewer rows (--rung, --benchmark)} (a real one: docs/ab.md). The pace is the run's seconds over every
     * pair it ran, rulers included; each undecided row runs to the first look at or past its need, the rulers beside
     * them to the most. A model, as "decides at" is: the rows' ratios and spreads may not hold. Empty unless the run is
     * undecided and some row's need is known.
     */
    public String toDecide() {
        if (verdict() != AbVerdict.UNDECIDED) {
            return "";
        }
        int ran = rows.stream().mapToInt(r -> r.ratio().pairs()).sum();
        List<AbRow> open = new ArrayList<>();
        int most = 0;
        boolean beyond = false;
        for (AbRow r : rows) {
            java.util.OptionalInt need = pairsToDecide(r);
            if (r.ruler() || r.verdict() != AbVerdict.UNDECIDED) {
                continue;
            }
            if (need.isEmpty()) {
                beyond = true;
                continue;
            }
            most = Math.max(most, need.getAsInt());
            open.add(r);
        }
        if (most == 0 || ran == 0 || !(seconds > 0)) {
            return "";
        }
        // a row is judged only at a look, so it runs to the first look at or past its need; past the run's last look,
        // the looks go on doubling to the --max-pairs that holds the most any row needs
        boolean past = most > looks.last();
        Looks schedule = past ? Looks.doubling(looks.first(), Integer.highestOneBit(most - 1) * 2, looks.confidence()) : looks;
        int morePairs = 0;
        for (AbRow r : open) {
            morePairs += Math.max(0, lookAtOrPast(schedule, pairsToDecide(r).getAsInt()) - r.ratio().pairs());
        }
        for (AbRow r : rows) {
            if (r.ruler()) {
                morePairs += Math.max(0, lookAtOrPast(schedule, most) - r.ratio().pairs());
            }
        }
        double perPair = seconds / ran;
        double more = morePairs * perPair;
        long budgetMinutes = (long) Math.ceil((seconds + more) / 60 / 5) * 5;
        String options = "--budget " + budgetMinutes + "m" + (past ? " --max-pairs " + schedule.last() : "");
        return String.format(Locale.ROOT, "to decide: up to %d pairs a row%s; at this run's %s a pair of forks per row, about %s more (%s),"
                        + " or fewer rows (--rung, --benchmark)", most,
                beyond ? " (and a row past " + PairsNeeded.MOST_PAIRS + ", which more pairs will not settle here)" : "",
                Formats.duration(perPair), Formats.duration(more), options);
    }

    /** The first look of {@code schedule} at {@code pairs} pairs or more (its last when none is). */
    private static int lookAtOrPast(Looks schedule, int pairs) {
        return schedule.pairs().stream().filter(n -> n >= pairs).findFirst().orElse(schedule.last());
    }

    /** The rulers that moved, as a sentence; empty when none did. */
    public String rulersMoved() {
        return rows.stream().filter(r -> r.ruler() && r.verdict().moved())
                .map(r -> r.label() + " " + r.change()).collect(Collectors.joining("; "));
    }

    /** How the intervals were made, in words; it names the most pairs a row got when some rows got more than asked for. */
    public String method() {
        int most = rows.stream().mapToInt(r -> r.ratio().pairs()).max().orElse(pairs());
        return PairedRatio.method(looks, most, duet);
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
        int asked = field(root, "pairsAskedFor").asInt();
        List<Integer> at = new ArrayList<>();
        root.path("looks").forEach(n -> at.add(n.asInt()));
        Looks looks;
        try {
            looks = at.isEmpty() ? Looks.single(asked, confidence) : new Looks(at, confidence); // runs saved before looks: one
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"looks\" or \"pairsAskedFor\": " + e.getMessage());
        }
        for (JsonNode r : field(root, "rows")) {
            Map<String, String> params = new LinkedHashMap<>();
            field(r, "params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            List<Double> base = scores(r, "baseForkScores");
            List<Double> head = scores(r, "headForkScores");
            rows.add(new AbRow(text(r, "benchmark"), params, text(r, "mode"), text(r, "unit"), PairedRatio.of(base, head, looks.intervalConfidence()),
                    AbVerdict.ofLabel(text(r, "verdict")), field(r, "ruler").asBoolean(), base, head, number(r, "iterationCv"),
                    field(r, "bimodalForks").asInt(), r.path("planted").asText("")));
        }
        return new AbReport(text(root, "component"), new Side(text(field(root, "base"), "rev"), text(field(root, "base"), "jar")),
                new Side(text(field(root, "head"), "rev"), text(field(root, "head"), "jar")), text(root, "machine"),
                number(root, "threshold"), number(root, "rulerThreshold"), looks, rows, number(root, "seconds"), steal(root.path("cpuSteal")),
                cache(root.path("cacheProbe")), root.path("budgetSeconds").asDouble(Double.NaN), root.path("duet").asBoolean(false));
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
            pairsToDecide(r).ifPresent(n -> row.put("pairsToDecide", n)); // absent for a decided row, and past the model's most pairs
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
        root.put("confidence", confidence());
        root.put("intervalConfidence", intervalConfidence());
        root.put("pairsAskedFor", pairs());
        ArrayNode at = root.putArray("looks");
        looks.pairs().forEach(at::add);
        if (Double.isFinite(budgetSeconds)) {
            root.put("budgetSeconds", budgetSeconds);
        }
        root.put("seconds", seconds);
        root.put("duet", duet);
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
        String undecided = undecided();
        if (!undecided.isEmpty()) {
            root.put("undecided", undecided);
        }
        String toDecide = toDecide();
        if (!toDecide.isEmpty()) {
            root.put("toDecide", toDecide);
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
        out.append("| | row | mode | head/base | interval | change | verdict | pairs | catches |\n|---|---|---|---|---|---|---|---|---|\n");
        for (AbRow r : rows) {
            out.append("| ").append(icon(r)).append(" | ").append(cell(r.label())).append(r.ruler() ? " (ruler)" : "")
                    .append(r.planted().isEmpty() ? "" : " (planted: " + cell(r.planted()) + ")")
                    .append(" | ").append(r.mode()).append(", ").append(r.unit())
                    .append(" | ×").append(ratio(r.ratio().ratio())).append(" | ×").append(ratio(r.ratio().low()))
                    .append(" – ×").append(ratio(r.ratio().high())).append(" | ").append(r.change()).append(" | ")
                    .append(r.verdict().label()).append(" | ").append(pairsCell(r)).append(" | ").append(catches(r)).append(" |\n");
        }
        out.append('\n').append(CATCHES).append('\n');
        String moved = rulersMoved();
        if (!moved.isEmpty()) {
            out.append("\nRulers moved, so no row is judged: ").append(cell(moved)).append(".\n");
        } else if (!undecided().isEmpty()) {
            out.append("\n").append(UNDECIDED).append(": ").append(cell(undecided())).append(".\n");
            String toDecide = toDecide();
            out.append(toDecide.isEmpty() ? "" : "\n" + Character.toUpperCase(toDecide.charAt(0)) + cell(toDecide.substring(1)) + ".\n");
        }
        if (steal.known()) {
            out.append('\n').append(steal.sentence()).append(".\n");
        }
        if (cache.known()) {
            out.append('\n').append(cache.sentence()).append(".\n");
        }
        return out.toString();
    }

    /** The pairs a row got, and for an undecided row the pairs it would take: {@code 16 (decides at about 40)}. */
    private String pairsCell(AbRow r) {
        String at = decidesAt(r);
        return r.ratio().pairs() + (at.isEmpty() ? "" : " (decides at " + at + ")");
    }

    /** What an undecided run says under its table, before its rows. */
    static final String UNDECIDED = "Undecided, neither passed nor failed: the interval reaches past the threshold, so a change the"
            + " threshold counts is neither shown nor ruled out; \"decides at\" is the pairs it would take if its ratio and spread held"
            + " (--max-pairs, --budget)";

    /** What the "catches" column means, under the table. */
    static final String CATCHES = "catches: the smallest slowdown the row's pairs would find in 95% of runs, if every run's pairs spread as"
            + " this run's did (a model of the verdict rule, PairsNeeded)";

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
        return PairsNeeded.smallestFound(r.ratio().pairs(), r.ratio().logSd(), threshold, intervalConfidence(), Calibration.MIN_DETECTION);
    }

    /** Console text: the same table, aligned. */
    public String text() {
        StringBuilder out = new StringBuilder();
        out.append(headline()).append('\n');
        int width = rows.stream().mapToInt(r -> r.label().length() + (r.ruler() ? 8 : 0)).max().orElse(10);
        for (AbRow r : rows) {
            String at = decidesAt(r);
            String after = (at.isEmpty() ? "" : "decides at " + at + " pairs") + (at.isEmpty() || r.planted().isEmpty() ? "" : "; ")
                    + (r.planted().isEmpty() ? "" : "planted: " + r.planted());
            out.append(String.format(Locale.ROOT, "  %-11s ×%-6s [×%s, ×%s]  %-13s %-15s %3d pairs  %-" + width + "s  %s%n",
                    r.verdict().label(), ratio(r.ratio().ratio()), ratio(r.ratio().low()), ratio(r.ratio().high()), r.change(),
                    r.ruler() ? "" : "catches " + catches(r), r.ratio().pairs(), r.label() + (r.ruler() ? " (ruler)" : ""), after).stripTrailing())
                    .append('\n');
        }
        out.append(CATCHES).append('\n');
        out.append("verdict: ").append(verdict().label());
        String moved = rulersMoved();
        out.append(moved.isEmpty() ? "" : " (rulers moved: " + moved + ")");
        out.append(moved.isEmpty() && verdict() == AbVerdict.UNDECIDED ? " (neither passed nor failed: " + undecided() + ")" : "");
        out.append(String.format(Locale.ROOT, "; %d rows in %s%n", rows.size(), Formats.duration(seconds)));
        String toDecide = moved.isEmpty() ? toDecide() : "";
        out.append(toDecide.isEmpty() ? "" : toDecide + "\n");
        if (steal.known()) {
            out.append(steal.sentence()).append('\n');
        }
        if (cache.known()) {
            out.append(cache.sentence()).append('\n');
        }
        return out.toString();
    }

    /**
     * What {@code ./lab gate --verdict} prints: the run's verdict as a gate reads it (FAIL on a regression; NEUTRAL when
     * undecided or noisy, neither passed nor failed; PASS on no change or an improvement), then every row that is not
     * "no change" (a ruler: that moved), an undecided row with the pairs it would take.
     */
    public String gateText() {
        AbVerdict v = verdict();
        String status = switch (v) {
            case REGRESSION -> "FAIL";
            case UNDECIDED, NOISY -> "NEUTRAL";
            default -> "PASS";
        };
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s  perflab ab %s: %s (head %s against base %s; %d rows,"
                + " threshold %s)%n", status, component, v.label(), head.rev(), base.rev(), rows.size(), AbRow.percent(threshold)));
        for (AbRow r : rows) {
            if (r.ruler() ? r.verdict().moved() : r.verdict() != AbVerdict.NO_CHANGE) {
                String at = decidesAt(r);
                out.append(String.format(Locale.ROOT, "  %-11s ×%s [×%s, ×%s] %s  %s%s%s%n", r.verdict().label(), ratio(r.ratio().ratio()),
                        ratio(r.ratio().low()), ratio(r.ratio().high()), r.change(), r.label(), r.ruler() ? " (ruler)" : "",
                        at.isEmpty() ? "" : ": " + r.ratio().pairs() + " pairs, decides at " + at + " pairs"));
            }
        }
        out.append(switch (v) {
            case REGRESSION -> "failed: a row is slower by more than the threshold, and its interval says so";
            case UNDECIDED -> "neither passed nor failed: an undecided row may hide a change the threshold counts; more pairs"
                    + " (--max-pairs, --budget) or a quieter machine decide it";
            case NOISY -> "neither passed nor failed: a ruler moved, so the machine drifted between the sides; run it again";
            default -> "passed: every row's interval lies within the threshold, or shows it faster";
        }).append('\n');
        String toDecide = toDecide();
        out.append(toDecide.isEmpty() ? "" : toDecide + "\n");
        return out.toString();
    }

    private String headline() {
        return String.format(Locale.ROOT, "threshold %s (ruler %s), %s", AbRow.percent(threshold), AbRow.percent(rulerThreshold),
                method());
    }

    /** A ratio with four significant digits: ×0.9312; an end of an interval far from 1 (two pairs at 99.99%) as 1.958e-301. */
    static String ratio(double r) {
        if (!Double.isFinite(r)) {
            return Double.isNaN(r) ? "?" : "∞";
        }
        if (r != 0 && (r < 1e-4 || r >= 1e6)) {
            return String.format(Locale.ROOT, "%.3e", r).replaceFirst("\\.?0*e", "e");
        }
        return new java.math.BigDecimal(r).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String icon(AbRow r) {
        if (r.ruler()) {
            return r.verdict().moved() ? "⚠️" : "📏";
        }
        return switch (r.verdict()) {
            case REGRESSION -> "❌";
            case IMPROVEMENT -> "🚀";
            case UNDECIDED -> "❔";
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
