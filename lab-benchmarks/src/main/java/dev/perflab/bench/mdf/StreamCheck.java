package dev.perflab.bench.mdf;

import dev.perflab.marketdata.MdfMessage;
import dev.perflab.mdf.MessageHandler;
import java.nio.ByteBuffer;

/**
 * What one benchmark reader does with each message: checks it is the next sequence and byte-equal to the
 * template the writer sent (everything after the sequence, which the writer rewrites per message), and
 * counts it. A reader thread owns one; the tear-down reads it after that thread has stopped.
 */
final class StreamCheck implements MessageHandler {
    /** Each template viewed from after its sequence field: what every message made from it must equal. */
    private final ByteBuffer[] bodies;
    private final int templateMask;
    long expected = 1;
    long received;
    long failures;
    String firstFailure;

    StreamCheck(ByteBuffer[] templates) {
        this.bodies = new ByteBuffer[templates.length];
        for (int i = 0; i < templates.length; i++) {
            bodies[i] = templates[i].duplicate().position(Long.BYTES);
        }
        this.templateMask = templates.length - 1;
    }

    /** The template message {@code seq} was made from. */
    static int templateOf(long seq, int mask) {
        return (int) (seq & mask);
    }

    @Override
    public void onMessage(ByteBuffer message) {
        int at = message.position();
        long seq = MdfMessage.sequenceOf(message, at);
        ByteBuffer body = bodies[templateOf(expected, templateMask)];
        int length = message.remaining();
        message.position(at + Long.BYTES);
        boolean ok = seq == expected && message.mismatch(body) < 0;
        message.position(at);
        if (!ok) {
            if (failures++ == 0) {
                firstFailure = "expected sequence " + expected + " (" + body.limit() + " bytes), got " + seq
                        + " (" + length + " bytes" + (seq == expected ? ", different bytes" : "") + ")";
            }
            expected = seq;
        }
        expected++;
        received++;
    }

    /** Throws unless exactly {@code count} messages arrived, in order, byte-equal. */
    void verify(String who, long count) {
        if (failures > 0 || received != count || expected != count + 1) {
            throw new IllegalStateException(who + ": received " + received + " of " + count + " messages, "
                    + failures + " out of order or not byte-equal" + (firstFailure == null ? "" : "; first: " + firstFailure));
        }
    }
}
