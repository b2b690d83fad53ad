package dev.perflab.cli.component;

import dev.perflab.history.HistoryTarget;
import picocli.CommandLine.Option;

/**
 * {@code --history DB}: where a command's run is recorded ({@code ./lab run}, {@code latency}) or read from
 * ({@code ./lab history}), as a picocli mixin so every command spells it the same way.
 */
public final class HistoryOption {
    @Option(names = "--history", paramLabel = "DB",
            description = "Results history: an SQLite file (default results/history.db), a jdbc:postgresql: URL (docs/history.md),"
                    + " or none; else $" + HistoryTarget.ENV + ".")
    String history;

    /** The history chosen: this option, else {@code -Dperflab.history}, else {@code $PERFLAB_HISTORY}, else the default file. */
    public HistoryTarget target() {
        return HistoryTarget.choose(history);
    }
}
