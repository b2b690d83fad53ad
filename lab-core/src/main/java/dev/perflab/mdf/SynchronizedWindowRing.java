package dev.perflab.mdf;

import java.nio.ByteBuffer;

/**
 * {@code r0-synchronized-window-db}: the report's starting point. The newest {@link RingSize#SMALL_WINDOW_MESSAGES}
 * messages are kept as {@link MdfMessage} objects in a circular list under one lock; anything older is
 * read from the database.
 *
 * <p>What the report measured: 6 MB/s sent to clients, with the database read at the top of the profile,
 * because a client more than 5,000 messages behind (every late joiner) reads from SQL.
 *
 * <h2>Assumptions and guarantees</h2>
 * Every access to the window holds the ring's monitor: the writer decodes each message into a new object
 * under it, and each reader takes it once per message to fetch one object, which it then encodes into its
 * own buffer. Allocates one message object per append and one byte array per history row.
 */
public class SynchronizedWindowRing implements MdfRing {
    private final MdfMessage[] window;
    private final HistoryStore history;
    private long nextSequence = FIRST_SEQUENCE;

    public SynchronizedWindowRing(RingSize size, HistoryStore history) {
        this.window = new MdfMessage[size.windowMessages()];
        this.history = history;
    }

    @Override
    public synchronized void append(ByteBuffer message) {
        MdfMessage m = MdfMessage.decode(message);
        if (m.sequence() != nextSequence) {
            throw new IllegalArgumentException("sequence " + m.sequence() + " appended; expected " + nextSequence);
        }
        window[(int) (m.sequence() % window.length)] = m;
        nextSequence++;
    }

    /** The message {@code seq} if in the window; null if not yet written; throws nothing. */
    private synchronized MdfMessage get(long seq) {
        return seq < nextSequence && seq >= lowest() ? window[(int) (seq % window.length)] : null;
    }

    private synchronized long lowest() {
        return Math.max(FIRST_SEQUENCE, nextSequence - window.length);
    }

    private synchronized long published() {
        return nextSequence;
    }

    @Override
    public MdfReader reader(long fromSequence) {
        return new Reader(fromSequence);
    }

    @Override
    public void close() {
    }

    private final class Reader implements MdfReader {
        private final SequencedDelivery position;
        private final ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
        }

        @Override
        public int poll(MessageHandler handler) {
            int delivered = 0;
            while (true) {
                long seq = position.next();
                MdfMessage m = get(seq);
                if (m == null) {
                    if (seq >= published()) {
                        return delivered;
                    }
                    delivered += position.fromHistory(lowest(), handler);
                    continue;
                }
                scratch.clear();
                m.encode(scratch);
                scratch.flip();
                handler.onMessage(scratch);
                position.moveTo(seq + 1);
                delivered++;
            }
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
