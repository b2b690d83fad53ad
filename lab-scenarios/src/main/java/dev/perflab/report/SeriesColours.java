package dev.perflab.report;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One colour per rung everywhere: a rung's colour follows from its id alone, so {@code r4-…} is the same colour
 * in every chart, PNG or page, of every run. A rung {@code r<N>-…} takes entry N of a 20-colour palette (the naive
 * {@code r0} red, the tuned end blues and purples); a peer or exhibit takes a muted colour chosen by a hash
 * of its id ({@link String#hashCode()} is the same on every JVM). Series that are not rungs (JMH modes, files)
 * take the palette in order. Where two files' series share a chart, the second file's are a shade darker.
 */
public final class SeriesColours {
    private static final List<String> RUNGS = List.of(
            "#d62728", "#ff7f0e", "#bcbd22", "#2ca02c", "#17becf", "#1f77b4", "#9467bd", "#e377c2", "#8c564b",
            "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#31a354", "#756bb1", "#e6550d",
            "#636363", "#6baed6");
    private static final List<String> PEERS = List.of(
            "#7f7f7f", "#525252", "#a55194", "#6b6ecf", "#9c9ede", "#b5cf6b", "#cedb9c", "#e7969c", "#bd9e39",
            "#ad494a");
    private static final Pattern RUNG_NUMBER = Pattern.compile("r(\\d+)-.*");
    /** How much darker each further file's shade of a colour is. */
    private static final double SHADE_PER_FILE = 0.3;

    private SeriesColours() {
    }

    /** The colour of a rung or peer id, as {@code #rrggbb}. */
    public static String rung(String id) {
        Matcher m = RUNG_NUMBER.matcher(id);
        if (m.matches() && m.group(1).length() < 6) {
            return RUNGS.get(Integer.parseInt(m.group(1)) % RUNGS.size());
        }
        return PEERS.get(Math.floorMod(id.hashCode(), PEERS.size()));
    }

    /** The colour of the {@code index}-th series that is not a rung. */
    public static String indexed(int index) {
        return RUNGS.get(Math.floorMod(index + 5, RUNGS.size()));
    }

    /** The colour of a series: its rung's ({@code rung} non-null) or the index's, a shade darker per further file. */
    public static String of(String rung, int seriesIndex, int fileIndex) {
        String base = rung != null ? rung(rung) : indexed(seriesIndex);
        return fileIndex <= 0 ? base : darker(base, Math.min(0.75, SHADE_PER_FILE * fileIndex));
    }

    static String darker(String hex, double by) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        int r = (int) Math.round(((rgb >> 16) & 0xff) * (1 - by));
        int g = (int) Math.round(((rgb >> 8) & 0xff) * (1 - by));
        int b = (int) Math.round((rgb & 0xff) * (1 - by));
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }
}
