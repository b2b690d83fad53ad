package dev.perflab.base;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A heap or young-generation size as the JVM's {@code -Xmx}/{@code -Xmn} take it: a whole number with an
 * optional k, m or g suffix ({@code 1g}, {@code 768m}). Checked here so a typo fails before a child starts.
 *
 * @param bytes the size in bytes
 * @param text  the size as passed to the JVM, lower-case
 */
public record MemorySize(long bytes, String text) {
    /** Smaller heaps than this cannot even hold the prefilled book of a naive rung. */
    static final long MIN_BYTES = 16L << 20;
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,12})([kmgKMG]?)");

    public static MemorySize parse(String option, String text) {
        MemorySize size = any(option, text);
        if (size.bytes < MIN_BYTES) {
            throw new LabException(option + ": " + text + " is too small; at least 16m");
        }
        return size;
    }

    /** Any size ({@code 1g}, {@code 64k}, {@code 300000}), however small; a typo is one line, exit 2. */
    public static MemorySize any(String option, String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new LabException(option + ": expected a size like 1g or 512m, was '" + text + "'");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        long multiplier = switch (unit) {
            case "k" -> 1L << 10;
            case "m" -> 1L << 20;
            case "g" -> 1L << 30;
            default -> 1;
        };
        long bytes = Long.parseLong(m.group(1)) * multiplier;
        return new MemorySize(bytes, m.group(1) + unit);
    }

    /** Three quarters of this size, in whole megabytes: the matrix's large young generation. */
    public MemorySize threeQuarters() {
        long megabytes = bytes * 3 / 4 >> 20;
        return new MemorySize(megabytes << 20, megabytes + "m");
    }

    @Override
    public String toString() {
        return text;
    }
}
