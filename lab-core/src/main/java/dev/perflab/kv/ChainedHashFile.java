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
 * <p>The linear hashing (address rule, split, put and get walks) is {@link LinearHashChains}'s; this file
 * holds the chains: an entry is a record's offset in kv.dat, its link and hash are the record's first
 * 16 bytes. An overwrite with a value of the same length writes in place; otherwise the new record replaces
 * the old one in its chain and the old bytes stay unused (no compaction).
 *
 * <p>The file reports its own counters ({@link HashCounters}: buckets, splits, chunks mapped and the time
 * spent mapping them), so a run can tell chain walks, splits and file growth apart.
 *
 * <h2>Assumptions and guarantees</h2>
 * As {@link LinearHashChains}: every public method holds the file's one lock. {@link #close()} writes the
 * header and forces the pages to disk; a reopen of the folder sees every put that returned.
 */
class ChainedHashFile extends LinearHashChains {
    static final int MAP_CHUNK_BYTES = 64 << 20;

    private static final long MAGIC = 0x504C4B5648415348L; // "PLKVHASH"
    private static final int HEADER_BYTES = 64;
    private static final int RECORD_HEADER_BYTES = 24;
    private static final long H_COUNT = 8, H_DATA_END = 16, H_N0 = 24, H_LEVEL = 32, H_GROWS = 36, H_SPLIT = 40;

    private final MappedFile index;
    private final MappedFile data;
    private long dataEnd;

    /**
     * Opens the store in {@code dir}, or creates it with {@code initialBuckets} buckets. A store that
     * exists keeps its own bucket count and growth setting, whatever is asked now.
     */
    ChainedHashFile(Path dir, long initialBuckets, boolean grows) throws IOException {
        this(dir, initialBuckets, grows, MAP_CHUNK_BYTES);
    }

    ChainedHashFile(Path dir, long initialBuckets, boolean grows, int chunkBytes) throws IOException {
        this(dir, openIndex(dir, chunkBytes), initialBuckets, grows, chunkBytes);
    }

    private ChainedHashFile(Path dir, MappedFile index, long initialBuckets, boolean grows, int chunkBytes) throws IOException {
        super(index.getLong(0) == MAGIC ? index.getLong(H_N0) : initialBuckets,
                index.getLong(0) == MAGIC ? index.getInt(H_GROWS) != 0 : grows);
        this.index = index;
        this.data = new MappedFile(dir.resolve("kv.dat"), chunkBytes);
        if (index.getLong(0) == MAGIC) {
            this.count = index.getLong(H_COUNT);
            this.dataEnd = index.getLong(H_DATA_END);
            this.level = index.getInt(H_LEVEL);
            this.split = index.getLong(H_SPLIT);
        } else {
            this.dataEnd = 8;
            data.putLong(0, MAGIC);
            index.ensureCapacity(bucketOffset(this.initialBuckets));
            index.putLong(H_N0, this.initialBuckets);
            index.putInt(H_GROWS, this.grows ? 1 : 0);
            writeHeader();
            index.putLong(0, MAGIC);
        }
        index.ensureCapacity(bucketOffset(buckets()));
        data.ensureCapacity(dataEnd);
    }

    private static MappedFile openIndex(Path dir, int chunkBytes) throws IOException {
        Files.createDirectories(dir);
        return new MappedFile(dir.resolve("kv.idx"), chunkBytes);
    }

    @Override
    public synchronized void close() throws IOException {
        writeHeader();
        data.close();
        index.close();
    }

    @Override
    public final synchronized Counters counters() {
        return new Counters(count, buckets(), splits(), index.maps() + data.maps(), index.mapNanos() + data.mapNanos(),
                index.mappedBytes() + data.mappedBytes());
    }

    private void writeHeader() {
        index.putLong(H_COUNT, count);
        index.putLong(H_DATA_END, dataEnd);
        index.putInt(H_LEVEL, level);
        index.putLong(H_SPLIT, split);
    }

    @Override
    protected final boolean keyEquals(long rec, byte[] key) {
        return data.getInt(rec + 16) == key.length && data.equalsAt(rec + RECORD_HEADER_BYTES, key);
    }

    @Override
    protected final byte[] valueOf(long rec) {
        byte[] value = new byte[data.getInt(rec + 20)];
        data.get(rec + RECORD_HEADER_BYTES + data.getInt(rec + 16), value);
        return value;
    }

    @Override
    protected final void overwrite(long bucket, long prev, long rec, long h, byte[] key, byte[] value) throws IOException {
        if (data.getInt(rec + 20) == value.length) {
            data.put(rec + RECORD_HEADER_BYTES + key.length, value);
            return;
        }
        long fresh = insert(next(rec), h, key, value);
        if (prev == 0) {
            setHead(bucket, fresh);
        } else {
            setNext(prev, fresh);
        }
    }

    /** Appends a record whose chain continues at {@code next}; returns its offset. */
    @Override
    protected final long insert(long next, long h, byte[] key, byte[] value) throws IOException {
        long length = (RECORD_HEADER_BYTES + key.length + value.length + 7) & ~7L;
        long at = data.fitInChunk(dataEnd, length);
        data.putLong(at, next);
        data.putLong(at + 8, h);
        data.putKeyValue(at + 16, key, value);
        dataEnd = at + length;
        return at;
    }

    @Override
    protected final void ensureBuckets(long buckets) throws IOException {
        index.ensureCapacity(bucketOffset(buckets));
    }

    /** The first record of {@code bucket}'s chain (its offset in kv.dat), 0 when empty. */
    @Override
    protected final long head(long bucket) {
        return index.getLong(bucketOffset(bucket));
    }

    @Override
    protected final void setHead(long bucket, long rec) {
        index.putLong(bucketOffset(bucket), rec);
    }

    /** The record after {@code rec} in its chain, 0 at the end. */
    @Override
    protected final long next(long rec) {
        return data.getLong(rec);
    }

    @Override
    protected final void setNext(long rec, long next) {
        data.putLong(rec, next);
    }

    /** The full 64-bit hash stored with record {@code rec}. */
    @Override
    protected final long hashAt(long rec) {
        return data.getLong(rec + 8);
    }

    private static long bucketOffset(long bucket) {
        return HEADER_BYTES + bucket * 8;
    }
}
