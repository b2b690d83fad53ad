package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;

/**
 * The byte storage of the byte rungs (r2–r4): messages one after another in a circular buffer of a
 * power-of-two size, each behind its length; a record never wraps (the writer skips the tail end).
 *
 * <pre>
 *   absolute position p (grows forever) → byte index p &amp; (capacity − 1)
 *
 *   ┌──────┬─────────────┬──┬──────┬──────────┬──┬─ … ─┬────────────┐
 *   │ len  │ message     │ad│ len  │ message  │ad│     │ skipped end│
 *   └──────┴─────────────┴──┴──────┴──────────┴──┴─ … ─┴────────────┘
 *    4 B    32–512 B      pad to 8 B
 * </pre>
 *
 * A record at absolute position p is intact while the writer has not written past {@code p + capacity}
 * (it is overwritten the moment the writer's end passes that). Plain memory: callers add the locking or
 * the release/acquire ordering. Not thread-safe by itself.
 */
final class RecordArena {
    static final int LENGTH_BYTES = 4;
    static final int ALIGNMENT_BYTES = 8;

    private final ByteBuffer bytes;
    private final int capacity;
    private final int mask;

    RecordArena(int capacityPowerOfTwo, boolean direct) {
        this.capacity = capacityPowerOfTwo;
        this.mask = capacityPowerOfTwo - 1;
        this.bytes = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    }

    int capacity() {
        return capacity;
    }

    /** Bytes a record of a {@code length}-byte message takes. */
    static int recordBytes(int length) {
        return (LENGTH_BYTES + length + ALIGNMENT_BYTES - 1) & -ALIGNMENT_BYTES;
    }

    /** Where a record of {@code recordBytes} starts if the writer's end is {@code tail} (skips a short tail end). */
    long startOf(long tail, int recordBytes) {
        int index = (int) (tail & mask);
        return index + recordBytes > capacity ? tail + (capacity - index) : tail;
    }

    /** Writes the record at absolute {@code start}; returns the new end. */
    long write(long start, ByteBuffer message) {
        int index = (int) (start & mask);
        int length = message.remaining();
        bytes.putInt(index, length);
        bytes.put(index + LENGTH_BYTES, message, message.position(), length);
        return start + recordBytes(length);
    }

    /** Whether a record at {@code start} is still intact when the writer's end (or intent) is {@code writerEnd}. */
    boolean intact(long start, long writerEnd) {
        return writerEnd - start <= capacity;
    }

    /** The length stored at {@code start}; may be garbage if the record was overwritten. */
    int lengthAt(long start) {
        return bytes.getInt((int) (start & mask));
    }

    /**
     * The length stored at {@code start} if a message of that length could sit there, else −1. A reader
     * without a lock reads the length before it knows whether the writer has overwritten the record; the
     * bytes it finds may be the middle of a newer record, and a length that is in range but runs past the
     * arena's end must not be used to copy or slice (the copy is thrown away later, but it must not throw).
     */
    int plausibleLengthAt(long start) {
        int index = (int) (start & mask);
        int length = bytes.getInt(index);
        boolean inRange = length >= MdfMessage.MIN_BYTES && length <= MdfMessage.MAX_BYTES;
        return inRange && index + LENGTH_BYTES + length <= capacity ? length : -1;
    }

    /** The sequence of the message at {@code start}; may be garbage if the record was overwritten. */
    long sequenceAt(long start) {
        return bytes.getLong((int) (start & mask) + LENGTH_BYTES + MdfMessage.SEQUENCE_OFFSET);
    }

    /** Sets {@code view} (a duplicate of {@link #bytes()}) to the message of {@code length} bytes at {@code start}. */
    void slice(long start, int length, ByteBuffer view) {
        int index = (int) (start & mask) + LENGTH_BYTES;
        view.limit(index + length).position(index);
    }

    /** Copies the message at {@code start} into {@code out} (cleared, then flipped). */
    void copy(long start, int length, ByteBuffer out) {
        out.clear();
        out.put(0, bytes, (int) (start & mask) + LENGTH_BYTES, length);
        out.limit(length);
    }

    ByteBuffer bytes() {
        return bytes;
    }
}
