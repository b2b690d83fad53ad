package dev.perflab.history;

import java.util.List;

/**
 * A series as one line of block characters, lowest value {@code ▁} to highest {@code █}: the shape of a row's
 * history at a glance in a terminal. Longer series are averaged into {@link #MAX_WIDTH} buckets; NaN values
 * are skipped (a bucket of NaN alone is a space).
 */
public final class Sparkline {
    /** The widest line drawn, in characters. */
    public static final int MAX_WIDTH = 60;
    private static final char[] BLOCKS = "▁▂▃▄▅▆▇█".toCharArray();

    private Sparkline() {
    }

    public static String of(List<Double> values) {
        double[] buckets = buckets(values);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : buckets) {
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        StringBuilder line = new StringBuilder(buckets.length);
        for (double v : buckets) {
            if (Double.isNaN(v)) {
                line.append(' ');
            } else if (max == min) {
                line.append(BLOCKS[BLOCKS.length / 2]);
            } else {
                int level = (int) Math.round((v - min) / (max - min) * (BLOCKS.length - 1));
                line.append(BLOCKS[level]);
            }
        }
        return line.toString();
    }

    /** The values averaged into at most {@link #MAX_WIDTH} consecutive buckets. */
    private static double[] buckets(List<Double> values) {
        int width = Math.min(values.size(), MAX_WIDTH);
        double[] result = new double[width];
        for (int b = 0; b < width; b++) {
            int from = (int) ((long) b * values.size() / width);
            int to = (int) ((long) (b + 1) * values.size() / width);
            double sum = 0;
            int n = 0;
            for (int i = from; i < to; i++) {
                double v = values.get(i);
                if (!Double.isNaN(v)) {
                    sum += v;
                    n++;
                }
            }
            result[b] = n == 0 ? Double.NaN : sum / n;
        }
        return result;
    }
}
