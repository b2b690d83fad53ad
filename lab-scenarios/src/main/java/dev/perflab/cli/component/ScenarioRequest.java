package dev.perflab.cli.component;

import java.io.PrintWriter;
import java.nio.file.Path;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What {@code ./lab run COMPONENT} asks of a {@link Scenario}. Options the user did not give are null
 * (rate: 0), and only the options the scenario declared can be set.
 *
 * @param rungs     rung names as given ({@code --rung}), or null for the run length's default
 * @param length    the run length
 * @param dir       results folder ({@code --out}, default {@code results/COMPONENT})
 * @param seconds   measured seconds per rung, or null
 * @param rate      offered operations per second, 0 for as fast as it goes
 * @param json      the scenario's own JSON file, or null for its default
 * @param sampleOut where to write a sample of outputs, or null
 * @param link      an emulated link's rate ({@code 100mbit}), or null for loopback
 * @param size      the data size asked for ({@code 1g}), or null for the scenario's default
 * @param console   where progress and the ladder go
 * @param records   most records per rung ({@code --records}), or null
 * @param threads   worker threads ({@code --threads}), or null
 * @param keep      keep the files the run wrote ({@code --keep})
 */
public record ScenarioRequest(List<String> rungs, RunLength length, Path dir, Double seconds, long rate, Path json,
                              Path sampleOut, String link, String size, PrintWriter console, Long records, Integer threads,
                              boolean keep) {
    /** A request without the record, thread and keep options. */
    public ScenarioRequest(List<String> rungs, RunLength length, Path dir, Double seconds, long rate, Path json,
                           Path sampleOut, String link, String size, PrintWriter console) {
        this(rungs, length, dir, seconds, rate, json, sampleOut, link, size, console, null, null, false);
    }

    /** The rungs to run: those named ({@code --rung}), else naive and tuned for a smoke run, else every rung. */
    public <F> List<Entry<F>> rungsOf(Ladder<F> ladder) {
        if (rungs != null) {
            return rungs.stream().map(ladder::resolve).distinct().collect(Collectors.toList());
        }
        return length == RunLength.SMOKE ? List.of(ladder.naive(), ladder.tuned()) : ladder.rungs();
    }

    /** Warm-up seconds per rung by run length: smoke 0.5, quick 1, standard 2, full 3. */
    public double warmupSeconds() {
        switch (length) {
            case SMOKE:
                return 0.5;
            case QUICK:
                return 1;
            case FULL:
                return 3;
            default:
                return 2;
        }
    }

    /** Measured seconds per rung: {@code --seconds}, else smoke 1.5, quick 2, standard 5, full 15. */
    public double measureSeconds() {
        if (seconds != null) {
            return seconds;
        }
        switch (length) {
            case SMOKE:
                return 1.5;
            case QUICK:
                return 2;
            case FULL:
                return 15;
            default:
                return 5;
        }
    }
}
