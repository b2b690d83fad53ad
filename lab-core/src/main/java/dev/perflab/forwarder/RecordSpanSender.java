package dev.perflab.forwarder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.zip.CRC32C;

/**
 * Rung {@code r7-record-spans}: the forwarder keeps the day's records exactly as they arrived ({@link RecordRing}:
 * length, message, the CRC-32C the Simulator sent, verified once on receive), so what a client still needs is one
 * contiguous span of the ring, sent with one write, or a gathering write of two buffers where the span wraps.
 * A session does nothing per message: no copy, no CRC, no framing; the kernel's copy into the socket is the only one.
 *
 * <pre>
 *   reader.prepare ─▶ span [end of record n − 1, end of record m) of the ring ─▶ SocketChannel.write(1 or 2 views),
 *                     non-blocking: what the socket takes now ─▶ reader.commit(bytes): whole records passed, the
 *                     rest of a record the write cut copied aside and written next
 *   messages from history (a late or lapped reader beyond the window) ─▶ staged with a CRC computed, written first
 * </pre>
 *
 * <p>Why faster: profiled, r6's session threads spent half their samples per message: the ring's copy into the
 * reader's buffer, the staging copy with its framing, then the JDK's copy of the staging array into a temporary
 * direct buffer; three copies and a frame per message per client. The candidate, mdf-ring's r4 slices in
 * gathering writes ({@code x-gathering-slices}), removed the copies but not the per-message work: three buffers per
 * message, and profiled its session threads took nearly twice r6's samples, a fifth of them in the JDK's gathering
 * write filling one iovec per buffer. A span of whole records needs neither.
 *
 * <p>A span overwritten while it was sent (a reader a whole ring behind) cannot be taken back: the client is reset.
 */
public final class RecordSpanSender extends SessionSender {
    /** How long one wait for the socket to take more lasts before the session looks again (the deadline, new data). */
    static final long WRITABLE_WAIT_MILLIS = 20;

    private final SocketChannel channel;
    private final ByteBuffer staging = ByteBuffer.allocateDirect(StagedCrcSender.STAGING_BYTES);
    private final ByteBuffer rest = ByteBuffer.allocateDirect(RecordRing.MAX_RECORD_BYTES);
    private final CRC32C crc = new CRC32C();
    private final dev.perflab.mdf.MessageHandler fromHistory = this::stage;
    private Selector selector;
    private RecordRing.Reader records;

    public RecordSpanSender(SocketChannel channel) {
        this.channel = channel;
        rest.flip();
    }

    @Override
    public void start(Forwarder.Stores stores, long fromSequence) {
        if (stores.records() == null) {
            throw new IllegalArgumentException("record spans need a record ring, not " + stores.ringId());
        }
        records = stores.records().reader(fromSequence);
        try {
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long nextSequence() {
        return records.nextSequence();
    }

    @Override
    public void header(ByteBuffer header) throws IOException {
        staging.put(header.duplicate());
        flushStaging();
    }

    /**
     * Finishes the record a previous write cut, then sends the next span with one non-blocking write (gathering
     * where it wraps): what the socket does not take now stays in the ring, and the session waits for the socket
     * without holding a span, so a client that falls a whole ring behind goes on from history instead of being reset.
     */
    @Override
    public int poll() throws IOException {
        if (rest.hasRemaining() && !writeSome(rest)) {
            return 0;
        }
        int n;
        try {
            n = records.prepare(fromHistory);
            flushStaging();
            if (records.spanMessages() > 0) {
                long start = System.nanoTime();
                ByteBuffer[] views = records.views();
                long written = records.viewCount() == 1 ? channel.write(views[0]) : channel.write(views, 0, records.viewCount());
                n += records.commit(written, rest);
                wrote(written, start);
                if (rest.hasRemaining()) {
                    writeSome(rest);
                }
                if (written == 0) {
                    awaitWritable();
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (RecordRing.Reader.Lapped e) {
            throw new IOException(e.getMessage() + "; resetting the client");
        }
        counted(n);
        return n;
    }

    /** One non-blocking write of what {@code buf} holds; waits for the socket once if it took not all. True when all went. */
    private boolean writeSome(ByteBuffer buf) throws IOException {
        long start = System.nanoTime();
        int n = channel.write(buf);
        wrote(n, start);
        if (buf.hasRemaining()) {
            awaitWritable();
            return false;
        }
        return true;
    }

    private void awaitWritable() throws IOException {
        selector.select(WRITABLE_WAIT_MILLIS);
        selector.selectedKeys().clear();
    }

    /** A message read back from history: its record staged with a CRC computed for it, written before the next span. */
    private void stage(ByteBuffer message) {
        try {
            if (staging.remaining() < message.remaining() + FeedBlock.FRAMING_BYTES) {
                flushStaging();
            }
            crc.reset();
            crc.update(message.duplicate());
            staging.putInt(message.remaining()).put(message).putInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes all that is staged (the session's own memory: it may wait for the socket as long as it takes). */
    private void flushStaging() throws IOException {
        if (staging.position() == 0) {
            return;
        }
        staging.flip();
        while (staging.hasRemaining()) {
            writeSome(staging);
        }
        staging.clear();
    }

    @Override
    public void end() throws IOException {
        while (rest.hasRemaining()) {
            writeSome(rest);
        }
        flushStaging();
    }

    @Override
    public void close() throws IOException {
        if (selector != null) {
            selector.close();
        }
    }
}
