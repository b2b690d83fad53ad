package dev.perflab.forwarder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Exercise "frame the records" (exercises/README.md): a session's sender with the framing left to you. The
 * ring hands {@link #stage} one message at a time; the client must receive the day file's record for it:
 *
 * <pre>
 *   ┌──────────────┬───────────────────────┬──────────────────────────────┐
 *   │ length (4 B) │ the message's bytes   │ CRC-32C of the message (4 B) │   big-endian ints
 *   └──────────────┴───────────────────────┴──────────────────────────────┘
 * </pre>
 *
 * The feed checked each message's CRC-32C on receive and kept it: {@code crcs.lookup(sequence)} returns it (the
 * sequence is the message's first 8 bytes), or -1 when the table no longer holds it (a message read back from
 * history); compute it then ({@link java.util.zip.CRC32C}). Put the record into {@code staging} (a direct buffer,
 * written for you after every poll, and by {@link #flush} when it is full). Reference: {@link ForwardedCrcSender} (rung r5 and r6,
 * which this exercise's configuration is with the framing taken out). Check it with
 * {@code ./lab check forwarder --rung student}; measure it with {@code ./lab run forwarder --rung r6,student}.
 */
public final class StudentSender extends SessionSender {
    private final SocketChannel channel;
    private final RecordCrcs crcs;
    private final ByteBuffer staging = ByteBuffer.allocateDirect(StagedCrcSender.STAGING_BYTES);

    public StudentSender(SocketChannel channel, RecordCrcs crcs) {
        this.channel = channel;
        this.crcs = crcs;
    }

    /**
     * One message (between its position and limit; read it, do not write into it) becomes one record in
     * {@code staging}. Call {@link #flush} first when the record does not fit.
     */
    private void stage(ByteBuffer message) throws IOException {
        // TODO: the record: length, message, the CRC-32C it arrived with (crcs), or one computed for it
        throw new UnsupportedOperationException("exercise: stage the message's record (length, bytes, CRC-32C) in StudentSender.stage");
    }

    @Override
    public void header(ByteBuffer header) throws IOException {
        staging.put(header.duplicate());
        flush();
    }

    @Override
    public int poll() throws IOException {
        int n;
        try {
            n = reader.poll(message -> {
                try {
                    stage(message);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        counted(n);
        flush();
        return n;
    }

    /** Writes what is staged to the client. */
    private void flush() throws IOException {
        writeStaged(staging, channel);
    }

    @Override
    public void end() throws IOException {
        flush();
    }
}
