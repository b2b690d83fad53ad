package dev.perflab.pump;

import dev.perflab.marketdata.MdfFormatException;
import dev.perflab.marketdata.MdfMessage;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * {@code r6-verifier-thread}: r5's sender ({@code transferTo}), and a receiver that reads on one thread and
 * verifies on another. Profiled, r5's receiving thread spent about 70% of its CPU in {@link StreamVerifier}
 * (the CRC-32C of every message, most of it) and under 30% in the read itself, while the {@code sendfile}
 * sender was nearly idle: the receiver was the bottleneck, doing serially what iperf3's receiver does not do
 * at all. Here a reader thread keeps the socket drained into a few direct buffers while the calling thread
 * verifies the previous ones, so reading and verifying overlap on two cores. The verification is the
 * same, byte for byte and in order: only where it runs changed.
 *
 * <pre>
 *   reader thread                                   calling thread (verifier)
 *   free.take() ─▶ read into [CARRY | block…] ─▶ full ─▶ take ─▶ copy the previous block's partial unit
 *        ▲                                                        into the CARRY room just before this block,
 *        └──────────── free.put(previous block) ◀────────────────  verifier.consume(from there), keep this block
 *   end of stream: END ─▶ full                      ─▶ verifier.finish(bytes of the partial unit left)
 *
 *   block: [ ........ CARRY ........ | bytes read (up to CHANNEL_RECEIVE_BYTES) ]
 *          ^ the reader never writes here; the verifier puts the previous block's unfinished unit at its end
 * </pre>
 *
 * <p>Threads and guarantees: the reader owns a block from {@code free.take()} until it puts it into
 * {@code full}; the verifier owns it from {@code full.take()} until it puts it back into {@code free}; the
 * queues' hand-offs order the reader's bytes before the verifier's reads. The blocks stay in stream order
 * (one reader, one FIFO queue). A failure on either side ends both: the reader's I/O error is handed over
 * in {@code full} and thrown by the verifier; a verification failure (or an interrupt) interrupts the
 * reader, which closes the channel if it is blocked in a read; {@code receive} returns only after the
 * reader has ended.
 */
public final class VerifierThreadPump implements Pump {
    /** Room before each block for the unit the previous block ended inside: a record is at most this long. */
    static final int CARRY_BYTES = 4 + MdfMessage.MAX_BYTES + 4;
    /** Blocks in flight: one being verified, one kept for its partial unit, the others read ahead. */
    static final int BLOCKS = 4;
    private static final Object END = new Object();

    private final Pump sender = new TransferToPump();

    @Override
    public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
        return sender.connect(to, day);
    }

    @Override
    public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
        BlockingQueue<ByteBuffer> free = new ArrayBlockingQueue<>(BLOCKS);
        BlockingQueue<Object> full = new ArrayBlockingQueue<>(BLOCKS + 1);
        for (int i = 0; i < BLOCKS; i++) {
            free.add(ByteBuffer.allocateDirect(CARRY_BYTES + PumpBuffers.CHANNEL_RECEIVE_BYTES));
        }
        Thread reader = new Thread(() -> read(accepted, free, full), "pump-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            verify(full, free, verifier);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while verifying the stream");
        } finally {
            reader.interrupt();
            joinUninterruptibly(reader);
        }
    }

    /** The reader thread: each block is one read after the carry room; END or the I/O error closes the sequence. */
    private static void read(SocketChannel channel, BlockingQueue<ByteBuffer> free, BlockingQueue<Object> full) {
        try {
            while (true) {
                ByteBuffer block = free.take();
                block.clear().position(CARRY_BYTES);
                if (channel.read(block) < 0) {
                    full.put(END);
                    return;
                }
                full.put(block.flip().position(CARRY_BYTES));
            }
        } catch (InterruptedException stopped) {
            // the verifier ended first (a bad record, or its own interrupt): nothing more to hand over
        } catch (IOException e) {
            // full has room for it: at most BLOCKS blocks and this one item are ever in it
            full.offer(Thread.currentThread().isInterrupted() ? END : e);
        }
    }

    /** The calling thread: blocks in stream order, each joined to the partial unit the previous one ended with. */
    private static void verify(BlockingQueue<Object> full, BlockingQueue<ByteBuffer> free, StreamVerifier verifier)
            throws InterruptedException, IOException, MdfFormatException {
        ByteBuffer previous = null;
        while (true) {
            Object item = full.take();
            if (item == END) {
                verifier.finish(previous == null ? 0 : previous.remaining());
                return;
            }
            if (item instanceof IOException e) {
                throw e;
            }
            ByteBuffer block = (ByteBuffer) item;
            if (previous != null) {
                int partial = previous.remaining(); // < CARRY_BYTES: consume stops only inside a unit it accepted
                block.put(CARRY_BYTES - partial, previous, previous.position(), partial).position(CARRY_BYTES - partial);
                free.put(previous);
            }
            verifier.consume(block);
            previous = block;
        }
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
