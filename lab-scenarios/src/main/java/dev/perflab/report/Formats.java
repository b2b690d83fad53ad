package dev.perflab.report;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Human-readable numbers for reports: whole numbers with thousands separators from 1,000 up, three significant
 * digits below ({@code 123}, {@code 12.3}, {@code 1.23}, {@code 0.0123}); speedups as {@code ×103} or
 * {@code ×1.18}; allocation as bytes per operation. A magnitude no benchmark measures (a quadrillion and up, or a
 * non-zero below a ten-thousandth) is shown in powers of ten ({@code 1.00e+308}), never as hundreds of digits.
 */
public final class Formats {
    /** Shown where there is no value. */
    static final String NONE = "-";
    /** From here up, and below {@link #SMALLEST_PLAIN}, a number is written with its power of ten. */
    private static final double LARGEST_PLAIN = 1e15;
    private static final double SMALLEST_PLAIN = 1e-4;

    private Formats() {
    }

    /** A score or error, e.g. {@code 12,345,678}, {@code 123}, {@code 1.23}, {@code 0.00456}. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        double a = Math.abs(v);
        if (a >= LARGEST_PLAIN || a != 0 && a < SMALLEST_PLAIN) {
            return String.format(Locale.ROOT, "%.2e", v);
        }
        if (a >= 1000 || a == 0) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%,." + decimalsFor(a, 3) + "f", v);
    }

    /** {@code score ± error unit}, without the error when JMH recorded none. */
    public static String score(Row row) {
        String score = number(row.score());
        return Double.isNaN(row.scoreError())
                ? score + " " + row.unit()
                : score + " ± " + number(row.scoreError()) + " " + row.unit();
    }

    /** A speedup such as {@code ×103}, {@code ×41.2}, {@code ×1.18}, {@code ×0.85} or {@code ×0.012}. */
    public static String speedup(OptionalDouble speedup) {
        if (speedup.isEmpty()) {
            return NONE;
        }
        double x = speedup.getAsDouble();
        if (!Double.isFinite(x) || x <= 0) {
            return NONE;
        }
        if (x >= LARGEST_PLAIN || x < SMALLEST_PLAIN) {
            return "×" + String.format(Locale.ROOT, "%.2e", x);
        }
        if (x >= 100) {
            return "×" + String.format(Locale.ROOT, "%,.0f", x);
        }
        int decimals = x >= 10 ? 1 : x >= 0.1 ? 2 : decimalsFor(x, 2);
        return "×" + String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    /** Bytes allocated per operation: {@code -} when not measured, {@code ≈0} below 0.1 B. */
    static String alloc(Double bytesPerOp) {
        if (bytesPerOp == null || Double.isNaN(bytesPerOp)) {
            return NONE;
        }
        double b = bytesPerOp;
        if (b < 0.1) {
            return "≈0";
        }
        return String.format(Locale.ROOT, b < 10 ? "%.1f" : "%,.0f", b);
    }

    /** A length of time for people: {@code 0.8 s}, {@code 45 s}, {@code 8 min 33 s}, {@code 1 h 05 min}. */
    public static String duration(double seconds) {
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        long minutes = Math.round(seconds / 60);
        return String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60);
    }

    /**
     * A time given on the command line, with its unit ({@code 15m}, {@code 900s}, {@code 1.5h}) or {@code 0}, in seconds:
     * the reverse of {@link #duration}, for options such as {@code --budget}.
     *
     * @param option the option's name, for the error
     * @throws dev.perflab.base.LabException (exit 2) naming the option and what it expects
     */
    public static double durationOption(String option, String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(s|m|min|h)?").matcher(text.trim());
        if (m.matches() && (m.group(2) != null || Double.parseDouble(m.group(1)) == 0)) {
            double value = Double.parseDouble(m.group(1));
            return m.group(2) == null ? 0 : value * switch (m.group(2)) {
                case "s" -> 1;
                case "h" -> 3600;
                default -> 60;
            };
        }
        throw new dev.perflab.base.LabException(option + " '" + text + "' must be a time with its unit, e.g. 15m, 900s or 1h (or 0 for none)");
    }

    /** Decimals that show {@code digits} significant digits of a positive number below 1,000. */
    private static int decimalsFor(double positive, int digits) {
        int magnitude = (int) Math.floor(Math.log10(positive));
        return Math.max(0, digits - 1 - magnitude);
    }
}
