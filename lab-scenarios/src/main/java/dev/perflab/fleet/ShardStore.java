package dev.perflab.fleet;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Where a shard's results go once it ran: its folder (rows, machine header, manifest), which a CI job uploads and
 * {@code ./lab merge} reads.
 *
 * <p>Every shard's rows also go into the results history, as every run's do ({@code dev.perflab.history}, chosen
 * by {@code PERFLAB_HISTORY}; the Kubernetes manifest passes a {@code jdbc:postgresql://} URL from a Secret), so all
 * the shards of a fleet land in one PostgreSQL, each run with its shard's machine header, host included. What the
 * history does not record yet is which shard of which split a run was: a second store here that adds the manifest's
 * shard and fingerprint to the history's run is the place for it, after which merging the shards is a query over
 * the fingerprint rather than a step over folders.
 */
public interface ShardStore {
    /**
     * Records a shard that ran.
     *
     * @param dir the shard's folder, holding {@code manifest.results()} when it has rows
     */
    void save(ShardManifest manifest, Path dir, PrintWriter console);

    /** The folder store: writes the manifest beside the rows. */
    ShardStore FOLDER = (manifest, dir, console) -> console.println("saved: " + manifest.write(dir));

    /** The stores a shard writes to: its folder. */
    static ShardStore forRun() {
        return FOLDER;
    }
}
