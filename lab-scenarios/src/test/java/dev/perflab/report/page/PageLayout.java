package dev.perflab.report.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reader sees of a page's charts, read back from headless Chromium after layout, and the checks on it that
 * every page must pass whatever its data: no text over another, out of its chart or under 10 px; every category
 * labelled; on a log axis a smaller value never draws a longer bar. {@link ForeignPageBrowserTest} (shapes made by
 * test code) and {@link ForeignFolderPageBrowserTest} (any folder of other projects' files) share them.
 */
final class PageLayout {
    /** The smallest text a reader is asked to read, in CSS pixels. */
    static final double MIN_FONT_PX = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    private PageLayout() {
    }

    /**
     * Every visible text of every chart with its box in the chart's pixels, and each bar's box by its index: read
     * from zrender's display list (what was painted), after layout.
     */
    static final String SCRIPT = String.join("\n",
            "return JSON.stringify(Array.prototype.map.call(document.querySelectorAll('div.chart'), function (el) {",
            "  var inst = echarts.getInstanceByDom(el);",
            "  var r = { benchmark: el.dataset.benchmark || '', width: el.clientWidth, height: el.clientHeight, texts: [], bars: [] };",
            "  var o = inst.getOption();",
            "  var horizontal = o.yAxis[0].type === 'category';",
            "  r.kind = el.dataset.kind;",
            "  r.categories = (horizontal ? o.yAxis[0].data : o.xAxis[0].data) || [];",
            "  r.xType = o.xAxis[0].type;",
            "  r.series = o.series.filter(function (s) { return s.type === 'line'; }).map(function (s) { return { name: s.name, data: s.data }; });",
            "  r.values = (o.series[0].data || []).map(function (d) { return d[1]; });",
            "  r.log = (horizontal ? o.xAxis[0].type : o.yAxis[0].type) === 'log';",
            "  r.horizontal = horizontal;",
            "  inst.getZr().storage.getDisplayList(true).forEach(function (e) {",
            "    var box = e.getBoundingRect().clone();",
            "    if (e.transform) { box.applyTransform(e.transform); }",
            "    var b = { x: box.x, y: box.y, w: box.width, h: box.height };",
            "    if ((e.type === 'tspan' || e.type === 'text') && e.style && e.style.text) {",
            "      b.text = String(e.style.text); b.font = e.style.font || ''; r.texts.push(b);",
            "    } else if (e.type === 'rect' && e.name && e.name.indexOf('bar') === 0) {",
            "      b.index = Number(e.name.substring(3)); r.bars.push(b);",
            "    }",
            "  });",
            "  return r;",
            "}));");

    /** Every chart of the page open in {@code browser}: its texts' and bars' boxes, categories, values and axes. */
    static JsonNode charts(HeadlessChromium browser) throws IOException {
        return JSON.readTree((String) browser.driver().executeScript(SCRIPT));
    }

    /** One line per text that overlaps another, leaves its chart or is smaller than {@link #MIN_FONT_PX}. */
    static List<String> textProblems(JsonNode charts) {
        List<String> problems = new ArrayList<>();
        for (JsonNode c : charts) {
            List<JsonNode> texts = new ArrayList<>();
            c.get("texts").forEach(texts::add);
            for (int i = 0; i < texts.size(); i++) {
                JsonNode a = texts.get(i);
                if (a.get("x").asDouble() < -1 || a.get("x").asDouble() + a.get("w").asDouble() > c.get("width").asDouble() + 1
                        || a.get("y").asDouble() < -1 || a.get("y").asDouble() + a.get("h").asDouble() > c.get("height").asDouble() + 1) {
                    problems.add(c.get("benchmark").asText() + ": '" + a.get("text").asText() + "' leaves its chart " + a);
                }
                if (fontPx(a) < MIN_FONT_PX) {
                    problems.add(c.get("benchmark").asText() + ": '" + a.get("text").asText() + "' is " + fontPx(a) + " px");
                }
                for (int j = i + 1; j < texts.size(); j++) {
                    if (overlap(a, texts.get(j)) > 1) {
                        problems.add(c.get("benchmark").asText() + ": '" + a.get("text").asText() + "' overlaps '"
                                + texts.get(j).get("text").asText() + "'");
                    }
                }
            }
        }
        return problems;
    }

    /**
     * One line per category of a chart whose label was not drawn. A long label wraps, each line its own text in
     * the order drawn, so a label counts as drawn when it is one text or the run of texts it was broken into.
     */
    static List<String> unlabelledCategories(JsonNode charts) {
        List<String> missing = new ArrayList<>();
        for (JsonNode c : charts) {
            List<String> shown = new ArrayList<>();
            StringBuilder drawn = new StringBuilder();
            c.get("texts").forEach(t -> {
                shown.add(t.get("text").asText());
                drawn.append(t.get("text").asText());
            });
            String joined = drawn.toString();
            for (JsonNode category : c.get("categories")) {
                if (!shown.contains(category.asText()) && !joined.contains(category.asText())) {
                    missing.add("label '" + category.asText() + "' of " + c.get("benchmark").asText() + " is not shown");
                }
            }
        }
        return missing;
    }

    /** One line per pair of bars on a log axis where the smaller value draws the longer bar. */
    static List<String> logBarsOutOfOrder(JsonNode charts) {
        List<String> problems = new ArrayList<>();
        for (JsonNode c : charts) {
            if (!c.get("log").asBoolean() || c.get("bars").size() < 2) {
                continue;
            }
            int n = c.get("values").size();
            double[] lengths = new double[n];
            for (JsonNode bar : c.get("bars")) {
                int i = bar.get("index").asInt();
                if (i >= 0 && i < n) {
                    lengths[i] = c.get("horizontal").asBoolean() ? bar.get("w").asDouble() : bar.get("h").asDouble();
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double a = c.get("values").get(i).asDouble();
                    double b = c.get("values").get(j).asDouble();
                    if (a < b && lengths[i] > lengths[j] + 0.5) {
                        problems.add(c.get("benchmark").asText() + ": " + a + " draws " + lengths[i] + " px, longer than " + b + "'s "
                                + lengths[j] + " px");
                    }
                }
            }
        }
        return problems;
    }

    /** The font's size in px from a CSS font string ({@code normal 11px sans-serif}); 12 (ECharts' default) when unnamed. */
    private static double fontPx(JsonNode text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)px").matcher(text.get("font").asText());
        return m.find() ? Double.parseDouble(m.group(1)) : 12;
    }

    private static double overlap(JsonNode a, JsonNode b) {
        double w = Math.min(a.get("x").asDouble() + a.get("w").asDouble(), b.get("x").asDouble() + b.get("w").asDouble())
                - Math.max(a.get("x").asDouble(), b.get("x").asDouble());
        double h = Math.min(a.get("y").asDouble() + a.get("h").asDouble(), b.get("y").asDouble() + b.get("h").asDouble())
                - Math.max(a.get("y").asDouble(), b.get("y").asDouble());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
