package dev.perflab.mdf;

import java.util.concurrent.atomic.AtomicLong;

/**
 * mystery — a lab with a hidden cause: a correct ring, slower than it should be. The brief is in
 * {@code exercises/mysteries.md}; {@code ./lab grade mdf-ring --rung mystery} says PASS once it is fixed.
 *
 * <p>r3's single-writer ring ({@link SingleWriterRing}: padded counters, copy-then-check readers), and a gauge of
 * the messages and bytes the ring has handed to its readers, which an operator's dashboard reads.
 */
public final class MysteryRing extends SingleWriterRing {
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    public MysteryRing(RingSize size, HistoryStore history) {
        super(size, history);
    }

    /** Messages handed to readers so far, every reader counted. */
    public long deliveredMessages() {
        return messages.get();
    }

    /** Their bytes. */
    public long deliveredBytes() {
        return bytes.get();
    }

    @Override
    public MdfReader reader(long fromSequence) {
        MdfReader reader = super.reader(fromSequence);
        return new MdfReader() {
            @Override
            public int poll(MessageHandler handler) {
                return reader.poll(message -> {
                    messages.incrementAndGet();
                    bytes.addAndGet(message.remaining());
                    handler.onMessage(message);
                });
            }

            @Override
            public long nextSequence() {
                return reader.nextSequence();
            }
        };
    }
}
