package dev.perflab.cli.component;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

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
}
