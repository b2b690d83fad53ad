package dev.perflab.mdf;

import java.nio.ByteBuffer;

/**
 * Where a reader gets messages older than its ring's window (the report's database). Holds one day.
 *
 * <h2>Assumptions and guarantees</h2>
 * The feed records each message before it is appended to a ring ({@link MdfRing}), in sequence order from
 * {@link MdfRing#FIRST_SEQUENCE}. Reads may come from any thread at any time and deliver each message of
 * the range once, in order, byte-equal to what was recorded.
 */
public interface HistoryStore extends AutoCloseable {
    /** Records one message (between position and limit, left unchanged). */
    void record(ByteBuffer message);

    /** Records a whole day, in order; faster than one call per message. */
    default void recordAll(byte[][] day) {
        for (byte[] message : day) {
            record(ByteBuffer.wrap(message));
        }
    }

    /**
     * Delivers messages {@code from} (inclusive) to {@code to} (exclusive) to the handler.
     *
     * @throws IllegalStateException when a message of the range was never recorded
     */
    void read(long from, long to, MessageHandler handler);

    @Override
    void close();

    /** A store for runs where no reader may fall behind the ring (the benchmarks' flow control): any read fails. */
    HistoryStore NONE = new HistoryStore() {
        @Override
        public void record(ByteBuffer message) {
        }

        @Override
        public void read(long from, long to, MessageHandler handler) {
            throw new IllegalStateException("history read of sequences " + from + ".." + (to - 1)
                    + " in a run with no history store: a reader fell behind the ring");
        }

        @Override
        public void close() {
        }
    };
}
