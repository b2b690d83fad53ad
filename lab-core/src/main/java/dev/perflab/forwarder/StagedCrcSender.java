package dev.perflab.forwarder;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.OverwrittenException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The sessions of rungs r0–r4: each message the ring delivers is staged with its length and a CRC-32C computed
 * for this client, and a full staging buffer (or the end of a poll) goes to the socket's {@code OutputStream}.
 *
 * <pre>
 *   reader.poll ─▶ per message: staging ◀── length │ message │ CRC-32C(message)   (computed per client)
 *   staging full, or poll done ─▶ OutputStream.write(staging)   (the JDK copies it into a direct buffer first)
 * </pre>
 *
 * A zero-copy ring (r4) may find after a poll that it overwrote slices it handed out; what is still staged
 * from there is taken back ({@link OverwrittenException}); what was already written cannot be, and resets the client.
 */
public class StagedCrcSender extends SessionSender {
    /** Bytes staged before a write. */
    static final int STAGING_BYTES = 64 * 1024;

    private final OutputStream out;
    private final ByteBuffer staging = ByteBuffer.allocate(STAGING_BYTES);
    private final int[] stagedAt = new int[STAGING_BYTES / (MdfMessage.MIN_BYTES + FeedBlock.FRAMING_BYTES) + 1];
    private final CRC32C crc = new CRC32C();
    private long firstStagedSequence;
    private int stagedCount;

    public StagedCrcSender(Socket socket) throws IOException {
        this.out = socket.getOutputStream();
    }

    @Override
    public void header(ByteBuffer header) throws IOException {
        long start = System.nanoTime();
        out.write(header.array(), header.arrayOffset() + header.position(), header.remaining());
        wrote(header.remaining(), start);
    }

    @Override
    public int poll() throws IOException {
        firstStagedSequence = reader.nextSequence();
        int n;
        try {
            n = reader.poll(this::stage);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (OverwrittenException e) {
            n = dropFrom(e.firstUnsafeSequence());
        }
        flush();
        return n;
    }

    /** The CRC-32C that goes on the wire after {@code message}: computed here, for this client. */
    protected int crcOf(ByteBuffer message) {
        crc.reset();
        crc.update(message.duplicate());
        return (int) crc.getValue();
    }

    private void stage(ByteBuffer message) {
        int length = message.remaining();
        if (staging.remaining() < length + FeedBlock.FRAMING_BYTES) {
            try {
                flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        stagedAt[stagedCount++] = staging.position();
        int crcValue = crcOf(message);
        staging.putInt(length).put(message).putInt(crcValue);
        counted(1);
    }

    /** A zero-copy ring overwrote what it handed out from {@code sequence} on: unsend it if still staged. */
    private int dropFrom(long sequence) throws IOException {
        long index = sequence - firstStagedSequence;
        if (index < 0 || index > stagedCount) {
            throw new IOException("the ring overwrote messages from " + sequence + " already sent; resetting the client");
        }
        staging.position(stagedAt[(int) index]);
        counted(-(stagedCount - index));
        stagedCount = (int) index;
        return stagedCount;
    }

    private void flush() throws IOException {
        if (staging.position() > 0) {
            long start = System.nanoTime();
            out.write(staging.array(), 0, staging.position());
            wrote(staging.position(), start);
            staging.clear();
        }
        firstStagedSequence += stagedCount;
        stagedCount = 0;
    }

    @Override
    public void end() throws IOException {
        flush();
        out.flush();
    }
}
