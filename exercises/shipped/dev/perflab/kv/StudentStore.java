package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * student — EXERCISE "make the bucket table grow": your rung, between r1 and r2. Start: r1's hash file
 * ({@link SizedBucketStore}) without the expected count: it starts with {@link #INITIAL_BUCKETS} buckets
 * and, like r2, asks for a split whenever the records pass half the buckets. The two methods that make
 * the table grow are yours: {@link #split} and {@link #bucketOf}.
 *
 * <p><b>The task.</b> r1 is fast only because it was told the final count up front; a run that writes more
 * than it said collapses like r0 (report 001). Grow the table one bucket at a time (linear hashing): the
 * file calls {@code split(S, S + N, N)} for the split pointer S, where N = N0·2^L buckets are addressed by
 * the level L, then advances S (and L, once S reaches N, with S back at 0). Your {@code split} moves the
 * records of bucket S that belong to S + N; your {@code bucketOf} finds any key's bucket with the table as it
 * is between two splits. The records never move in the file: a split only re-links two chains.
 *
 * <pre>
 *   N = 4 buckets addressed (L = 0, N0 = 4), S = 1: bucket 0 was split into 0 and 4
 *     bucket:  0    1    2    3  │  4
 *              ▲ split   ▲    ▲  │  ▲ new
 *     a hash h goes to h mod 4; if that is below S, to h mod 8 (0 or 4)
 * </pre>
 *
 * <p>The chain operations you need are inherited: {@code head(bucket)}, {@code setHead(bucket, record)},
 * {@code next(record)}, {@code setNext(record, next)}, {@code hashAt(record)} (0 ends a chain).
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check kv --rung student                          # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run kv --store r1,student,r2 --records 2m        # your rung beside r1 and r2
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r2, {@link LinearHashStore}) are in
 * {@code exercises/README.md}; do not peek at {@link LinearHashChains}'s own {@code split} before trying.
 */
public final class StudentStore extends ChainedHashFile {
    public static final long INITIAL_BUCKETS = 1024;

    public StudentStore(Path dir) throws IOException {
        super(dir, INITIAL_BUCKETS, true);
    }

    /**
     * TODO (exercise): split bucket {@code from} into {@code from} and {@code to} = {@code from + low}.
     * Walk {@code from}'s chain; a record whose hash mod 2·low is {@code to} moves to {@code to}'s chain
     * (empty on entry), every other record stays. Use unsigned arithmetic: hashes are 64-bit and often
     * negative ({@link Long#remainderUnsigned}).
     */
    @Override
    protected void split(long from, long to, long low) {
        throw new UnsupportedOperationException("StudentStore.split is not written yet: make the bucket table grow"
                + " (move the records of bucket " + from + " that belong to bucket " + to + "); see exercises/README.md");
    }

    /**
     * TODO (exercise): the bucket of hash {@code h} when {@code low} buckets are addressed by the level and
     * the first {@code split} of them have been split already. As shipped, this ignores the split pointer:
     * right for r1's table that never splits, wrong once yours does.
     */
    @Override
    protected long bucketOf(long h, long low, long split) {
        return Long.remainderUnsigned(h, low);
    }
}
