package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.nio.ByteBuffer;

/**
 * The reader of the locked rungs (r0–r2): asks the ring for one message at a time (the ring takes its lock
 * per message), delivers it from the reader's own buffer, and reads from history whatever the window no
 * longer holds. One reader thread.
 */
final class LockedWindowReader implements MdfReader {
    /** What a locked ring offers its readers. */
    interface Window {
        /** Puts message {@code seq} into {@code out} (flipped): 1 done, 0 not written yet, −1 no longer in memory. */
        int copy(long seq, ByteBuffer out);

        /** Where a reader that missed {@code seq} can come back to memory (history runs up to it). */
        long backInMemoryFrom(long seq);
    }

    private final Window window;
    private final SequencedDelivery position;
    private final ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);

    LockedWindowReader(Window window, HistoryStore history, long fromSequence) {
        this.window = window;
        this.position = new SequencedDelivery(history, fromSequence);
    }

    @Override
    public int poll(MessageHandler handler) {
        int delivered = 0;
        while (true) {
            long seq = position.next();
            int got = window.copy(seq, scratch);
            if (got == 0) {
                return delivered;
            }
            if (got < 0) {
                delivered += position.fromHistory(Math.max(seq + 1, window.backInMemoryFrom(seq)), handler);
                continue;
            }
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
