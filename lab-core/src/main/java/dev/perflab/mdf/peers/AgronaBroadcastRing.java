package dev.perflab.mdf.peers;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfReader;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.OverwrittenException;
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
 * blocked; receivers detect being lapped). Each reader hands the handler a view of the message where it lies in
 * the broadcast buffer, and {@link BroadcastReceiver#validate()}s it after the handler returns, as r4 checks its
 * slices after the handler: Agrona's documented way to read in place (receive, read, validate), without the copy
 * its {@code CopyBroadcastReceiver} makes for callers that cannot re-read. A message already overwritten when its
 * header is read is skipped (the gap is filled from history on the next poll); one overwritten while the handler
 * read it makes the reader rewind to it and throw {@link OverwrittenException}, as r4 does, so the caller can drop
 * what it passed on. A receiver starts at the latest message, so a late joiner gets what came before from history.
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
        /** This reader's view of the broadcast buffer (the buffer wraps its direct memory from index 0). */
        private final ByteBuffer view = buffer.byteBuffer().duplicate();

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
                int offset = receiver.offset();
                view.limit(offset + length).position(offset);
                long seq = MdfMessage.sequenceOf(view, offset);
                if (!receiver.validate()) {
                    continue;
                }
                boolean handed = seq >= position.next();
                delivered += position.deliver(seq, view, handler);
                if (handed && !receiver.validate()) {
                    position.moveTo(seq);
                    throw new OverwrittenException(seq);
                }
            }
            return delivered + position.fromHistory(publishedBefore, handler);
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
