package dev.perflab.kv;

/**
 * What one harness run measured and found.
 *
 * @param store       the ladder id
 * @param timeline    successful puts per second
 * @param puts        puts the writers counted as successful
 * @param failedPuts  puts the store refused ({@code put} returned false)
 * @param finalCount  records in the store after the run, counted after closing and reopening it
 * @param seconds     how long the writers ran
 * @param error       the first exception a writer, the close or the reopen threw, or null
 * @param counters    the store's own counters at the end of the writes ({@link HashCounters}), or null for a
 *                    store without them
 */
public record KvRunResult(String store, KvTimeline timeline, long puts, long failedPuts, long finalCount,
                          double seconds, String error, HashCounters.Counters counters) {
    /** A result without store counters (a peer, or a run that never happened). */
    public KvRunResult(String store, KvTimeline timeline, long puts, long failedPuts, long finalCount, double seconds, String error) {
        this(store, timeline, puts, failedPuts, finalCount, seconds, error, null);
    }

    /** The count check: no error, no refused put, and the reopened store holds exactly the successful puts. */
    public boolean countMatches() {
        return error == null && failedPuts == 0 && finalCount == puts;
    }

    /** Why the check failed, one line, or null if it passed. */
    public String failure() {
        if (error != null) {
            return store + ": " + error;
        }
        if (failedPuts != 0) {
            return store + ": " + failedPuts + " puts refused by the store";
        }
        if (finalCount != puts) {
            return store + ": reopened store holds " + finalCount + " records but " + puts + " puts succeeded";
        }
        return null;
    }
}
