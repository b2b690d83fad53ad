package dev.perflab.report;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One results file a report read, and what it says about where its rows were measured.
 *
 * @param path      the file as given
 * @param label     how tables and charts name it: its file name, or the path where two files share a name
 * @param machine   the machine line recorded beside it ({@link MachineHeader}), else the JDK and VM its rows
 *                  name, saying that CPU and cores were not recorded
 * @param runLength the run length recorded beside it ({@code smoke}, {@code quick}, {@code standard},
 *                  {@code full}); empty for files {@code ./lab run} did not write
 */
public record ResultSource(Path path, String label, String machine, Optional<String> runLength) {
    /** The machine line with the run length after it, e.g. {@code JDK 17 … · 2 cores · smoke run}. */
    public String described() {
        return runLength.map(l -> machine + " · " + l + " run").orElse(machine);
    }
}
