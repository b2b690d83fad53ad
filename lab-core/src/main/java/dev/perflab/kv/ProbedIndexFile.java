package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One segment of r5 ({@link ProbedStore}): r4's append-only record file ({@link RecordLog}) with its index
 * as one open-addressing table instead of chains.
 *
 * <pre>
 *   table: long[slots], one slot = tag (28 bits of the hash) | record offset (36 bits); 0 = empty
 *   ┌──────────┬──────────┬──────────┬──────────┬─ …                         kv.dat (RecordLog)
 *   │tag│offset│    0     │tag│offset│tag│offset│                            ┌──────────────┐
 *   └───────┼──┴──────────┴──────────┴──────────┴─ …                         │ header       │
 *           └──────────────────────────────────────────────────────────────▶ │ key, value   │
 *   home slot of a key = tag × slots / 2^28 (in tag order); a put walks      │ …            │
 *   from its home to the key (tag equal, then the key read) or an empty slot └──────────────┘
 * </pre>
 *
 * <p><b>What changed from r4, and why.</b> r4's put of a new key reads a bucket head, walks its chain
 * (entries scattered over the index) and splits two buckets, each split walking another chain: about
 * three to four reads at random places of an index that outgrows the CPU cache as the table grows (about
 * 32 B a key), so its cost per put rose with the table and it held only about half of its first rate over
 * 60 s (figures: docs/kv.md). Here a put reads one home slot and the slots after it, which share its cache
 * line most of the time (eight slots per 64-byte line; at most half the slots are used, so a walk is short):
 * one miss per put. A slot is one long, a 28-bit tag of the hash beside the record's offset, so the table is
 * a quarter of r4's index per key. It starts with 2 slots per key the store expects (the report's advice, as
 * r1 and Tokyo Cabinet's {@code bnum} take it) and doubles when half full; a home slot grows with the tag, so
 * the old table, read in slot order, lands in the new one in nearly the same order: the doubling streams
 * through memory instead of missing the cache once per key.
 *
 * <p><b>Reopen</b> rebuilds the table by scanning the records, as r4 does, sized first for the keys counted
 * at close.
 *
 * <h2>Assumptions and guarantees</h2>
 * Every public method holds the segment's one lock. A segment holds at most {@link #MAX_SLOTS} / 2 keys and
 * a record file of at most 64 GiB (36-bit offsets). Heap: 8 B per slot, 2 to 4 slots per key (16–32 B per
 * key), plus the old table while it doubles.
 */
final class ProbedIndexFile implements HashSegment {
    static final int INITIAL_SLOTS = 1 << 12;
    private static final int TAG_BITS = 28;
    private static final int OFFSET_BITS = 64 - TAG_BITS;
    private static final long OFFSET_MASK = (1L << OFFSET_BITS) - 1;
    /** The largest table: a home slot is computed from the 28-bit tag, so more slots would never be reached. */
    static final int MAX_SLOTS = 1 << TAG_BITS;
    /** The longest walk {@link #longestChainAllowed()} accepts: 8 cache lines of 8 slots. */
    static final int LONGEST_WALK_SLOTS = 64;
    /** Bits at the top of a hash that pick the segment ({@link StripedStore#SEGMENTS}): the same in every key here. */
    private static final int SEGMENT_BITS = Integer.numberOfTrailingZeros(StripedStore.SEGMENTS);

    private final RecordLog data;
    /** Slot i: {@code tag << 36 | offset} of a key's last record; 0: empty (no record starts at offset 0). */
    private long[] table;
    private long count;
    private long doublings;

    ProbedIndexFile(Path dir) throws IOException {
        this(dir, 0, ChainedHashFile.MAP_CHUNK_BYTES);
    }

    /** A segment whose table starts with room for {@code expectedKeys} (and the keys a reopen finds). */
    ProbedIndexFile(Path dir, long expectedKeys) throws IOException {
        this(dir, expectedKeys, ChainedHashFile.MAP_CHUNK_BYTES);
    }

    ProbedIndexFile(Path dir, long expectedKeys, int chunkBytes) throws IOException {
        this(dir, expectedKeys, chunkBytes, null);
    }

    /** With a {@code toucher}, the record file's pages are made dirty ahead of the appends (r6). */
    ProbedIndexFile(Path dir, long expectedKeys, int chunkBytes, PageToucher toucher) throws IOException {
        this.data = new RecordLog(dir, chunkBytes, toucher);
        long keys = Math.max(expectedKeys, data.keysAtClose());
        table = new long[(int) Math.min(MAX_SLOTS, Math.max(INITIAL_SLOTS, 2 * keys))];
        data.scan((offset, key) -> upsert(tag(LinearHashChains.hash(key)), key, offset, null));
    }

    /** The 28 bits of a hash below the segment's. */
    private static long tag(long h) {
        return (h << SEGMENT_BITS) >>> OFFSET_BITS;
    }

    /** The home slot of {@code tag} in a table of {@code slots}: the tag scaled to the table, so in tag order. */
    private static int home(long tag, int slots) {
        return (int) ((tag * slots) >>> TAG_BITS);
    }

    @Override
    public synchronized boolean put(byte[] key, byte[] value) throws IOException {
        LinearHashChains.checkSize(key, value);
        upsert(tag(LinearHashChains.hash(key)), key, 0, value);
        return true;
    }

    /**
     * Points {@code key}'s slot at a record: at {@code offset} when the record is already in the file (the
     * rebuild), else at {@code value} appended now. Doubles the table first when a new key would fill it
     * more than half.
     */
    private void upsert(long tag, byte[] key, long offset, byte[] value) throws IOException {
        int i = slotOf(tag, key);
        if (table[i] != 0) {
            table[i] = tag << OFFSET_BITS | record(key, offset, value);
            return;
        }
        long slot = tag << OFFSET_BITS | record(key, offset, value);
        if ((count + 1) * 2 > table.length) {
            doubleTable();
            place(table, slot); // its empty slot in the bigger table
        } else {
            table[i] = slot; // the empty slot the walk ended on
        }
        count++;
    }

    /**
     * The walk from {@code tag}'s home slot: the index of {@code key}'s slot, or of the first empty slot,
     * where it would go (a table at most half full always has one).
     */
    private int slotOf(long tag, byte[] key) {
        int slots = table.length;
        for (int i = home(tag, slots); ; i = i + 1 == slots ? 0 : i + 1) {
            long slot = table[i];
            if (slot == 0 || slot >>> OFFSET_BITS == tag && data.keyEquals(slot & OFFSET_MASK, key)) {
                return i;
            }
        }
    }

    /** The record's offset: {@code offset} during the rebuild, else where {@code value} is appended now. */
    private long record(byte[] key, long offset, byte[] value) throws IOException {
        long at = value == null ? offset : data.append(key, value);
        if (at > OFFSET_MASK) {
            throw new IllegalStateException("segment's record file past 64 GiB: " + at);
        }
        return at;
    }

    /** Puts a slot's value into the first empty slot from its tag's home in {@code t}. */
    private static void place(long[] t, long slot) {
        int slots = t.length;
        int i = home(slot >>> OFFSET_BITS, slots);
        while (t[i] != 0) {
            i = i + 1 == slots ? 0 : i + 1;
        }
        t[i] = slot;
    }

    /** Moves every slot into a table twice the size, reading the old one in slot order. */
    private void doubleTable() {
        if (table.length >= MAX_SLOTS) {
            throw new IllegalStateException("segment full: " + count + " keys");
        }
        long[] bigger = new long[(int) Math.min(MAX_SLOTS, 2L * table.length)];
        for (long slot : table) {
            if (slot != 0) {
                place(bigger, slot);
            }
        }
        table = bigger;
        doublings++;
    }

    @Override
    public synchronized byte[] get(byte[] key) {
        long slot = table[slotOf(tag(LinearHashChains.hash(key)), key)];
        return slot == 0 ? null : data.valueOf(slot & OFFSET_MASK);
    }

    @Override
    public synchronized long count() {
        return count;
    }

    /** Buckets are slots here; splits count the table's doublings. */
    @Override
    public synchronized Counters counters() {
        return new Counters(count, table.length, doublings, data.maps(), data.mapNanos(), data.mappedBytes());
    }

    /** The longest walk a lookup takes: slots from a key's home slot to its own, counting both. */
    @Override
    public synchronized long longestChain() {
        int slots = table.length;
        long longest = 0;
        for (int i = 0; i < slots; i++) {
            if (table[i] != 0) {
                int home = home(table[i] >>> OFFSET_BITS, slots);
                longest = Math.max(longest, (i - home + slots) % slots + 1);
            }
        }
        return longest;
    }

    /**
     * A walk here is longer than a chain at the same load, since it runs on through its neighbours' keys
     * (20,000 keys in 16 segments of 4,096 slots, load 0.31: 18 slots): this allows 8 cache lines. A table
     * that stopped doubling would fill and walk thousands of slots.
     */
    @Override
    public long longestChainAllowed() {
        return LONGEST_WALK_SLOTS;
    }

    /** Writes the header and forces the records to disk, then lets go of the table (a reopen builds its own). */
    @Override
    public synchronized void close() throws IOException {
        data.close(count);
        table = null;
    }
}
