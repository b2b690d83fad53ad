package dev.perflab.mdf.peers;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.RingSize;
import dev.perflab.mdf.SequencedDelivery;
import java.nio.ByteBuffer;
import org.jctools.queues.SpscArrayQueue;

/**
 * Peer {@code peer-jctools-spsc}: fan-out over JCTools' {@link SpscArrayQueue}, its fastest queue: one queue per
 * reader (single producer, the writer; single consumer, its reader). The writer copies each message once into a
 * preallocated slot, as the rungs copy it once into their arena, and offers the same slot object to every
 * reader's queue (walking an array of the queues, which a joining reader replaces whole: a list's iterator would be
 * an allocation per message); each reader reads the slot in place through a view of its own. No allocation per
 * message.
 *
 * <pre>
 *   writer: copy into slot[seq mod S] ──offer slot──▶ queue of reader 1 ──poll──▶ view of the slot ──▶ handler
 *                                     ──offer slot──▶ queue of reader K ──poll──▶ view of the slot ──▶ handler
 * </pre>
 *
 * <h2>Why a slot is never overwritten while a reader holds it</h2>
 * Each queue holds at most Q = S / 2 slots and the writer waits (yielding) while a queue is full: back-pressure,
 * so no reader is lapped. When the writer fills the slot of sequence s, every reader has taken every slot up to
 * s − Q − 1 from its queue and is done with all but the one it may be reading, so the slots in use lie in
 * [s − Q − 1, s − 1]: Q + 1 slots, fewer than S, and slot s mod S is not among them. The queue's offer is a
 * release and its poll an acquire, so a reader sees the slot's bytes the writer put there.
 *
 * <p>A reader that joins late gets what was published before its queue was registered from history (the
 * wrapper publishes the next sequence after each append, an ordered store). Slots: the window, capped so
 * slots × 512 bytes fit the arena size, as the Disruptor peer's are.
 */
public final class JctoolsFanOutRing implements MdfRing {
    /** The fewest slots: queues of at least four. */
    static final int MIN_SLOTS = 8;

    /** Every reader's queue; replaced whole when a reader joins, so the writer walks an array, no iterator. */
    private volatile SpscArrayQueue<?>[] queues = new SpscArrayQueue<?>[0];
    private final Slot[] slots;
    private final int mask;
    private final int queueCapacity;
    private final PublishedSequence published = new PublishedSequence();
    private final HistoryStore history;

    /** One preallocated message slot: its bytes, length and index (which view a reader reads it through). */
    static final class Slot {
        final ByteBuffer bytes = ByteBuffer.allocate(MdfMessage.MAX_BYTES);
        final int index;
        int length;

        Slot(int index) {
            this.index = index;
        }
    }

    public JctoolsFanOutRing(RingSize size, HistoryStore history) {
        int count = Math.max(MIN_SLOTS, Math.min(size.windowPowerOfTwo(), Integer.highestOneBit(size.arenaBytes() / MdfMessage.MAX_BYTES)));
        this.slots = new Slot[count];
        for (int i = 0; i < count; i++) {
            slots[i] = new Slot(i);
        }
        this.mask = count - 1;
        this.queueCapacity = count / 2;
        this.history = history;
    }

    @Override
    public void append(ByteBuffer message) {
        long seq = published.check(message);
        Slot slot = slots[(int) (seq & mask)];
        slot.bytes.put(0, message, message.position(), message.remaining());
        slot.length = message.remaining();
        for (SpscArrayQueue<?> queue : queues) {
            @SuppressWarnings("unchecked")
            SpscArrayQueue<Slot> q = (SpscArrayQueue<Slot>) queue;
            while (!q.offer(slot)) {
                Thread.yield();
            }
        }
        published.published(seq);
    }

    /** Adds a reader's queue (any thread; the writer sees the new array on its next append). */
    private synchronized void join(SpscArrayQueue<Slot> queue) {
        SpscArrayQueue<?>[] more = java.util.Arrays.copyOf(queues, queues.length + 1);
        more[queues.length] = queue;
        queues = more;
    }

    @Override
    public MdfReader reader(long fromSequence) {
        return new Reader(fromSequence);
    }

    @Override
    public void close() {
    }

    private final class Reader implements MdfReader {
        private final SequencedDelivery position;
        private final SpscArrayQueue<Slot> queue = new SpscArrayQueue<>(queueCapacity);
        private final ByteBuffer[] views = new ByteBuffer[slots.length];

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
            for (int i = 0; i < views.length; i++) {
                views[i] = slots[i].bytes.duplicate();
            }
            join(queue);
        }

        @Override
        public int poll(MessageHandler handler) {
            long publishedBefore = published.next();
            int delivered = 0;
            Slot slot;
            while ((slot = queue.poll()) != null) {
                ByteBuffer view = views[slot.index];
                view.limit(slot.length).position(0);
                delivered += position.deliver(view, handler);
            }
            return delivered + position.fromHistory(publishedBefore, handler);
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
