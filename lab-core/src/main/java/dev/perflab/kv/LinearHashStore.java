package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * r2-growing: r1 without knowing the count. The file starts with {@link #INITIAL_BUCKETS} buckets and
 * splits a bucket whenever records pass half the buckets (two per new record from then on) (linear hashing, Litwin 1980): the
 * bucket array doubles a bucket at a time, never all at once, so no put pays for a full rehash and chains
 * stay at about half a record at any size. Each split re-links one short chain; the records do not move.
 */
public final class LinearHashStore extends ChainedHashFile {
    public static final long INITIAL_BUCKETS = 1024;

    public LinearHashStore(Path dir) throws IOException {
        super(dir, INITIAL_BUCKETS, true);
    }
}
