package dev.perflab.forwarder;

import dev.perflab.mdf.JdbcHistory;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;

/**
 * Rung {@code r3-history-behind}: the same H2 table, a row per message, written by a history thread behind the
 * feed ({@link WrittenBehind}) instead of on the feed thread. The feed copies each block once and goes on.
 *
 * <p>Why faster: profiled, r2's feed thread spent 84% of its samples inside {@code JdbcHistory.recordAll}
 * (H2's batch insert, its B-tree and undo log); the receive path waited for the database on every read from the
 * Simulator. Here it never does: the insert costs the same CPU, but on another thread, overlapped with the
 * receive and the sends. A late or lapped reader waits only if it asks for messages the history thread has
 * not stored yet (with the day-sized ring a reader needs history only when it falls a day behind).
 *
 * <pre>
 *   feed thread:    read ─▶ verify ─▶ copy the block ─▶ ring.append ─▶ publish
 *   history thread:                       └─▶ split into messages ─▶ INSERT a row each (JDBC batches), commit
 * </pre>
 */
public final class WriteBehindHistory extends WrittenBehind {
    private final JdbcHistory db;

    public WriteBehindHistory(JdbcHistory db, String url) {
        super("history H2 " + url);
        this.db = db;
        startWriting();
    }

    @Override
    protected void store(Chunk chunk) {
        byte[][] messages = new byte[chunk.count()][];
        ByteBuffer view = ByteBuffer.wrap(chunk.bytes(), 0, chunk.length());
        int at = 0;
        for (int i = 0; i < messages.length; i++) {
            int length = view.getInt(at);
            messages[i] = new byte[length];
            view.get(at + 4, messages[i]);
            at += length + FeedBlock.FRAMING_BYTES;
        }
        db.recordAll(messages);
    }

    @Override
    protected void readStored(long from, long to, MessageHandler handler) {
        db.read(from, to, handler);
    }

    @Override
    public void close() {
        drain();
        db.close();
    }
}
