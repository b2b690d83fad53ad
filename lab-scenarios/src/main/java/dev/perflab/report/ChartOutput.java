package dev.perflab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@link LadderReport#png} did: the chart files written and, when rendering failed part-way or entirely
 * (no fonts on a bare server, an unwritable folder), a one-line warning instead of an exception.
 *
 * @param files   the PNG files written, in group order
 * @param warning one line saying why charts are missing; empty when all were written
 */
public record ChartOutput(List<Path> files, Optional<String> warning) {
    public ChartOutput {
        files = List.copyOf(files);
    }
}
