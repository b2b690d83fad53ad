package dev.perflab.gate;

import java.util.List;
import java.util.Locale;

/** Gate results as a console table, GitHub markdown (for a pull-request comment) and JUnit XML (for any CI). */
public final class GateOutput {
    private GateOutput() {
    }

    public static String text(List<GateResult> results) {
        int width = results.stream().mapToInt(r -> r.gate().name().length()).max().orElse(4);
        StringBuilder out = new StringBuilder();
        for (GateResult r : results) {
            out.append(String.format(Locale.ROOT, "%-4s  %-" + width + "s  %s%n", !r.checked() ? "SKIP" : r.passed() ? "PASS" : "FAIL",
                    r.gate().name(), !r.checked() ? r.detail() : measured(r)));
        }
        out.append(summary(results)).append('\n');
        return out.toString();
    }

    /** {@code 29 gates: 3 passed, 0 failed, 26 not checked (no results of their component given)}. */
    static String summary(List<GateResult> results) {
        long failed = results.stream().filter(GateResult::failed).count();
        long skipped = results.stream().filter(r -> !r.checked()).count();
        return String.format(Locale.ROOT, "%d gates: %d passed, %d failed", results.size(), results.size() - failed - skipped, failed)
                + (skipped == 0 ? "" : String.format(Locale.ROOT, ", %d not checked (no results of their component given)", skipped));
    }

    /** {@code ×2,143 [×1,870, ×2,460] (threshold ≥ 100)}, or the reason it could not be measured. */
    static String measured(GateResult r) {
        String threshold = "(threshold " + r.threshold() + ")";
        if (Double.isNaN(r.value())) {
            return threshold + ": " + (r.detail().isEmpty() ? "no value was measured" : r.detail());
        }
        boolean ratio = r.unit().equals("×");
        String value = ratio ? "×" + GateEvaluator.format(r.value()) : GateEvaluator.format(r.value()) + " " + r.unit();
        String interval = ratio
                ? "[×" + GateEvaluator.format(r.low()) + ", ×" + GateEvaluator.format(r.high()) + "]"
                : "[" + GateEvaluator.format(r.low()) + ", " + GateEvaluator.format(r.high()) + "]";
        return value + " " + interval + " " + threshold + (r.detail().isEmpty() ? "" : "; " + r.detail());
    }

    public static String markdown(List<GateResult> results, String header) {
        long failed = results.stream().filter(GateResult::failed).count();
        long checked = results.stream().filter(GateResult::checked).count();
        StringBuilder out = new StringBuilder();
        out.append("### perflab gates: ").append(failed == 0 ? "all " + checked + " passed" : failed + " of "
                + checked + " failed").append(checked < results.size() ? " (" + (results.size() - checked) + " not checked)" : "")
                .append("\n\n").append(header).append("\n\n");
        out.append("| | gate | measured | interval | threshold | note |\n|---|---|---|---|---|---|\n");
        for (GateResult r : results) {
            boolean ratio = r.unit().equals("×");
            String value = Double.isNaN(r.value()) ? "-" : (ratio ? "×" : "") + GateEvaluator.format(r.value())
                    + (ratio ? "" : " " + r.unit());
            String interval = Double.isNaN(r.value()) ? "-"
                    : GateEvaluator.format(r.low()) + " … " + GateEvaluator.format(r.high());
            out.append("| ").append(!r.checked() ? "➖" : r.passed() ? "✅" : "❌").append(" | ").append(cell(r.gate().name()))
                    .append(" | ").append(value).append(" | ").append(interval).append(" | ")
                    .append(cell(r.threshold())).append(" | ").append(cell(r.detail())).append(" |\n");
        }
        return out.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    public static String junitXml(List<GateResult> results) {
        long failed = results.stream().filter(GateResult::failed).count();
        long skipped = results.stream().filter(r -> !r.checked()).count();
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append(String.format(Locale.ROOT, "<testsuite name=\"perflab gates\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
                results.size(), failed, skipped));
        for (GateResult r : results) {
            out.append("  <testcase classname=\"perflab.gates\" name=\"").append(xml(r.gate().name())).append("\"");
            if (!r.checked()) {
                out.append(">\n    <skipped message=\"").append(xml(r.detail())).append("\"/>\n  </testcase>\n");
            } else if (r.passed()) {
                out.append(">\n    <system-out>").append(xml(measured(r))).append("</system-out>\n  </testcase>\n");
            } else {
                out.append(">\n    <failure message=\"").append(xml(measured(r))).append("\"/>\n  </testcase>\n");
            }
        }
        return out.append("</testsuite>\n").toString();
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
