package dev.perflab.mdf.peers;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;
import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.RingSize;
import dev.perflab.mdf.SequencedDelivery;
import java.nio.ByteBuffer;

/**
 * Peer {@code peer-disruptor}: LMAX Disruptor 4.0.0, one single-producer ring of fixed 512-byte slots and one
 * {@link EventPoller} per reader (multicast: every reader sees every event). The writer copies each
 * message into its slot; each reader gets its own preallocated view of the slot, no copy.
 *
 * <p>Unlike the lab's rungs the Disruptor applies back-pressure: each poller's sequence gates the writer,
 * which waits while the slowest reader is a full ring behind; so a slow reader slows everyone and is never
 * lapped. A reader that joins late starts at the ring's cursor and gets what came before from history.
 * Slots: the window, capped so slots × 512 bytes fit the arena size.
 */
public final class DisruptorRing implements MdfRing {
    private final RingBuffer<Slot> ring;
    private final HistoryStore history;

    /** One ring entry: a message's bytes and a view over them. */
    static final class Slot {
        final ByteBuffer bytes = ByteBuffer.allocate(MdfMessage.MAX_BYTES);
        int length;
    }

    public DisruptorRing(RingSize size, HistoryStore history) {
        int slots = Math.min(size.windowPowerOfTwo(), Integer.highestOneBit(size.arenaBytes() / MdfMessage.MAX_BYTES));
        this.ring = RingBuffer.createSingleProducer(Slot::new, slots, new YieldingWaitStrategy());
        this.history = history;
    }

    @Override
    public void append(ByteBuffer message) {
        MdfMessage.checkLength(message.remaining());
        long expected = ring.getCursor() + 2;
        long seq = MdfMessage.sequenceOf(message, message.position());
        if (seq != expected) {
            throw new IllegalArgumentException("sequence " + seq + " appended; expected " + expected);
        }
        long slot = ring.next();
        Slot entry = ring.get(slot);
        entry.bytes.put(0, message, message.position(), message.remaining());
        entry.length = message.remaining();
        ring.publish(slot);
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
        private final EventPoller<Slot> poller;
        private final long joinedAt;
        private final ByteBuffer[] views;
        private final int mask;
        private MessageHandler target;
        private final EventPoller.Handler<Slot> onEvent = this::onEvent;

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
            views = new ByteBuffer[ring.getBufferSize()];
            mask = views.length - 1;
            for (int i = 0; i < views.length; i++) {
                views[i] = ring.get(i).bytes.duplicate();
            }
            poller = ring.newPoller();
            ring.addGatingSequences(poller.getSequence());
            joinedAt = poller.getSequence().get() + 2;
        }

        private boolean onEvent(Slot slot, long sequence, boolean endOfBatch) {
            ByteBuffer view = views[(int) (sequence & mask)];
            view.limit(slot.length).position(0);
            position.count(position.deliver(view, target));
            return true;
        }

        @Override
        public int poll(MessageHandler handler) {
            target = handler;
            position.count(position.fromHistory(joinedAt, handler));
            try {
                poller.poll(onEvent);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return position.takeCount();
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
