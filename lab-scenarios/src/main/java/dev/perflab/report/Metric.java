package dev.perflab.report;

/**
 * One secondary metric of a JMH result, e.g. {@code ·gc.alloc.rate.norm}.
 *
 * @param score the metric's mean
 * @param error its 99.9% error half-width; NaN when JMH could not compute one
 * @param unit  as JMH wrote it, e.g. {@code B/op}
 */
public record Metric(double score, double error, String unit) {
    /** The separator JMH before 1.37 puts before a secondary metric's own name. */
    private static final char JMH_SEPARATOR = '\u00b7';

    /**
     * A secondary metric's name as JMH 1.37 writes it, whatever JMH wrote it: JMH 1.19 to 1.36 write
     * {@code ·gc.alloc.rate.norm} for {@code gc.alloc.rate.norm}, and a sample row's percentiles after its method,
     * {@code max·p0.50} for {@code p0.50}; a file written in a Windows code page turns the dot into another
     * character, which goes too.
     */
    public static String name(String jmhKey) {
        String key = jmhKey.substring(jmhKey.lastIndexOf(JMH_SEPARATOR) + 1);
        int start = 0;
        while (start < key.length() && !Character.isLetterOrDigit(key.charAt(start))) {
            start++;
        }
        return key.substring(start);
    }
}
