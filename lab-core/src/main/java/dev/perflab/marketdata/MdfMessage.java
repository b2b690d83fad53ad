package dev.perflab.marketdata;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One market-data message, as the forwarder of report 000 receives it and forwards it. On the wire, in
 * day files and in the byte rungs it is these bytes (big-endian):
 *
 * <pre>
 *  offset  size  field
 *  0       8     sequence            1, 2, 3 … with no gaps within a day
 *  8       4     instrument id
 *  12      8     exchange time       nanoseconds since the epoch
 *  20      4     receive delay       nanoseconds from exchange time to our receipt
 *  24      4     price               ticks
 *  28      4     quantity            shares
 *  32      0–480 payload             opaque venue bytes (order-book deltas, flags…)
 * </pre>
 *
 * A message is {@link #MIN_BYTES} to {@link #MAX_BYTES} bytes in total. The object form exists for the
 * naive rungs (the report's per-message wrapper objects) and for tests; the tuned rungs never build it.
 */
public record MdfMessage(long sequence, int instrumentId, long exchangeTimeNanos, int receiveDelayNanos,
                         int priceTicks, int quantity, byte[] payload) {
    public static final int HEADER_BYTES = 32;
    public static final int MIN_BYTES = HEADER_BYTES;
    public static final int MAX_BYTES = 512;
    public static final int MAX_PAYLOAD_BYTES = MAX_BYTES - HEADER_BYTES;
    /** Where the sequence sits in the encoded bytes: readers check it to detect gaps and overwrites. */
    public static final int SEQUENCE_OFFSET = 0;

    public MdfMessage {
        if (payload.length > MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("payload of " + payload.length + " bytes; at most " + MAX_PAYLOAD_BYTES);
        }
    }

    /** Encoded length in bytes. */
    public int length() {
        return HEADER_BYTES + payload.length;
    }

    /** Writes the encoded bytes at the buffer's position and advances it. */
    public void encode(ByteBuffer out) {
        out.putLong(sequence).putInt(instrumentId).putLong(exchangeTimeNanos).putInt(receiveDelayNanos)
                .putInt(priceTicks).putInt(quantity).put(payload);
    }

    public byte[] toBytes() {
        ByteBuffer out = ByteBuffer.allocate(length());
        encode(out);
        return out.array();
    }

    /** Decodes the bytes from position to limit (left unchanged); they must be a valid length. */
    public static MdfMessage decode(ByteBuffer in) {
        int at = in.position();
        int length = in.remaining();
        checkLength(length);
        byte[] payload = new byte[length - HEADER_BYTES];
        in.get(at + HEADER_BYTES, payload);
        return new MdfMessage(in.getLong(at), in.getInt(at + 8), in.getLong(at + 12), in.getInt(at + 20),
                in.getInt(at + 24), in.getInt(at + 28), payload);
    }

    /** The sequence of the encoded message starting at {@code offset}. */
    public static long sequenceOf(ByteBuffer bytes, int offset) {
        return bytes.getLong(offset + SEQUENCE_OFFSET);
    }

    /** Throws unless {@code length} is a valid encoded message length. */
    public static void checkLength(int length) {
        if (length < MIN_BYTES || length > MAX_BYTES) {
            throw new IllegalArgumentException("message of " + length + " bytes; expected " + MIN_BYTES + ".." + MAX_BYTES);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MdfMessage m && sequence == m.sequence && instrumentId == m.instrumentId
                && exchangeTimeNanos == m.exchangeTimeNanos && receiveDelayNanos == m.receiveDelayNanos
                && priceTicks == m.priceTicks && quantity == m.quantity && Arrays.equals(payload, m.payload);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sequence) * 31 + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "MdfMessage[seq=" + sequence + ", instrument=" + instrumentId + ", " + length() + " bytes]";
    }
}
