package dev.perflab.report.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The flame graphs {@code ./lab profile} left beside a results file: it writes
 * {@code DIR/<rung>/<benchmark-params>/flame-<event>-<forward|reverse>.html}, so a profile run with
 * {@code --out} the results folder puts them two folders below the JSON.
 */
final class FlameGraphs {
    /** The JSON's folder, a rung's folder, a benchmark's folder, and the files in it. */
    private static final int DEPTH = 3;

    private FlameGraphs() {
    }

    /**
     * A flame graph found beside a result.
     *
     * @param rung  the first folder under the JSON's (the rung id, where {@code ./lab profile} wrote it)
     * @param label the path under the JSON's folder, e.g. {@code r4-tick-array/…cancelLast-…/flame-cpu-forward.html}
     * @param file  the file
     */
    record Flame(String rung, String label, Path file) {
    }

    static List<Flame> beside(Path json) {
        Path dir = json.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.find(dir, DEPTH, (p, a) -> a.isRegularFile()
                && p.getFileName().toString().startsWith("flame-") && p.getFileName().toString().endsWith(".html"))) {
            return files.sorted().map(p -> {
                Path relative = dir.relativize(p);
                String rung = relative.getNameCount() > 1 ? relative.getName(0).toString() : "";
                return new Flame(rung, relative.toString(), p);
            }).collect(Collectors.toList());
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The link from a page written into {@code pageDir} to the file: relative where it can be. */
    static String href(Path pageDir, Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        try {
            String relative = pageDir.toAbsolutePath().normalize().relativize(absolute).toString();
            return new java.net.URI(null, null, relative.replace(java.io.File.separatorChar, '/'), null).toASCIIString();
        } catch (IllegalArgumentException | java.net.URISyntaxException e) {
            return absolute.toUri().toString();
        }
    }
}
