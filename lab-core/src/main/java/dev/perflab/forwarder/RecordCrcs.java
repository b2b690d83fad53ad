package dev.perflab.forwarder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The CRC-32C each message arrived with, by sequence, for the newest {@code capacity} sequences: the feed
 * verified it once on receive, so a session can forward it as it came instead of computing it again for
 * every client.
 *
 * <pre>
 *   entry[seq &amp; mask] = (low 32 bits of seq) &lt;&lt; 32 | crc      one 64-bit store, one 64-bit load
 *   lookup(seq): the entry's tag is seq's → its CRC; else (overwritten by seq + capacity, or never stored) → none
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * One writer (the feed) stores an entry before it appends the message to the ring; a reader looks a sequence up
 * after the ring delivered it, so the ring's release/acquire publication orders the store before the load. An
 * entry is written and read whole (opaque 64-bit access), so a reader sees a sequence's tag with that
 * sequence's CRC or a later sequence's tag: a tag that does not match means "compute it", never a wrong CRC.
 * No allocation after construction.
 */
public final class RecordCrcs {
    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);
    private static final long NONE = -1;

    private final long[] entries;
    private final int mask;

    /** @param capacity sequences kept, rounded up to a power of two */
    public RecordCrcs(int capacity) {
        int size = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
        entries = new long[size];
        mask = size - 1;
        java.util.Arrays.fill(entries, NONE);
    }

    /** Feed thread: {@code crc} is what message {@code sequence} arrived with. */
    public void store(long sequence, int crc) {
        ENTRY.setOpaque(entries, (int) (sequence & mask), (sequence << 32) | (crc & 0xFFFF_FFFFL));
    }

    /**
     * The CRC {@code sequence} arrived with, as an unsigned 32-bit value, or -1 when the table no longer (or never)
     * held it; any thread.
     */
    public long lookup(long sequence) {
        long e = (long) ENTRY.getOpaque(entries, (int) (sequence & mask));
        return e != NONE && (int) (e >>> 32) == (int) sequence ? e & 0xFFFF_FFFFL : -1;
    }
}
