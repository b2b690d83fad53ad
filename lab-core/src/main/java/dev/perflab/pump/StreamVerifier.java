package dev.perflab.pump;

import dev.perflab.marketdata.DayFile;
import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * What every pump's receiver runs on the bytes it gets: the stream must be whole day files back to back
 * ({@link WireDay}), each message in sequence 1, 2, 3 … of its day with a good CRC-32C. A pump that loses,
 * duplicates, reorders or corrupts a message fails here, at the byte offset of the first bad record.
 *
 * <pre>
 *   consume(buf):  [ header | record | record | rec… ]   partial unit left in buf (position at its start)
 *                    check   length ≤ limit, CRC, sequence == expected
 *   sequence S where E was expected:  S > E → gap (messages lost)   S < E → duplicate or reordered
 *   finish():  the stream may only end between days
 * </pre>
 *
 * <p>Two uses beyond the pumps', both for the forwarder ({@code dev.perflab.forwarder}): a {@link Records}
 * listener sees every record whose length and CRC passed (the forwarder's feed stores it, a client times it),
 * and with {@code strictSequences = false} the sequence check is the listener's (a client counts gaps,
 * duplicates and reorderings instead of stopping at the first).
 *
 * Not thread-safe: one receiving thread. Allocates nothing per message (one view of the buffer per
 * {@link #consume} call when it is direct, for the CRC).
 */
public final class StreamVerifier {
    /** Sees each record that passed the checks, in stream order, during {@link #consume}. */
    @FunctionalInterface
    public interface Records {
        /**
         * @param buf       the buffer being consumed (read only)
         * @param messageAt where the message's bytes start in {@code buf} (after the 4-byte length)
         * @param length    the message's length in bytes
         */
        void record(ByteBuffer buf, int messageAt, int length);
    }

    private final String source;
    private final Records records;
    private final boolean strictSequences;
    private final CRC32C crc = new CRC32C();
    private long offset;
    private long messages;
    private long days;
    private long dayRemaining;
    private long dayCount;
    private int dayLimit;
    private long expected;
    private boolean inDay;
    private long windowStartNanos = Long.MIN_VALUE;
    private boolean marked;
    private long markBytes;
    private long markNanos;

    /** {@code source} names the stream in error messages, e.g. {@code stream from 127.0.0.1:40123}. */
    public StreamVerifier(String source) {
        this(source, null, true);
    }

    /**
     * @param records         called for every record that passed its length and CRC checks, or null
     * @param strictSequences true: a gap, duplicate or reordering throws; false: the listener judges sequences
     */
    public StreamVerifier(String source, Records records, boolean strictSequences) {
        this.source = source;
        this.records = records;
        this.strictSequences = strictSequences;
    }

    /** The message count the current (or last) day's header announced, or -1 before the first header. */
    public long dayMessages() {
        return dayLimit == 0 ? -1 : dayCount;
    }

    /** True when the next unit is a day header ({@value DayFile#HEADER_BYTES} bytes), false for a record. */
    public boolean expectsHeader() {
        return !inDay;
    }

    /**
     * Checks every whole unit between the buffer's position and limit and advances the position past them;
     * a trailing partial unit is left for the caller to keep (compact) and complete.
     *
     * @throws MdfFormatException at the first bad unit, naming its offset in the stream
     */
    public void consume(ByteBuffer buf) throws MdfFormatException {
        if (!marked) {
            long now = System.nanoTime();
            if (windowStartNanos == Long.MIN_VALUE || now - windowStartNanos >= 0) {
                marked = true;
                markBytes = offset;
                markNanos = now;
            }
        }
        // One view per call for the CRC of a direct buffer (CRC32C reads a ByteBuffer between its position and
        // limit and moves the position): a duplicate per record cost an allocation each whenever the JIT did not
        // scalar-replace it, and the record's bytes are the same either way. A heap buffer's array is read directly.
        ByteBuffer crcView = buf.hasArray() ? null : buf.duplicate();
        while (true) {
            int at = buf.position();
            int available = buf.limit() - at;
            if (!inDay) {
                if (available < DayFile.HEADER_BYTES) {
                    return;
                }
                header(buf, at);
                buf.position(at + DayFile.HEADER_BYTES);
                offset += DayFile.HEADER_BYTES;
                continue;
            }
            if (available < 4) {
                return;
            }
            int length = buf.getInt(at);
            if (length < MdfMessage.MIN_BYTES || length > dayLimit) {
                throw error("message length " + length + ", expected " + MdfMessage.MIN_BYTES + ".." + dayLimit);
            }
            int record = 4 + length + 4;
            if (available < record) {
                return;
            }
            record(buf, crcView, at, length);
            buf.position(at + record);
            offset += record;
        }
    }

    private void header(ByteBuffer buf, int at) throws MdfFormatException {
        for (int i = 0; i < DayFile.MAGIC.length; i++) {
            if (buf.get(at + i) != DayFile.MAGIC[i]) {
                throw error("expected a day header (magic 'PLMD')");
            }
        }
        int version = buf.getShort(at + 4) & 0xFFFF;
        if (version != DayFile.VERSION) {
            throw error("day header of version " + version + ", expected " + DayFile.VERSION);
        }
        dayLimit = buf.getShort(at + 6) & 0xFFFF;
        if (dayLimit < MdfMessage.MIN_BYTES || dayLimit > MdfMessage.MAX_BYTES) {
            throw error("message limit " + dayLimit + " outside " + MdfMessage.MIN_BYTES + ".." + MdfMessage.MAX_BYTES);
        }
        dayCount = buf.getLong(at + 8);
        if (dayCount < 0) {
            throw error("negative message count " + dayCount);
        }
        dayRemaining = dayCount;
        expected = 1;
        inDay = dayCount > 0;
        if (!inDay) {
            days++;
        }
    }

    private void record(ByteBuffer buf, ByteBuffer crcView, int at, int length) throws MdfFormatException {
        int stored = buf.getInt(at + 4 + length);
        crc.reset();
        if (buf.hasArray()) {
            crc.update(buf.array(), buf.arrayOffset() + at + 4, length);
        } else {
            crc.update(crcView.limit(at + 4 + length).position(at + 4));
        }
        if (stored != (int) crc.getValue()) {
            throw error("message " + expected + " of day " + (days + 1) + " fails its CRC-32C (corrupted)");
        }
        long sequence = MdfMessage.sequenceOf(buf, at + 4);
        if (records != null) {
            records.record(buf, at + 4, length);
        }
        if (!strictSequences) {
            sequence = expected;
        }
        if (sequence > expected) {
            throw error("gap: sequence " + sequence + " where " + expected + " was expected in day " + (days + 1) + " (messages lost)");
        }
        if (sequence < expected) {
            throw error("sequence " + sequence + " where " + expected + " was expected in day " + (days + 1) + " (duplicated or reordered)");
        }
        expected++;
        messages++;
        if (--dayRemaining == 0) {
            inDay = false;
            days++;
        }
    }

    /**
     * The stream ended: fine only between days.
     *
     * @param leftover bytes received after the last whole unit
     */
    public void finish(int leftover) throws MdfFormatException {
        if (inDay || leftover != 0) {
            throw error("stream ended " + (inDay ? "inside day " + (days + 1) + " after message " + (expected - 1)
                    + " of " + dayCount : "inside a day header") + (leftover != 0 ? " (" + leftover + " bytes of a partial unit)" : ""));
        }
    }

    /**
     * Starts the measured window at {@code nanoTime} ({@link System#nanoTime()} clock): the first
     * {@link #consume} at or after it marks the bytes verified so far. Without it the window starts at the
     * first bytes received.
     */
    public void measureFrom(long nanoTime) {
        windowStartNanos = nanoTime;
    }

    /** When the measured window started (nanoTime), or 0 if no bytes came after its start. */
    public long windowStartedNanos() {
        return marked ? markNanos : 0;
    }

    /** Bytes verified since the measured window started. */
    public long windowBytes() {
        return marked ? offset - markBytes : 0;
    }

    /** Messages verified so far. */
    public long messages() {
        return messages;
    }

    /** Whole days verified so far. */
    public long days() {
        return days;
    }

    /** Bytes verified so far (whole units only). */
    public long bytes() {
        return offset;
    }

    private MdfFormatException error(String problem) {
        return new MdfFormatException(source, offset, problem);
    }
}
