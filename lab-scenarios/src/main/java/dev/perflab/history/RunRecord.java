package dev.perflab.history;

import java.time.Instant;
import java.util.List;

/**
 * One run as the history stores it: what ran, on which source and machine, and its rows.
 *
 * @param time        when its results were saved
 * @param source      the command: {@code run}, {@code latency}, {@code ab}
 * @param component   e.g. {@code orderbook}
 * @param length      {@code smoke}, {@code quick}, {@code standard}, {@code full}; null where the command has none
 * @param resultsFile the JSON the rows were saved in; null when they were only printed
 */
public record RunRecord(Instant time, GitState git, String source, String component, String length, MachineFacts machine,
                        String resultsFile, List<ResultRow> rows) {
    public RunRecord {
        rows = List.copyOf(rows);
    }
}
