package dev.perflab.cli.latency;

import dev.perflab.base.LabException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective such as {@code p99.9=1ms}: the given percentile of the intended-start latency must
 * not exceed the threshold.
 *
 * @param percentile      in (0, 100]
 * @param thresholdNanos  the largest latency that still passes
 * @param text            as the user wrote it
 */
record Slo(double percentile, double thresholdNanos, String text) {
    static final String EXAMPLE = "p99.9=1ms";
    private static final Pattern SYNTAX = Pattern.compile("p([0-9]+(?:\\.[0-9]+)?)=([0-9]+(?:\\.[0-9]+)?)(ns|us|µs|ms|s)");

    static Slo parse(String text) {
        Matcher m = SYNTAX.matcher(text.trim());
        if (!m.matches()) {
            throw bad(text, "expected p<percentile>=<number><unit> with unit ns, us, µs, ms or s");
        }
        double percentile = Double.parseDouble(m.group(1));
        if (!(percentile > 0 && percentile <= 100)) {
            throw bad(text, "the percentile must be in (0, 100]");
        }
        double threshold = Double.parseDouble(m.group(2)) * nanosPer(m.group(3));
        if (!(threshold > 0)) {
            throw bad(text, "the threshold must be positive");
        }
        return new Slo(percentile, threshold, text.trim());
    }

    private static double nanosPer(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
    }

    private static LabException bad(String text, String problem) {
        return new LabException("--slo '" + text + "': " + problem + ", e.g. --slo " + EXAMPLE);
    }

    double thresholdMicros() {
        return thresholdNanos / 1e3;
    }

    /** {@code p99.9}: how the percentile is named in output. */
    String percentileLabel() {
        return "p" + percentileText();
    }

    /** The key of this percentile in a child's result JSON, e.g. {@code p99_9_us}. */
    String jsonKey() {
        return LatencyChild.percentileKey(percentile);
    }

    private String percentileText() {
        String s = String.format(Locale.ROOT, "%s", percentile);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
