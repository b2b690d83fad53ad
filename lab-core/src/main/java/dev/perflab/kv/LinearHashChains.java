package dev.perflab.kv;

import java.io.IOException;

/**
 * Linear hashing over chained buckets, whatever holds the chains: the address rule, the split, the put and
 * get walks and the counters every hash rung shares. Where the chain links and hashes live is the
 * subclass's: {@link ChainedHashFile} (r0–r3) keeps them in the records of its mapped data file, so a walk
 * or a split reads records; {@link AppendOnlyHashFile} (r4) keeps them in heap arrays beside the record
 * offsets, so a walk or a split reads only the index.
 *
 * <p>A chain is a list of entries, each an id {@code > 0} the subclass gives out (0 ends a chain): an
 * entry has a next entry, the full 64-bit hash of its key and a record (its key and value).
 *
 * <p>Bucket of a key: {@code b = h mod N0·2^L}, and {@code h mod N0·2^(L+1)} if {@code b < S} (linear
 * hashing; with {@code grows} false, L and S stay 0 and this is {@code h mod N0}). A growing table splits
 * bucket S whenever records exceed half the buckets (two splits per new record), moving each entry of that
 * chain to S or {@code S + N0·2^L}, so chains stay short without knowing the final count.
 *
 * <p>The address rule and the split are the two overridable methods {@link #bucketOf(long, long, long)} and
 * {@link #split(long, long, long)}: the exercise's {@code StudentStore} writes them; every rung uses these.
 *
 * <h2>Assumptions and guarantees</h2>
 * Every public method holds the table's one lock ({@code synchronized}): any thread may call any method,
 * one at a time, like Tokyo Cabinet's writer lock. Subclasses call the chain operations only under it.
 */
abstract class LinearHashChains implements HashSegment {
    /** Largest record a put accepts: its header, key and value together (both files' headers are at most this). */
    static final int MAX_RECORD_BYTES = 1 << 20;
    static final int MAX_RECORD_HEADER_BYTES = 24;
    /** A growing table keeps buckets ≥ records × this (the report's advice: twice as many buckets as records). */
    static final int BUCKETS_PER_RECORD = 2;

    /** N0, the bucket count the table was created with. */
    protected final long initialBuckets;
    protected final boolean grows;
    /** Distinct keys stored. */
    protected long count;
    /** L: N0·2^L buckets are addressed by the level. */
    protected int level;
    /** S: the next bucket to split; buckets below it are split already. */
    protected long split;
    private long splits;

    LinearHashChains(long initialBuckets, boolean grows) {
        if (initialBuckets < 1) {
            throw new IllegalArgumentException("initialBuckets must be ≥ 1: " + initialBuckets);
        }
        this.initialBuckets = initialBuckets;
        this.grows = grows;
    }

    // ---- where the chains live: the subclass's ----

    /** The first entry of {@code bucket}'s chain, 0 when empty. */
    protected abstract long head(long bucket);

    protected abstract void setHead(long bucket, long entry);

    /** The entry after {@code entry} in its chain, 0 at the end. */
    protected abstract long next(long entry);

    protected abstract void setNext(long entry, long next);

    /** The full 64-bit hash of {@code entry}'s key. */
    protected abstract long hashAt(long entry);

    /** Whether {@code entry}'s key is {@code key} (called only when the hashes are equal). */
    protected abstract boolean keyEquals(long entry, byte[] key);

    /** A copy of {@code entry}'s value. */
    protected abstract byte[] valueOf(long entry);

    /** Stores a new record and returns its entry, whose chain continues at {@code next}. */
    protected abstract long insert(long next, long h, byte[] key, byte[] value) throws IOException;

    /**
     * Replaces the value of {@code entry}, found in {@code bucket}'s chain after {@code prev} (0 when it is
     * the head); the entry may be replaced by a new one in the chain.
     */
    protected abstract void overwrite(long bucket, long prev, long entry, long h, byte[] key, byte[] value) throws IOException;

    /** Makes room for buckets {@code [0, buckets)}; new buckets are empty. */
    protected abstract void ensureBuckets(long buckets) throws IOException;

    // ---- linear hashing, the same for every rung ----

    /** Buckets in use now: {@code N0·2^L + S}. */
    final synchronized long buckets() {
        return (initialBuckets << level) + split;
    }

    @Override
    public final synchronized boolean put(byte[] key, byte[] value) throws IOException {
        checkSize(key, value);
        upsert(hash(key), key, value);
        return true;
    }

    /**
     * Puts {@code key}: overwrites its entry when the chain holds it, else inserts a new entry at the head
     * of its bucket and splits while the table is fuller than {@link #BUCKETS_PER_RECORD} allows.
     * Caller holds the lock.
     */
    protected final void upsert(long h, byte[] key, byte[] value) throws IOException {
        long bucket = bucketOf(h);
        long prev = 0;
        for (long e = head(bucket); e != 0; prev = e, e = next(e)) {
            if (hashAt(e) == h && keyEquals(e, key)) {
                overwrite(bucket, prev, e, h, key, value);
                return;
            }
        }
        setHead(bucket, insert(head(bucket), h, key, value));
        count++;
        while (grows && count * BUCKETS_PER_RECORD > buckets()) {
            splitOne(); // twice per new record once the table is full: buckets grow as fast as 2 × records
        }
    }

    @Override
    public final synchronized byte[] get(byte[] key) {
        long h = hash(key);
        for (long e = head(bucketOf(h)); e != 0; e = next(e)) {
            if (hashAt(e) == h && keyEquals(e, key)) {
                return valueOf(e);
            }
        }
        return null;
    }

    @Override
    public final synchronized long count() {
        return count;
    }

    @Override
    public final synchronized long longestChain() {
        long longest = 0;
        long n = buckets();
        for (long b = 0; b < n; b++) {
            long length = 0;
            for (long e = head(b); e != 0; e = next(e)) {
                length++;
            }
            longest = Math.max(longest, length);
        }
        return longest;
    }

    /** Bucket splits since open. */
    protected final long splits() {
        return splits;
    }

    /** Linear hashing's step: split bucket S into S and S + N0·2^L, then advance S (and L when S wraps). */
    private void splitOne() throws IOException {
        long low = initialBuckets << level;
        long from = split;
        long to = split + low;
        ensureBuckets(to + 1);
        split(from, to, low);
        splits++;
        if (++split == low) {
            split = 0;
            level++;
        }
    }

    private long bucketOf(long h) {
        return bucketOf(h, initialBuckets << level, split);
    }

    /**
     * Linear hashing's address rule: the bucket of hash {@code h} when {@code low} = N0·2^L buckets are
     * addressed by the level and the first {@code split} of them have been split already (their records
     * live in {@code b} or {@code b + low}, told apart by one more bit of the hash).
     * The exercise's {@code StudentStore} overrides this and {@link #split}.
     */
    protected long bucketOf(long h, long low, long split) {
        long b = Long.remainderUnsigned(h, low);
        return b < split ? Long.remainderUnsigned(h, low << 1) : b;
    }

    /**
     * Splits bucket {@code from} into {@code from} and {@code to} = {@code from + low}: each entry of the
     * chain stays when its hash mod 2·low is {@code from} and moves to {@code to} otherwise. The records
     * do not move; only the chains' links change. Bucket {@code to} is empty on entry.
     */
    protected void split(long from, long to, long low) {
        long keep = 0, move = 0;
        for (long e = head(from); e != 0; ) {
            long next = next(e);
            if (Long.remainderUnsigned(hashAt(e), low << 1) == from) {
                setNext(e, keep);
                keep = e;
            } else {
                setNext(e, move);
                move = e;
            }
            e = next;
        }
        setHead(from, keep);
        setHead(to, move);
    }

    static void checkSize(byte[] key, byte[] value) {
        if (MAX_RECORD_HEADER_BYTES + (long) key.length + value.length > MAX_RECORD_BYTES) {
            throw new IllegalArgumentException("record of " + (key.length + value.length) + " bytes exceeds " + MAX_RECORD_BYTES);
        }
    }

    /** FNV-1a over the key, then MurmurHash3's 64-bit finalizer so every bit of the result depends on every byte. */
    static long hash(byte[] key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93e185ec53bL;
        h ^= h >>> 33;
        return h;
    }
}
