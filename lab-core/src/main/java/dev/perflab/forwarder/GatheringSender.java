package dev.perflab.forwarder;

import dev.perflab.mdf.BatchHandler;
import dev.perflab.mdf.BatchedZeroCopyRing;
import dev.perflab.mdf.MessageHandler;
import dev.perflab.mdf.OverwrittenException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.zip.CRC32C;

/**
 * Exhibit {@code x-gathering-slices}, the candidate {@code r7-record-spans} replaced: the ring is mdf-ring's
 * {@code r4-batched-zero-copy}; a session takes every
 * available message as slices of the ring's own direct memory ({@link BatchedZeroCopyRing.BatchReader#pollBatch})
 * and writes each batch with one gathering write: per message its length and forwarded CRC-32C from a small
 * framing buffer of the session's, and the message itself from the ring. No copy of a message in the JVM.
 *
 * <pre>
 *   pollBatch ─▶ slices s₁ … sₙ (ring memory)        frames (session's, direct): │len₁│crc₁│len₂│crc₂│ …
 *   SocketChannel.write([len₁, s₁, crc₁, len₂, s₂, crc₂, …])    one writev per IOV_MAX buffers; the kernel copies
 *   messages from history (a late or lapped reader) ─▶ staged, written before the batch
 * </pre>
 *
 * <p>Why it should have been faster: profiled, r6's session threads spent their samples copying every message
 * into the staging array, then the JDK copying the array into a temporary direct buffer for the write, per
 * client. Here the kernel's copy from the ring is the only one. Why it is not: three buffers per message (its
 * length, its bytes, its CRC) of about 280 bytes on average; profiled, the session threads spent more samples
 * in the JDK's gathering write ({@code IOUtil.write} filling one iovec per buffer) and the kernel's per-buffer
 * work than r6's spent copying. A copy of 280 bytes is cheaper than three iovecs. Kept as a warning.
 *
 * <p>Over a ring that hands out no slices (the exhibits' rings) every message is staged as history's are: the
 * forwarded CRC, a direct staging buffer, one channel write per 64 KiB.
 *
 * <p>If the ring overwrote a batch while it was being written (a reader a whole ring behind), the bytes are on
 * the wire already: the client is reset ({@link OverwrittenException} becomes a failed session).
 */
public final class GatheringSender extends SessionSender {
    private static final int MAX_BATCH = BatchedZeroCopyRing.MAX_BATCH_MESSAGES;
    private static final int FRAME_BYTES = 8;

    private final SocketChannel channel;
    private final RecordCrcs crcs;
    private final ByteBuffer frames = ByteBuffer.allocateDirect(MAX_BATCH * FRAME_BYTES);
    private final ByteBuffer[] lengthViews = new ByteBuffer[MAX_BATCH];
    private final ByteBuffer[] crcViews = new ByteBuffer[MAX_BATCH];
    private final ByteBuffer[] gather = new ByteBuffer[3 * MAX_BATCH];
    private final ByteBuffer staging = ByteBuffer.allocateDirect(StagedCrcSender.STAGING_BYTES);
    private final CRC32C crc = new CRC32C();
    private final BatchHandler batch = this::gatherBatch;
    private final MessageHandler fromHistory = this::stage;

    public GatheringSender(SocketChannel channel, RecordCrcs crcs) {
        this.channel = channel;
        this.crcs = crcs;
        for (int i = 0; i < MAX_BATCH; i++) {
            lengthViews[i] = frames.duplicate();
            crcViews[i] = frames.duplicate();
        }
    }

    @Override
    public void header(ByteBuffer header) throws IOException {
        staging.put(header.duplicate());
        flushStaging();
    }

    @Override
    public int poll() throws IOException {
        int n;
        try {
            n = reader instanceof BatchedZeroCopyRing.BatchReader batches ? batches.pollBatch(batch, fromHistory)
                    : reader.poll(fromHistory);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (OverwrittenException e) {
            throw new IOException("the ring overwrote messages from " + e.firstUnsafeSequence() + " while they were sent; resetting the client");
        }
        flushStaging();
        return n;
    }

    private int crcOf(ByteBuffer message) {
        long forwarded = crcs.lookup(message.getLong(message.position()));
        if (forwarded >= 0) {
            return (int) forwarded;
        }
        int at = message.position();
        crc.reset();
        crc.update(message);
        message.position(at);
        return (int) crc.getValue();
    }

    /** A message read back from history (or from a ring without slices): staged with its length and CRC, written before the next batch. */
    private void stage(ByteBuffer message) {
        try {
            if (staging.remaining() < message.remaining() + FeedBlock.FRAMING_BYTES) {
                flushStaging();
            }
            int length = message.remaining();
            int crcValue = crcOf(message);
            staging.putInt(length).put(message).putInt(crcValue);
            counted(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void gatherBatch(ByteBuffer[] slices, int count) {
        try {
            flushStaging();
            long total = 0;
            for (int i = 0; i < count; i++) {
                ByteBuffer s = slices[i];
                int length = s.remaining();
                int at = i * FRAME_BYTES;
                frames.putInt(at, length).putInt(at + 4, crcOf(s));
                gather[3 * i] = lengthViews[i].limit(at + 4).position(at);
                gather[3 * i + 1] = s;
                gather[3 * i + 2] = crcViews[i].limit(at + FRAME_BYTES).position(at + 4);
                total += length + FeedBlock.FRAMING_BYTES;
            }
            writeFully(gather, 3 * count, total);
            counted(count);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeFully(ByteBuffer[] buffers, int length, long total) throws IOException {
        long start = System.nanoTime();
        int first = 0;
        while (first < length) {
            channel.write(buffers, first, length - first);
            while (first < length && !buffers[first].hasRemaining()) {
                first++;
            }
        }
        wrote(total, start);
    }

    private void flushStaging() throws IOException {
        writeStaged(staging, channel);
    }

    @Override
    public void end() throws IOException {
        flushStaging();
    }
}
