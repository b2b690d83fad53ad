package dev.perflab.mdf.peers;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.RingSize;
import dev.perflab.mdf.SequencedDelivery;
import java.nio.ByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.broadcast.BroadcastBufferDescriptor;
import org.agrona.concurrent.broadcast.BroadcastReceiver;
import org.agrona.concurrent.broadcast.BroadcastTransmitter;

/**
 * Peer {@code peer-agrona-broadcast}: Agrona 1.23.1's {@link BroadcastTransmitter} and one
 * {@link BroadcastReceiver} per reader over one direct buffer: the same design as r3 (one writer, never
 * blocked; receivers detect being lapped). Each reader copies a message into its own buffer and then
 * {@link BroadcastReceiver#validate()}s it, as Agrona's {@code CopyBroadcastReceiver} does; a copy that
 * fails validation, or a gap after a lap, is filled from history. A receiver starts at the latest
 * message, so a late joiner gets what came before from history too.
 *
 * <p>The transmitter does not count messages, so the wrapper publishes the next sequence after each
 * transmit (an ordered store): a reader that drained its receiver knows what it still needs from history.
 */
public final class AgronaBroadcastRing implements MdfRing {
    private static final int MESSAGE_TYPE = 1;
    private final UnsafeBuffer buffer;
    private final BroadcastTransmitter transmitter;
    private final UnsafeBuffer source = new UnsafeBuffer(0, 0);
    private final PublishedSequence published = new PublishedSequence();
    private final HistoryStore history;

    public AgronaBroadcastRing(RingSize size, HistoryStore history) {
        this.buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(size.arenaBytesPowerOfTwo() + BroadcastBufferDescriptor.TRAILER_LENGTH));
        this.transmitter = new BroadcastTransmitter(buffer);
        this.history = history;
    }

    @Override
    public void append(ByteBuffer message) {
        long seq = published.check(message);
        source.wrap(message, message.position(), message.remaining());
        transmitter.transmit(MESSAGE_TYPE, source, 0, message.remaining());
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
        private final BroadcastReceiver receiver = new BroadcastReceiver(buffer);
        private final UnsafeBuffer scratch = new UnsafeBuffer(ByteBuffer.allocateDirect(MdfMessage.MAX_BYTES));
        private final ByteBuffer view = scratch.byteBuffer().duplicate();

        Reader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
        }

        @Override
        public int poll(MessageHandler handler) {
            long publishedBefore = published.next();
            int delivered = 0;
            while (receiver.receiveNext()) {
                int length = receiver.length();
                if (length < MdfMessage.MIN_BYTES || length > MdfMessage.MAX_BYTES) {
                    continue;
                }
                scratch.putBytes(0, receiver.buffer(), receiver.offset(), length);
                if (!receiver.validate()) {
                    continue;
                }
                view.limit(length).position(0);
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
