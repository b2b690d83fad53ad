package dev.perflab.history;

import java.time.Instant;

/**
 * A run as the history reads it back: enough to label a point with its source.
 *
 * @param id     the run's id in the history (a UUID)
 * @param time   when its results were saved
 * @param length its run length, or null
 */
public record StoredRun(String id, Instant time, GitState git, String length, String machine) {
}
