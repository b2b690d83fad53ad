package dev.perflab.forwarder;

import dev.perflab.mdf.JdbcHistory;
import dev.perflab.mdf.MessageHandler;

/**
 * The report's history, as rungs r0–r2 keep it: every block is inserted into the H2 table, one row per message
 * ({@link JdbcHistory#recordAll}, JDBC batches), on the feed thread, before the block's messages reach the ring.
 * The feed waits for the database on every read from the Simulator.
 *
 * <pre>
 *   feed thread: read ─▶ verify ─▶ [ copy each message, INSERT a row each, commit ] ─▶ ring.append ─▶ publish
 * </pre>
 *
 * Thread safety: the feed records; readers read whenever (the database's lock serialises them). A failed insert
 * is remembered ({@link #failure()}) and rethrown to the feed once; nothing more is recorded after it.
 */
public final class InlineHistory implements DayHistory {
    private final JdbcHistory db;
    private volatile long recorded;
    private volatile String failure;

    public InlineHistory(JdbcHistory db) {
        this.db = db;
    }

    @Override
    public void recordBlock(FeedBlock block) {
        if (failure != null) {
            return;
        }
        byte[][] messages = new byte[block.count()][];
        for (int i = 0; i < block.count(); i++) {
            messages[i] = new byte[block.length(i)];
            block.buffer().get(block.messageAt(i), messages[i]);
        }
        try {
            db.recordAll(messages);
        } catch (RuntimeException e) {
            failure = e.getMessage();
            throw e;
        }
        recorded += block.count();
    }

    @Override
    public void read(long from, long to, MessageHandler handler) {
        WrittenBehind.requireStored(from, to, recorded, failure);
        db.read(from, to, handler);
    }

    @Override
    public String failure() {
        return failure;
    }

    @Override
    public long recorded() {
        return recorded;
    }

    @Override
    public void close() {
        db.close();
    }
}
