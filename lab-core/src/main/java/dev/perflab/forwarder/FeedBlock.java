package dev.perflab.forwarder;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;

/**
 * The records one read from the Simulator completed, after {@code StreamVerifier} passed each one's length,
 * CRC-32C and sequence: what the feed hands the history store, the CRC table and the ring, in that order.
 *
 * <pre>
 *   buffer():  … │ len │ message │ crc │ len │ message │ crc │ … │ partial record (next read) │
 *                ▲ start()             messageAt(1) ▲             ▲ end()
 *                  messageAt(0) = start() + 4
 *   record i = [messageAt(i) − 4, messageAt(i) + length(i) + 4): exactly the day file's bytes
 * </pre>
 *
 * The records of a block are contiguous and in sequence order from {@link #firstSequence()}. One feed thread
 * fills and reads it; a consumer may keep nothing past its call (the buffer is compacted for the next read).
 * Preallocated for the largest block a read can hold: no allocation per block.
 */
public final class FeedBlock {
    /** Bytes of a record besides its message: the 4-byte length before it, the 4-byte CRC-32C after it. */
    public static final int FRAMING_BYTES = 8;

    private final int[] messageAt;
    private final int[] length;
    private ByteBuffer buffer;
    private int count;
    private long firstSequence;

    /** Room for every record a buffer of {@code bufferBytes} can hold. */
    FeedBlock(int bufferBytes) {
        int most = bufferBytes / (MdfMessage.MIN_BYTES + FRAMING_BYTES) + 1;
        messageAt = new int[most];
        length = new int[most];
    }

    void clear(ByteBuffer buffer) {
        this.buffer = buffer;
        count = 0;
    }

    void add(int at, int messageLength) {
        if (count == 0) {
            firstSequence = MdfMessage.sequenceOf(buffer, at);
        }
        messageAt[count] = at;
        length[count] = messageLength;
        count++;
    }

    /**
     * Drops the records from the first whose sequence is not the next after {@code first - 1}: the verifier hands
     * a record on before it checks its sequence, and throws for it right after.
     */
    void keepInSequence(long first) {
        for (int i = 0; i < count; i++) {
            if (MdfMessage.sequenceOf(buffer, messageAt[i]) != first + i) {
                count = i;
                break;
            }
        }
        if (count > 0) {
            firstSequence = first;
        }
    }

    /** The buffer the records are in (read only). */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int count() {
        return count;
    }

    public long firstSequence() {
        return firstSequence;
    }

    /** Where record {@code i}'s message starts in {@link #buffer()}. */
    public int messageAt(int i) {
        return messageAt[i];
    }

    /** Record {@code i}'s message length in bytes. */
    public int length(int i) {
        return length[i];
    }

    /** The CRC-32C the Simulator sent with record {@code i} (already checked against its bytes). */
    public int crc(int i) {
        return buffer.getInt(messageAt[i] + length[i]);
    }

    /** Where the block's first record (its length) starts. */
    public int start() {
        return messageAt[0] - 4;
    }

    /** Where the block's last record ends. */
    public int end() {
        return messageAt[count - 1] + length[count - 1] + 4;
    }
}
