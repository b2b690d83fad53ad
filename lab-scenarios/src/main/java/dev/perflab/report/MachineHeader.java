package dev.perflab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the machine description recorded next to a JMH result: for {@code run.json} the first line of
 * {@code run.machine.txt} (or of {@code run.json.machine.txt}), naming JDK, CPU model and core count, and the
 * run length on a later {@code run length: …} line when {@code ./lab run} wrote it.
 */
public final class MachineHeader {
    /** How the machine file names the run length (written by {@code dev.perflab.results.RunFolder#writeMachine}). */
    static final String RUN_LENGTH = "run length:";
    /** How the machine file names the command line that made the rows (also {@code RunFolder#writeMachine}). */
    static final String COMMAND = "command:";

    private MachineHeader() {
    }

    /** The sibling file's first non-blank line, if the file exists and is readable. */
    public static Optional<String> of(Path json) {
        return lines(json).stream().findFirst();
    }

    /** The run length recorded beside the file ({@code smoke}, {@code quick}, {@code standard}, {@code full}). */
    public static Optional<String> runLength(Path json) {
        return lines(json).stream().skip(1)
                .filter(l -> l.toLowerCase(Locale.ROOT).startsWith(RUN_LENGTH))
                .map(l -> l.substring(RUN_LENGTH.length()).strip())
                .filter(l -> !l.isEmpty()).findFirst();
    }

    /** The command line that made the file, recorded beside it ({@code command: …}) by runs since the lab records it. */
    public static Optional<String> command(Path json) {
        return lines(json).stream().skip(1)
                .filter(l -> l.toLowerCase(Locale.ROOT).startsWith(COMMAND))
                .map(l -> l.substring(COMMAND.length()).strip())
                .filter(l -> !l.isEmpty()).findFirst();
    }

    public static List<Path> candidates(Path json) {
        return dev.perflab.base.Inputs.machineFiles(json);
    }

    /** The non-blank lines of the first candidate file that has any. */
    private static List<String> lines(Path json) {
        for (Path candidate : candidates(json)) {
            List<String> lines = nonBlankLines(candidate);
            if (!lines.isEmpty()) {
                return lines;
            }
        }
        return List.of();
    }

    private static List<String> nonBlankLines(Path file) {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::strip).filter(l -> !l.isEmpty()).toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
