package dev.perflab.fleet;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a shard's results go once it ran. Today: its folder ({@code --out}), rows, machine header and manifest,
 * which a CI job uploads and {@code ./lab merge} reads.
 *
 * <p>The one place a results database plugs in: a store that records each shard's rows (with the manifest's
 * shard, fingerprint and machine) into one PostgreSQL, chosen by {@value #DATABASE_VARIABLE} (the Kubernetes
 * manifest sets it from a Secret), is a second implementation returned by {@link #forRun} beside the folder. With
 * every shard writing into one database, the merge is a query over the fingerprint instead of a file step.
 */
public interface ShardStore {
    /** A results database's URL, e.g. {@code postgresql://…}; set by the Kubernetes manifest from a Secret. */
    String DATABASE_VARIABLE = "PERFLAB_RESULTS_URL";

    /**
     * Records a shard that ran.
     *
     * @param dir  the shard's folder, holding {@code manifest.results()} when it has rows
     */
    void save(ShardManifest manifest, Path dir, PrintWriter console);

    /** The folder store: writes the manifest beside the rows. */
    ShardStore FOLDER = (manifest, dir, console) -> console.println("saved: " + manifest.write(dir));

    /** The stores a run writes to: the folder, and a line when a database is named that this lab cannot write yet. */
    static ShardStore forRun(Map<String, String> env) {
        if (env.get(DATABASE_VARIABLE) == null) {
            return FOLDER;
        }
        return (manifest, dir, console) -> {
            FOLDER.save(manifest, dir, console);
            console.println("lab: " + DATABASE_VARIABLE + " is set, but this lab writes shards to their folders only;"
                    + " ./lab merge puts them together");
        };
    }
}
