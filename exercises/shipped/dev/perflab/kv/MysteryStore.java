package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * mystery — a lab with a hidden cause: a correct store, slower than it should be. The brief is in
 * {@code exercises/mysteries.md}; {@code ./lab grade kv --rung mystery} says PASS once it is fixed.
 *
 * <p>r2's linear hashing ({@link LinearHashStore}: a bucket table that grows by one split at a time), keeping the
 * longest chain any split has left behind, for the store's report.
 */
public final class MysteryStore extends ChainedHashFile {
    public static final long INITIAL_BUCKETS = 1024;
    private long worstChain;

    public MysteryStore(Path dir) throws IOException {
        super(dir, INITIAL_BUCKETS, true);
    }

    /** The longest chain a split has left, in records. */
    public synchronized long worstChain() {
        return worstChain;
    }

    @Override
    protected void split(long from, long to, long low) {
        super.split(from, to, low);
        worstChain = Math.max(worstChain, longestChain());
    }
}
