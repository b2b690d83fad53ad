package dev.perflab.forwarder;

import dev.perflab.mdf.HistoryStore;
import java.nio.ByteBuffer;

/**
 * The forwarder's history of the day: the feed hands it every verified block before the block's messages
 * reach the ring, and a late or lapped reader reads what the ring no longer holds from it ({@link HistoryStore}).
 * How and when a block is stored is the rung's: on the feed thread (the report's database insert per message,
 * {@link InlineHistory}), behind it on a thread of its own ({@link WriteBehindHistory}), or as an append-only
 * journal indexed by the database ({@link JournalHistory}).
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li>One feed thread calls {@link #recordBlock} and {@link #finish}; blocks come in sequence order from 1.</li>
 *   <li>{@link HistoryStore#read} may come from any session thread at any time, for any range the feed has
 *       handed over; a store that records behind the feed waits until the range is stored.</li>
 *   <li>A store that fails (the database closed, the disk full) says so once in {@link #failure()}, records
 *       nothing more, and fails every read of what it had not stored; the day goes on from the ring.</li>
 * </ul>
 */
public interface DayHistory extends HistoryStore {
    /**
     * Feed thread: the block's records are verified; store them (now, or later from a copy).
     *
     * @throws RuntimeException when the store fails on this thread ({@link #failure()} says so afterwards too)
     */
    void recordBlock(FeedBlock block);

    /** Feed thread, at the day's end: whatever was handed over is stored, or the store has failed, when this returns. */
    default void finish() {
    }

    /** The one line saying why the store stopped recording, or null while it works. Any thread. */
    String failure();

    /** Messages stored so far (a store behind the feed lags it). Any thread. */
    long recorded();

    /** Not used by the forwarder: the feed hands over whole blocks ({@link #recordBlock}). */
    @Override
    default void record(ByteBuffer message) {
        throw new UnsupportedOperationException("the forwarder's history takes whole blocks: recordBlock");
    }
}
