package dev.perflab.mdf.peers;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.RingSize;
import dev.perflab.mdf.SequencedDelivery;
import java.nio.ByteBuffer;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jctools.queues.SpscArrayQueue;

/**
 * Peer {@code peer-jctools-spsc}: fan-out by copying, the way many forwarders are written: one JCTools
 * {@link SpscArrayQueue} per reader, and the writer copies every message into a new array for each reader.
 * Every queue is single-producer (the writer) single-consumer (its reader), JCTools' fastest queue.
 *
 * <p>The writer waits (yielding) while a reader's queue is full: back-pressure, so a reader is never
 * lapped. A reader that joins late gets what was published before its queue was registered from
 * history (the wrapper publishes the next sequence after each append, an ordered store). Allocates
 * one array per message per reader: the cost this design pays and the rungs do not.
 */
public final class JctoolsFanOutRing implements MdfRing {
    private final CopyOnWriteArrayList<SpscArrayQueue<byte[]>> queues = new CopyOnWriteArrayList<>();
    private final int queueCapacity;
    private final PublishedSequence published = new PublishedSequence();
    private final HistoryStore history;

    public JctoolsFanOutRing(RingSize size, HistoryStore history) {
        this.queueCapacity = Math.min(size.windowPowerOfTwo(), Integer.highestOneBit(size.arenaBytes() / MdfMessage.MAX_BYTES));
        this.history = history;
    }

    @Override
    public void append(ByteBuffer message) {
        long seq = published.check(message);
        for (SpscArrayQueue<byte[]> queue : queues) {
            byte[] copy = new byte[message.remaining()];
            message.get(message.position(), copy);
            while (!queue.offer(copy)) {
                Thread.yield();
            }
        }
        published.published(seq);
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
        private final SpscArrayQueue<byte[]> queue = new SpscArrayQueue<>(queueCapacity);

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
            queues.add(queue);
        }

        @Override
        public int poll(MessageHandler handler) {
            long publishedBefore = published.next();
            int delivered = 0;
            byte[] message;
            while ((message = queue.poll()) != null) {
                delivered += position.deliver(ByteBuffer.wrap(message), handler);
            }
            return delivered + position.fromHistory(publishedBefore, handler);
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
