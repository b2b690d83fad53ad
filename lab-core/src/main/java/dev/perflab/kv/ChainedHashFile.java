package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The disk-backed hash store the rungs share: a bucket array and an append-only record area, both in
 * memory-mapped files, the layout idea of Tokyo Cabinet's hash database (a bucket array of offsets, each
 * bucket the head of a chain of records). A put walks one chain; so does a get. With a fixed bucket
 * count the chains grow with the records, and so does every put: that is the collapse of report 001.
 *
 * <pre>
 *   kv.idx                                         kv.dat
 *   ┌──────────────────────────────┐ 0             ┌───────────────┐ 0
 *   │ magic "PLKVHASH"        8 B  │               │ magic   8 B   │
 *   │ recordCount             8 B  │               ├───────────────┤ 8   one record (8-byte aligned,
 *   │ dataEnd (kv.dat bytes)  8 B  │      ┌──────▶ │ next    8 B ──┼──┐  never across a map chunk)
 *   │ initialBuckets N0       8 B  │      │        │ hash    8 B   │  │
 *   │ level L   4 B │ grows 4 B    │      │        │ keyLen  4 B   │  │
 *   │ split pointer S         8 B  │      │        │ valLen  4 B   │  │
 *   │ (reserved)             16 B  │      │        │ key, value    │  │
 *   ├──────────────────────────────┤ 64   │        ├───────────────┤ ◀┘  next record of the chain
 *   │ bucket 0: offset of head 8 B │──────┘        │ …             │     (0 ends the chain)
 *   │ bucket 1                     │               └───────────────┘
 *   │ … N0·2^L + S buckets         │
 *   └──────────────────────────────┘
 * </pre>
 *
 * <p>Bucket of a key: {@code b = h mod N0·2^L}, and {@code h mod N0·2^(L+1)} if {@code b < S} (linear
 * hashing; with {@code grows} false, L and S stay 0 and this is {@code h mod N0}). A growing file splits
 * bucket S whenever records exceed half the buckets (two splits per new record), moving each record of that chain to S or
 * {@code S + N0·2^L}, so chains stay short without knowing the final count. An overwrite with a value of
 * the same length writes in place; otherwise the new record replaces the old one in its chain and the old
 * bytes stay unused (no compaction).
 *
 * <p>The address rule and the split are the two overridable methods {@link #bucketOf(long, long, long)} and
 * {@link #split(long, long, long)}: the exercise's {@code StudentStore} writes them; every rung uses these.
 * The file reports its own counters ({@link HashCounters}: buckets, splits, chunks mapped and the time
 * spent mapping them), so a run can tell chain walks, splits and file growth apart.
 *
 * <h2>Assumptions and guarantees</h2>
 * Every public method holds the file's one lock ({@code synchronized}): any thread may call any method,
 * one at a time, like Tokyo Cabinet's writer lock. {@link #close()} writes the header and forces the
 * pages to disk; a reopen of the folder sees every put that returned.
 */
class ChainedHashFile implements KvStore, HashCounters {
    static final int MAP_CHUNK_BYTES = 64 << 20;
    static final int MAX_RECORD_BYTES = 1 << 20;
    /** A growing file keeps buckets ≥ records × this (the report's advice: twice as many buckets as records). */
    static final int BUCKETS_PER_RECORD = 2;

    private static final long MAGIC = 0x504C4B5648415348L; // "PLKVHASH"
    private static final int HEADER_BYTES = 64;
    private static final int RECORD_HEADER_BYTES = 24;
    private static final long H_COUNT = 8, H_DATA_END = 16, H_N0 = 24, H_LEVEL = 32, H_GROWS = 36, H_SPLIT = 40;

    private final MappedFile index;
    private final MappedFile data;
    private final long initialBuckets;
    private final boolean grows;
    private long count;
    private long dataEnd;
    private int level;
    private long split;
    private long splits;

    /**
     * Opens the store in {@code dir}, or creates it with {@code initialBuckets} buckets. A store that
     * exists keeps its own bucket count and growth setting, whatever is asked now.
     */
    ChainedHashFile(Path dir, long initialBuckets, boolean grows) throws IOException {
        this(dir, initialBuckets, grows, MAP_CHUNK_BYTES);
    }

    ChainedHashFile(Path dir, long initialBuckets, boolean grows, int chunkBytes) throws IOException {
        if (initialBuckets < 1) {
            throw new IllegalArgumentException("initialBuckets must be ≥ 1: " + initialBuckets);
        }
        Files.createDirectories(dir);
        this.index = new MappedFile(dir.resolve("kv.idx"), chunkBytes);
        this.data = new MappedFile(dir.resolve("kv.dat"), chunkBytes);
        if (index.getLong(0) == MAGIC) {
            this.count = index.getLong(H_COUNT);
            this.dataEnd = index.getLong(H_DATA_END);
            this.initialBuckets = index.getLong(H_N0);
            this.level = index.getInt(H_LEVEL);
            this.grows = index.getInt(H_GROWS) != 0;
            this.split = index.getLong(H_SPLIT);
        } else {
            this.initialBuckets = initialBuckets;
            this.grows = grows;
            this.dataEnd = 8;
            data.putLong(0, MAGIC);
            index.ensureCapacity(bucketOffset(initialBuckets));
            index.putLong(H_N0, initialBuckets);
            index.putInt(H_GROWS, grows ? 1 : 0);
            writeHeader();
            index.putLong(0, MAGIC);
        }
        index.ensureCapacity(bucketOffset(buckets()));
        data.ensureCapacity(dataEnd);
    }

    /** Buckets in use now: {@code N0·2^L + S}. */
    final synchronized long buckets() {
        return (initialBuckets << level) + split;
    }

    @Override
    public final synchronized boolean put(byte[] key, byte[] value) throws IOException {
        if (RECORD_HEADER_BYTES + (long) key.length + value.length > MAX_RECORD_BYTES) {
            throw new IllegalArgumentException("record of " + (key.length + value.length) + " bytes exceeds " + MAX_RECORD_BYTES);
        }
        long h = hash(key);
        long bucket = bucketOffset(bucketOf(h));
        long prev = -1;
        for (long rec = index.getLong(bucket); rec != 0; prev = rec, rec = data.getLong(rec)) {
            if (matches(rec, h, key)) {
                if (data.getInt(rec + 20) == value.length) {
                    data.put(rec + RECORD_HEADER_BYTES + key.length, value);
                } else {
                    long fresh = append(data.getLong(rec), h, key, value);
                    link(bucket, prev, fresh);
                }
                return true;
            }
        }
        long fresh = append(index.getLong(bucket), h, key, value);
        index.putLong(bucket, fresh);
        count++;
        while (grows && count * BUCKETS_PER_RECORD > buckets()) {
            splitOne(); // twice per new record once the file is full: buckets grow as fast as 2 × records
        }
        return true;
    }

    @Override
    public final synchronized byte[] get(byte[] key) {
        long h = hash(key);
        for (long rec = index.getLong(bucketOffset(bucketOf(h))); rec != 0; rec = data.getLong(rec)) {
            if (matches(rec, h, key)) {
                byte[] value = new byte[data.getInt(rec + 20)];
                data.get(rec + RECORD_HEADER_BYTES + key.length, value);
                return value;
            }
        }
        return null;
    }

    @Override
    public final synchronized long count() {
        return count;
    }

    @Override
    public synchronized void close() throws IOException {
        writeHeader();
        data.close();
        index.close();
    }

    @Override
    public final synchronized Counters counters() {
        return new Counters(count, buckets(), splits, index.maps() + data.maps(), index.mapNanos() + data.mapNanos(),
                index.mappedBytes() + data.mappedBytes());
    }

    @Override
    public final synchronized long longestChain() {
        long longest = 0;
        long n = buckets();
        for (long b = 0; b < n; b++) {
            long length = 0;
            for (long rec = head(b); rec != 0; rec = next(rec)) {
                length++;
            }
            longest = Math.max(longest, length);
        }
        return longest;
    }

    private void writeHeader() {
        index.putLong(H_COUNT, count);
        index.putLong(H_DATA_END, dataEnd);
        index.putInt(H_LEVEL, level);
        index.putLong(H_SPLIT, split);
    }

    private boolean matches(long rec, long h, byte[] key) {
        return data.getLong(rec + 8) == h && data.getInt(rec + 16) == key.length
                && data.equalsAt(rec + RECORD_HEADER_BYTES, key);
    }

    private void link(long bucket, long prev, long rec) {
        if (prev < 0) {
            index.putLong(bucket, rec);
        } else {
            data.putLong(prev, rec);
        }
    }

    /** Appends a record whose chain continues at {@code next}; returns its offset. */
    private long append(long next, long h, byte[] key, byte[] value) throws IOException {
        long length = (RECORD_HEADER_BYTES + key.length + value.length + 7) & ~7L;
        long at = dataEnd;
        if ((at & (data.chunkBytes() - 1)) + length > data.chunkBytes()) {
            at = (at + data.chunkBytes()) & -data.chunkBytes();
        }
        data.ensureCapacity(at + length);
        data.putLong(at, next);
        data.putLong(at + 8, h);
        data.putInt(at + 16, key.length);
        data.putInt(at + 20, value.length);
        data.put(at + RECORD_HEADER_BYTES, key);
        data.put(at + RECORD_HEADER_BYTES + key.length, value);
        dataEnd = at + length;
        return at;
    }

    /** Linear hashing's step: split bucket S into S and S + N0·2^L, then advance S (and L when S wraps). */
    private void splitOne() throws IOException {
        long low = initialBuckets << level;
        long from = split;
        long to = split + low;
        index.ensureCapacity(bucketOffset(to + 1));
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
     * Splits bucket {@code from} into {@code from} and {@code to} = {@code from + low}: each record of the
     * chain stays when its hash mod 2·low is {@code from} and moves to {@code to} otherwise. The records
     * do not move in the file; only the chains' links change. Bucket {@code to} is empty on entry.
     */
    protected void split(long from, long to, long low) {
        long keep = 0, move = 0;
        for (long rec = head(from); rec != 0; ) {
            long next = next(rec);
            if (Long.remainderUnsigned(hashAt(rec), low << 1) == from) {
                setNext(rec, keep);
                keep = rec;
            } else {
                setNext(rec, move);
                move = rec;
            }
            rec = next;
        }
        setHead(from, keep);
        setHead(to, move);
    }

    /** The first record of {@code bucket}'s chain (its offset in kv.dat), 0 when empty. */
    protected final long head(long bucket) {
        return index.getLong(bucketOffset(bucket));
    }

    protected final void setHead(long bucket, long rec) {
        index.putLong(bucketOffset(bucket), rec);
    }

    /** The record after {@code rec} in its chain, 0 at the end. */
    protected final long next(long rec) {
        return data.getLong(rec);
    }

    protected final void setNext(long rec, long next) {
        data.putLong(rec, next);
    }

    /** The full 64-bit hash stored with record {@code rec}. */
    protected final long hashAt(long rec) {
        return data.getLong(rec + 8);
    }

    private static long bucketOffset(long bucket) {
        return HEADER_BYTES + bucket * 8;
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
