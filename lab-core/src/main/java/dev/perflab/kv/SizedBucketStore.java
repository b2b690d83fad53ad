package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * r1-sized-buckets: r0 with the one change the report's comment thread gave: buckets = 2 × the expected
 * records, fixed when the file is created. Chains stay at about half a record, so a put costs the same at
 * the end of the run as at the start. The price: the count must be known up front (a run that writes more
 * than it said collapses like r0, later), and the bucket array (8 bytes × 2 × records) is written from
 * the first put on.
 */
public final class SizedBucketStore extends ChainedHashFile {
    public SizedBucketStore(Path dir, long expectedRecords) throws IOException {
        super(dir, Math.max(1, BUCKETS_PER_RECORD * expectedRecords), false);
    }
}
