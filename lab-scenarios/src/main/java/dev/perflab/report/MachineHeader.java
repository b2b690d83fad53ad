package dev.perflab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the machine description recorded next to a JMH result: for {@code run.json} the first line of
 * {@code run.machine.txt} (or of {@code run.json.machine.txt}), naming JDK, CPU model and core count.
 */
public final class MachineHeader {
    private MachineHeader() {
    }

    /** The sibling file's first non-blank line, if the file exists and is readable. */
    public static Optional<String> of(Path json) {
        for (Path candidate : candidates(json)) {
            Optional<String> line = firstLine(candidate);
            if (line.isPresent()) {
                return line;
            }
        }
        return Optional.empty();
    }

    public static List<Path> candidates(Path json) {
        String name = json.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return List.of(json.resolveSibling(stem + ".machine.txt"), json.resolveSibling(name + ".machine.txt"));
    }

    private static Optional<String> firstLine(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::strip).filter(l -> !l.isEmpty()).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
