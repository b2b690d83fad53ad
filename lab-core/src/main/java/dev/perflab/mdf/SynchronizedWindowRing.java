package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
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

    private synchronized long lowest() {
        return Math.max(FIRST_SEQUENCE, nextSequence - window.length);
    }

    /**
     * Fetches the object under the lock, encodes it outside (the report's per-message wrapper calls). "Not
     * written yet" and "gone" are decided under the same lock as the fetch: deciding them in a second
     * acquisition would call a message that the writer appended in between "gone", and send the reader to
     * history for a message that is in memory.
     */
    private int copy(long seq, ByteBuffer out) {
        MdfMessage m;
        synchronized (this) {
            if (seq >= nextSequence) {
                return 0;
            }
            if (seq < lowest()) {
                return -1;
            }
            m = window[(int) (seq % window.length)];
        }
        out.clear();
        m.encode(out);
        out.flip();
        return 1;
    }

    @Override
    public MdfReader reader(long fromSequence) {
        return new LockedWindowReader(new LockedWindowReader.Window() {
            @Override
            public int copy(long seq, ByteBuffer out) {
                return SynchronizedWindowRing.this.copy(seq, out);
            }

            @Override
            public long backInMemoryFrom(long seq) {
                return lowest();
            }
        }, history, fromSequence);
    }

    @Override
    public void close() {
    }
}
