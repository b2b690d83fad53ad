package dev.perflab.base;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** How far one name is from another, for the "did you mean" and "closest names" of a one-line error. */
public final class EditDistance {
    private EditDistance() {
    }

    /** Edits (insert, delete, replace, swap of neighbours) that turn {@code a} into {@code b}: optimal string alignment. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /**
     * The {@code n} names closest to {@code typed}, closest first, ties in the order given; a name is as close as its
     * closest dotted part ({@code sum} is next to {@code ToySumBenchmark.sum}).
     */
    public static List<String> closest(String typed, Collection<String> names, int n) {
        return names.stream().sorted(Comparator.comparingInt(name -> partDistance(typed, name))).limit(n).toList();
    }

    private static int partDistance(String typed, String name) {
        int best = distance(typed, name);
        for (String part : name.split("\\.")) {
            best = Math.min(best, distance(typed, part));
        }
        return best;
    }
}
