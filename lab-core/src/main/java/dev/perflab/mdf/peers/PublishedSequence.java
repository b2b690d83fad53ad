package dev.perflab.mdf.peers;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MdfRing;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The next sequence a peer's writer will publish, for peers whose transport does not count messages.
 * The writer checks each message against it and advances it after the transport has the message (an
 * ordered store); a reader that drained its transport reads it to know what it must still fetch from
 * history (a late joiner, or a lapped receiver).
 */
final class PublishedSequence {
    private final AtomicLong next = new AtomicLong(MdfRing.FIRST_SEQUENCE);

    /** Checks length and sequence of the message about to be appended; returns its sequence. Writer only. */
    long check(ByteBuffer message) {
        MdfMessage.checkLength(message.remaining());
        long seq = MdfMessage.sequenceOf(message, message.position());
        if (seq != next.get()) {
            throw new IllegalArgumentException("sequence " + seq + " appended; expected " + next.get());
        }
        return seq;
    }

    /** Marks {@code seq} as handed to the transport. Writer only. */
    void published(long seq) {
        next.lazySet(seq + 1);
    }

    /** The next sequence not yet published; any thread. */
    long next() {
        return next.get();
    }
}
