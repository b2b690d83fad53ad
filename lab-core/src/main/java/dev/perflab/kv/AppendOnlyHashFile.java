package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One segment of r4 ({@link AppendOnlyStore}): r3's linear hashing with the chains out of the record file.
 * The chain links, the full hashes and the record offsets live in heap arrays (the index); the mapped
 * data file holds only records, each written once, at its end. A put of a new key walks the index (the
 * data file is read only when a hash is equal, that is for the same key), appends the record and links
 * one entry; a split re-links entries of the index and never reads a record.
 *
 * <pre>
 *   index (heap, per segment)                              kv.dat (mapped, append-only)
 *   heads: int per bucket                                  ┌─────────────────────────┐ 0
 *   ┌───┬───┬───┬─── …                                    │ magic "PLKVAPND"    8 B │
 *   │ 0 │ 3 │ 0 │                                         │ dataEnd             8 B │ written at close
 *   └───┴─┬─┴───┴─── …                                    │ keys                8 B │ written at close
 *         ▼  entries 1…n, 3 longs each                     ├─────────────────────────┤ 24
 *   ┌──────┬────────┬──────┐                        ┌────▶ │ keyLen 4 B │ valLen 4 B │ one record, unaligned,
 *   │ hash │ offset─┼──────┼────────────────────────┘      │ key, value              │ never across a map chunk
 *   │      │        │ next─┼──▶ next entry (0 ends)        │ …                       │ (int -1: the rest of the
 *   └──────┴────────┴──────┘                               └─────────────────────────┘  chunk is unused) dataEnd
 * </pre>
 *
 * <p><b>What changed from r3, and why.</b> r3's chain links and hashes are fields of the records, so its
 * puts and splits read records written long ago out of a 2 GB mapped file (cache misses grow with the
 * table) and write into them (pages the kernel's writeback has cleaned are write-protected again, and the
 * fault is taken under the segment lock, stalling every writer of that segment; probes:
 * the kv logs in docs/measurements/README.md). Here the records are never read by a put of a new key nor touched
 * again after they are written: the data file's pages are written once, in order, so writeback cleans pages
 * no one writes again, and the index is heap memory the kernel does not write back at all. An overwrite
 * appends the new record and points the key's entry at it (the old bytes stay unused, no compaction).
 *
 * <p><b>Reopen rebuilds the index by scanning the data file</b> (the index is not persisted): the records
 * are the only copy of the truth, written in order, so the last record of a key is its value; writing a
 * 40-bytes-per-record index at close would double the bytes written for a table that a scan at 10M
 * records rebuilds in seconds, and could never disagree with the records. The cost is paid at open.
 *
 * <h2>Assumptions and guarantees</h2>
 * As {@link LinearHashChains}: every public method holds the segment's one lock. {@link #close()} writes
 * {@code dataEnd} and forces the data file's pages to disk; a reopen sees every put that returned before
 * it. A segment holds at most {@link Integer#MAX_VALUE} keys (the heads are ints). Heap: about 24 B per
 * key for the entries and 8 B for its two buckets.
 */
final class AppendOnlyHashFile extends LinearHashChains {
    /** Entries per block of the entry arrays: 3 longs each, 384 KiB per block (below G1's humongous size). */
    private static final int ENTRY_BLOCK_SHIFT = 14;
    private static final int ENTRY_LONGS = 3;
    /** Buckets per block of the head arrays: 256 KiB per block. */
    private static final int HEAD_BLOCK_SHIFT = 16;

    private final RecordLog data;
    private final List<long[]> entryBlocks = new ArrayList<>();
    private final List<int[]> headBlocks = new ArrayList<>();
    /** Entries given out: ids 1..entries. */
    private long entries;
    /** While the index is rebuilt at open: the offset of the record being indexed, else -1. */
    private long replaying = -1;

    AppendOnlyHashFile(Path dir, long initialBuckets) throws IOException {
        this(dir, initialBuckets, ChainedHashFile.MAP_CHUNK_BYTES);
    }

    AppendOnlyHashFile(Path dir, long initialBuckets, int chunkBytes) throws IOException {
        super(initialBuckets, true);
        this.data = new RecordLog(dir, chunkBytes);
        // a reopen indexes every record in file order (a key's last record wins), starting at the level
        // that holds the keys counted at close, so the rebuild does not split
        while (data.keysAtClose() * BUCKETS_PER_RECORD > (initialBuckets << level)) {
            level++;
        }
        ensureBuckets(buckets());
        data.scan((offset, key) -> {
            replaying = offset;
            upsert(hash(key), key, null);
        });
        replaying = -1;
    }

    /** The record's offset: where it was appended now, or during a rebuild where it already is. */
    private long record(byte[] key, byte[] value) throws IOException {
        return replaying >= 0 ? replaying : data.append(key, value);
    }

    @Override
    protected long insert(long next, long h, byte[] key, byte[] value) throws IOException {
        if (entries == Integer.MAX_VALUE) {
            throw new IllegalStateException("segment full: " + entries + " keys");
        }
        long offset = record(key, value);
        long e = ++entries;
        if ((e >>> ENTRY_BLOCK_SHIFT) == entryBlocks.size()) {
            entryBlocks.add(new long[ENTRY_LONGS << ENTRY_BLOCK_SHIFT]);
        }
        long[] block = entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT));
        int i = slot(e);
        block[i] = h;
        block[i + 1] = offset;
        block[i + 2] = next;
        return e;
    }

    @Override
    protected void overwrite(long bucket, long prev, long e, long h, byte[] key, byte[] value) throws IOException {
        entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT))[slot(e) + 1] = record(key, value);
    }

    @Override
    protected long hashAt(long e) {
        return entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT))[slot(e)];
    }

    private long offsetOf(long e) {
        return entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT))[slot(e) + 1];
    }

    @Override
    protected long next(long e) {
        return entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT))[slot(e) + 2];
    }

    @Override
    protected void setNext(long e, long next) {
        entryBlocks.get((int) (e >>> ENTRY_BLOCK_SHIFT))[slot(e) + 2] = next;
    }

    private static int slot(long e) {
        return (int) (e & ((1 << ENTRY_BLOCK_SHIFT) - 1)) * ENTRY_LONGS;
    }

    @Override
    protected boolean keyEquals(long e, byte[] key) {
        return data.keyEquals(offsetOf(e), key);
    }

    @Override
    protected byte[] valueOf(long e) {
        return data.valueOf(offsetOf(e));
    }

    @Override
    protected long head(long bucket) {
        return headBlocks.get((int) (bucket >>> HEAD_BLOCK_SHIFT))[(int) (bucket & ((1 << HEAD_BLOCK_SHIFT) - 1))];
    }

    @Override
    protected void setHead(long bucket, long e) {
        headBlocks.get((int) (bucket >>> HEAD_BLOCK_SHIFT))[(int) (bucket & ((1 << HEAD_BLOCK_SHIFT) - 1))] = (int) e;
    }

    @Override
    protected void ensureBuckets(long buckets) {
        while (((long) headBlocks.size() << HEAD_BLOCK_SHIFT) < buckets) {
            headBlocks.add(new int[1 << HEAD_BLOCK_SHIFT]);
        }
    }

    @Override
    public synchronized Counters counters() {
        return new Counters(count, buckets(), splits(), data.maps(), data.mapNanos(), data.mappedBytes());
    }

    /**
     * Writes the header and forces the records to disk, then lets go of the index: the harness reopens the
     * store in the same JVM to count it, and two indexes of 3 GB each did not fit the writer's heap.
     */
    @Override
    public synchronized void close() throws IOException {
        data.close(count);
        entryBlocks.clear();
        headBlocks.clear();
    }
}
