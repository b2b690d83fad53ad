package dev.perflab.base;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A count as people write it on a command line: {@code 2000000}, {@code 500k}, {@code 10m}, {@code 1g} (powers of 1000). */
public final class Counts implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
        return parse(text);
    }

    /** Parses a count; a one-line {@link TypeConversionException} names what is wrong. */
    public static long parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "");
        long scale = 1;
        if (t.endsWith("k")) {
            scale = 1_000L;
        } else if (t.endsWith("m")) {
            scale = 1_000_000L;
        } else if (t.endsWith("g")) {
            scale = 1_000_000_000L;
        }
        String digits = scale == 1 ? t : t.substring(0, t.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), scale);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new TypeConversionException("'" + text + "' is not a count (expected digits with an optional k, m or g, e.g. 10m)");
        }
    }
}
