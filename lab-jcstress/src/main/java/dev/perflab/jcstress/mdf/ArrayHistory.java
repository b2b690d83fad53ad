package dev.perflab.jcstress.mdf;

import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;

/** A read-only history over messages fixed before the test starts (so the stress tests need no database). */
final class ArrayHistory implements HistoryStore {
    private final byte[][] day;

    ArrayHistory(byte[][] day) {
        this.day = day;
    }

    @Override
    public void record(ByteBuffer message) {
        throw new UnsupportedOperationException("the stress tests' history is fixed");
    }

    @Override
    public void read(long from, long to, MessageHandler handler) {
        for (long seq = from; seq < to; seq++) {
            handler.onMessage(ByteBuffer.wrap(day[(int) seq - 1]));
        }
    }

    @Override
    public void close() {
    }
}
