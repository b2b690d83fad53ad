package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;

/**
 * student — EXERCISE "make the reader lock-free": your rung, between r2 and r3. Start: r2's code
 * ({@link RawBytesRing}: the messages as raw bytes in a {@link RecordArena} plus a sequence → position
 * index) with its lock taken out, and the two parts the lock used to make safe left for you to write.
 *
 * <p><b>The task.</b> In r2 every reader takes the ring's monitor once per message, so readers wait for
 * the writer and for each other: the report's threads "blocked on {@code synchronized}". Make the ring
 * lock-free for one writer and many readers:
 * <ol>
 *   <li>the writer <em>publishes</em> each message after writing its bytes and index entry, so that a reader
 *       that sees the new sequence also sees the bytes (release on the writer's side, acquire on the
 *       reader's; {@code VarHandle}, never {@code sun.misc.Unsafe});</li>
 *   <li>a reader delivers every published message from its next sequence, in order, without taking a lock;
 *       one that the writer has lapped (the bytes it copied may have been overwritten meanwhile) notices,
 *       and continues from the history store ({@link SequencedDelivery#fromHistory} does the history part).</li>
 * </ol>
 * Keep every rule of {@link MdfRing} and {@link MdfReader}. You may change the fields and {@code append};
 * only the constructor's signature must stay.
 *
 * <p><b>Check and measure.</b>
 * <pre>
 *   ./lab check mdf-ring --rung student                     # ✓/✗ per contract check, exit 0 when all pass
 *   ./lab run mdf-ring --rung r2,student,r3 --quick         # your rung beside r2 and r3, one JMH run
 * </pre>
 * Hints, the usual wrong turns and the reference solution (r3, {@link SingleWriterRing}) are in
 * {@code exercises/README.md}; do not peek at r3 before trying.
 */
public final class StudentRing implements MdfRing {
    private final RecordArena arena;
    private final long[] positions;
    private final int indexMask;
    private final HistoryStore history;
    private long nextSequence = FIRST_SEQUENCE;
    private long tail;

    public StudentRing(RingSize size, HistoryStore history) {
        this.arena = new RecordArena(size.arenaBytesPowerOfTwo(), false);
        this.positions = new long[size.windowPowerOfTwo()];
        this.indexMask = positions.length - 1;
        this.history = history;
    }

    /** r2's append without {@code synchronized}: one writer thread, so its own fields need no lock. */
    @Override
    public void append(ByteBuffer message) {
        MdfMessage.checkLength(message.remaining());
        long seq = MdfMessage.sequenceOf(message, message.position());
        if (seq != nextSequence) {
            throw new IllegalArgumentException("sequence " + seq + " appended; expected " + nextSequence);
        }
        long start = arena.startOf(tail, RecordArena.recordBytes(message.remaining()));
        // TODO (exercise): a reader must be able to tell that the bytes it is copying are being overwritten.
        tail = arena.write(start, message);
        positions[(int) (seq & indexMask)] = start;
        nextSequence++;
        // TODO (exercise): publish nextSequence, so that a reader that sees it also sees the bytes above.
    }

    @Override
    public MdfReader reader(long fromSequence) {
        return new Reader(fromSequence);
    }

    @Override
    public void close() {
    }

    /** One client's reader; one thread uses it (see {@link MdfReader}). */
    private final class Reader implements MdfReader {
        /** The next sequence to deliver, and the way back through history. */
        private final SequencedDelivery position;
        /** Where a message is copied before it is checked and delivered (r2 copied under its lock). */
        private final ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
        }

        /**
         * TODO (exercise): deliver every message the writer has published, from {@link #nextSequence()} on,
         * without a lock; a message no longer in the ring (a late start, or the writer lapped you) comes from
         * history. Returns how many messages were delivered.
         */
        @Override
        public int poll(MessageHandler handler) {
            throw new UnsupportedOperationException("StudentRing's reader is not written yet: deliver the published "
                    + "messages from sequence " + position.next() + " on without a lock (acquire what the writer "
                    + "released; a lapped reader continues from history); see exercises/README.md");
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
