package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;

/**
 * A reader's position and its way back through history: the one place where "deliver each sequence
 * once, in order; fetch what was missed from the history store" is written. Rungs call
 * {@link #fromHistory} when their window no longer holds the next message; peers, whose transports can
 * skip (a lapped Agrona receiver) or start late (a new Disruptor poller), pass every message through
 * {@link #deliver}, which drops repeats and fills gaps. One reader thread only.
 */
public final class SequencedDelivery {
    private final HistoryStore history;
    private long next;
    private int delivered;

    public SequencedDelivery(HistoryStore history, long fromSequence) {
        if (fromSequence < MdfRing.FIRST_SEQUENCE) {
            throw new IllegalArgumentException("start sequence " + fromSequence + "; sequences start at " + MdfRing.FIRST_SEQUENCE);
        }
        this.history = history;
        this.next = fromSequence;
    }

    /** The next sequence to deliver. */
    public long next() {
        return next;
    }

    /** Moves the position back (a zero-copy batch that was overwritten) or on (after delivering directly). */
    public void moveTo(long sequence) {
        next = sequence;
    }

    /** Delivers history from {@link #next()} up to {@code to} (exclusive); returns how many. */
    public int fromHistory(long to, MessageHandler handler) {
        if (to <= next) {
            return 0;
        }
        long from = next;
        history.read(from, to, handler);
        next = to;
        return (int) (to - from);
    }

    /**
     * Delivers {@code message} if it is the next one, after filling any gap before it from history;
     * drops it if it was already delivered. Returns how many messages reached the handler.
     */
    public int deliver(ByteBuffer message, MessageHandler handler) {
        return deliver(MdfMessage.sequenceOf(message, message.position()), message, handler);
    }

    /**
     * As {@link #deliver(ByteBuffer, MessageHandler)}, for a message read in place whose sequence the caller
     * already read and validated: reading it again could see a writer's later bytes, and a reader must hand on
     * (or drop) the sequence it validated, or its rewind after an overwrite would point past what it delivered.
     */
    public int deliver(long seq, ByteBuffer message, MessageHandler handler) {
        if (seq < next) {
            return 0;
        }
        int n = fromHistory(seq, handler);
        handler.onMessage(message);
        next = seq + 1;
        return n + 1;
    }

    /** Counts messages delivered by the current poll (peers' receive callbacks add to it). */
    public void count(int n) {
        delivered += n;
    }

    /** Returns the count since the last call and resets it. */
    public int takeCount() {
        int n = delivered;
        delivered = 0;
        return n;
    }
}
