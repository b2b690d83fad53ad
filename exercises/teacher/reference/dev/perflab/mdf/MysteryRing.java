package dev.perflab.mdf;

import java.util.concurrent.atomic.LongAdder;

/**
 * mystery — the fix (teacher's copy; exercises/teacher/README.md names the cause): the gauge's two counts are
 * {@code LongAdder}s, whose cells spread the threads' adds over cache lines of their own, and each reader adds what
 * one poll delivered once, not once per message. The shipped ring added to two {@code AtomicLong}s for every message
 * in every reader thread: locked adds on lines the reader threads took from each other's cores, twice per message.
 *
 * <p>r3's single-writer ring ({@link SingleWriterRing}: padded counters, copy-then-check readers), and a gauge of
 * the messages and bytes the ring has handed to its readers, which an operator's dashboard reads.
 */
public final class MysteryRing extends SingleWriterRing {
    private final LongAdder messages = new LongAdder();
    private final LongAdder bytes = new LongAdder();

    public MysteryRing(RingSize size, HistoryStore history) {
        super(size, history);
    }

    /** Messages handed to readers so far, every reader counted. */
    public long deliveredMessages() {
        return messages.sum();
    }

    /** Their bytes. */
    public long deliveredBytes() {
        return bytes.sum();
    }

    @Override
    public MdfReader reader(long fromSequence) {
        MdfReader reader = super.reader(fromSequence);
        return new MdfReader() {
            // this poll's counts: only the reader's own thread touches them, so they are plain fields
            private long polled;
            private long polledBytes;

            @Override
            public int poll(MessageHandler handler) {
                try {
                    return reader.poll(message -> {
                        polled++;
                        polledBytes += message.remaining();
                        handler.onMessage(message);
                    });
                } finally {
                    // one add per poll, not per message, and counted even when the handler threw part-way
                    if (polled > 0) {
                        messages.add(polled);
                        bytes.add(polledBytes);
                        polled = 0;
                        polledBytes = 0;
                    }
                }
            }

            @Override
            public long nextSequence() {
                return reader.nextSequence();
            }
        };
    }
}
