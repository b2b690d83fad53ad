package dev.perflab.cli.profile;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A differential flame graph of two profiles: where B spends more of its samples than A, and the reverse.
 *
 * <p>Each JFR recording is turned into collapsed stacks with async-profiler's converter
 * ({@code tools.profiler:jfr-converter}), each stack's count is normalized to its profile's total, and the
 * positive differences are written as two collapsed files and rendered as two flame graphs by the same
 * converter (it has no diff mode of its own): {@code diff-A-to-B-more-in-B.html} shows what B does more of,
 * {@code …-more-in-A.html} what A does more of. Widths are shares of a profile, in parts per million.
 */
public final class DifferentialFlameGraph {
    private static final double PARTS = 1_000_000;

    private DifferentialFlameGraph() {
    }

    /** Writes the two graphs into {@code dir}; returns their paths (more in B, more in A). */
    public static List<Path> write(Path jfrA, String nameA, Path jfrB, String nameB, String event, Path dir)
            throws IOException {
        Map<String, Double> a = shares(collapsed(jfrA, event, dir.resolve(nameA + ".collapsed")));
        Map<String, Double> b = shares(collapsed(jfrB, event, dir.resolve(nameB + ".collapsed")));
        String base = "diff-" + nameA + "-to-" + nameB;
        Path moreInB = render(difference(b, a), dir.resolve(base + "-more-in-" + nameB),
                "more in " + nameB + " than in " + nameA);
        Path moreInA = render(difference(a, b), dir.resolve(base + "-more-in-" + nameA),
                "more in " + nameA + " than in " + nameB);
        return List.of(moreInB, moreInA);
    }

    /** The names of the files {@link #write} writes into its folder: each side's stacks, then each graph's. */
    public static List<String> files(String nameA, String nameB) {
        String base = "diff-" + nameA + "-to-" + nameB;
        return List.of(nameA + ".collapsed", nameB + ".collapsed", base + "-more-in-" + nameB + ".collapsed",
                base + "-more-in-" + nameB + ".html", base + "-more-in-" + nameA + ".collapsed", base + "-more-in-" + nameA + ".html");
    }

    private static Path collapsed(Path jfr, String event, Path out) throws IOException {
        JfrConverter.convert(jfr, out, JfrConverter.eventOption(event), "-o", "collapsed");
        return out;
    }

    /** Each stack's share of all samples. */
    static Map<String, Double> shares(Path collapsed) throws IOException {
        Map<String, Double> counts = new HashMap<>();
        double total = 0;
        for (String line : Files.readAllLines(collapsed, StandardCharsets.UTF_8)) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            double n = Double.parseDouble(line.substring(space + 1).trim());
            counts.merge(line.substring(0, space), n, Double::sum);
            total += n;
        }
        if (total == 0) {
            throw new IOException(collapsed + ": the profile has no samples; profile longer or pick another --event");
        }
        double sum = total;
        counts.replaceAll((stack, n) -> n / sum);
        return counts;
    }

    /** Stacks whose share is larger in {@code more} than in {@code less}, with the surplus in parts per million. */
    static Map<String, Long> difference(Map<String, Double> more, Map<String, Double> less) {
        Map<String, Long> surplus = new HashMap<>();
        more.forEach((stack, share) -> {
            long ppm = Math.round((share - less.getOrDefault(stack, 0.0)) * PARTS);
            if (ppm > 0) {
                surplus.put(stack, ppm);
            }
        });
        return surplus;
    }

    private static Path render(Map<String, Long> stacks, Path base, String title) throws IOException {
        Path collapsed = base.resolveSibling(base.getFileName() + ".collapsed");
        try (BufferedWriter w = Files.newBufferedWriter(collapsed, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Long> e : stacks.entrySet()) {
                w.write(e.getKey() + " " + e.getValue() + "\n");
            }
        }
        Path html = base.resolveSibling(base.getFileName() + ".html");
        JfrConverter.convert(collapsed, html, "-o", "html", "--title", title);
        return html;
    }
}
