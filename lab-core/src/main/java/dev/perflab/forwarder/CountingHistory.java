package dev.perflab.forwarder;

import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;

/**
 * A history store that counts, per reading thread, the messages read from it: the forwarder's evidence
 * that a lapped or late client continued from history. Readers call it on their own session thread, so a
 * thread-local count is that session's. Thread-safe as its delegate is.
 */
public final class CountingHistory implements HistoryStore {
    private final HistoryStore delegate;
    private final ThreadLocal<long[]> reads = ThreadLocal.withInitial(() -> new long[1]);

    public CountingHistory(HistoryStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public void record(ByteBuffer message) {
        delegate.record(message);
    }

    @Override
    public void recordAll(byte[][] day) {
        delegate.recordAll(day);
    }

    @Override
    public void read(long from, long to, MessageHandler handler) {
        delegate.read(from, to, handler);
        reads.get()[0] += to - from;
    }

    /** Messages this thread has read from history so far. */
    public long readsOnThisThread() {
        return reads.get()[0];
    }

    @Override
    public void close() {
        delegate.close();
    }
}
