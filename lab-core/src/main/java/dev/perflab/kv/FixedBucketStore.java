package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * r0-fixed-buckets: the report's setup. A hash file with Tokyo Cabinet's default bucket count, 131,071,
 * whatever the number of records: at 10 million records each chain holds about 76 records, and every put
 * walks its chain through the memory map (a cache miss per record, a page fault when the page is cold).
 * The first seconds are fast because the chains are short; the rate then falls as they grow. Report 001
 * measured ~100–140k writes/s for 30 s, then 48k, 6.9k, 5.0k, 810/s (Tokyo Cabinet, 10 threads, 4 cores).
 * One lock for every writer, like Tokyo Cabinet's.
 */
public final class FixedBucketStore extends ChainedHashFile {
    /** Tokyo Cabinet's hash database default {@code bnum}. */
    public static final long DEFAULT_BUCKETS = 131_071;

    public FixedBucketStore(Path dir) throws IOException {
        super(dir, DEFAULT_BUCKETS, false);
    }
}
