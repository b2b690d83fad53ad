package dev.perflab.forwarder;

import dev.perflab.mdf.MdfRing;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What a client sends the forwarder first: where its day starts and its name. The forwarder tells a
 * client from the Simulator by the first four bytes ({@code PLSB} here, a day file's {@code PLMD} there).
 *
 * <pre>
 *  offset  size  field
 *  0       4     magic "PLSB"
 *  4       8     first sequence wanted (≥ 1; 1 = the whole day, what a late joiner asks for)
 *  12      8     join once this many messages are published (0 = at once; a late joiner that subscribed early)
 *  20      1     name length N, 1..{@value #MAX_NAME_BYTES}
 *  21      N     name, ASCII letters, digits, '-' and '_'
 * </pre>
 * All integers big-endian. Every field is checked before it is used; a bad one is an {@link IOException}
 * naming the byte offset.
 *
 * @param fromSequence  the first sequence the client wants
 * @param joinAtMessage the forwarder starts the session once it has published this many messages (0: at once), so a
 *                      late joiner whose process started early still joins a live day at a known point
 * @param name          the client's name in the forwarder's report
 */
public record Subscription(long fromSequence, long joinAtMessage, String name) {
    public static final byte[] MAGIC = "PLSB".getBytes(StandardCharsets.US_ASCII);
    public static final int MAX_NAME_BYTES = 32;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1," + MAX_NAME_BYTES + "}");

    /** A subscription served at once. */
    public Subscription(long fromSequence, String name) {
        this(fromSequence, 0, name);
    }

    public Subscription {
        if (fromSequence < MdfRing.FIRST_SEQUENCE) {
            throw new IllegalArgumentException("first sequence " + fromSequence + "; sequences start at " + MdfRing.FIRST_SEQUENCE);
        }
        if (joinAtMessage < 0) {
            throw new IllegalArgumentException("join at message " + joinAtMessage + "; expected ≥ 0 (0: at once)");
        }
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("client name '" + name + "': 1.." + MAX_NAME_BYTES + " letters, digits, '-' or '_'");
        }
    }

    /** The whole frame, magic included. */
    public byte[] encode() {
        byte[] name = this.name.getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(MAGIC.length + 8 + 8 + 1 + name.length).put(MAGIC).putLong(fromSequence)
                .putLong(joinAtMessage).put((byte) name.length).put(name).array();
    }

    /**
     * Reads the frame after its magic (already read and matched by the caller).
     *
     * @param source names the connection in error messages
     * @throws IOException {@code SOURCE:byte OFFSET: problem} for a bad field or a cut frame
     */
    public static Subscription readAfterMagic(InputStream in, String source) throws IOException {
        byte[] fixed = readFully(in, 8 + 8 + 1, MAGIC.length, source);
        ByteBuffer view = ByteBuffer.wrap(fixed);
        long from = view.getLong(0);
        if (from < MdfRing.FIRST_SEQUENCE) {
            throw new IOException(source + ":byte " + MAGIC.length + ": first sequence " + from + ", expected ≥ " + MdfRing.FIRST_SEQUENCE);
        }
        long joinAt = view.getLong(8);
        if (joinAt < 0) {
            throw new IOException(source + ":byte " + (MAGIC.length + 8) + ": join at message " + joinAt + ", expected ≥ 0");
        }
        int length = fixed[16] & 0xFF;
        if (length < 1 || length > MAX_NAME_BYTES) {
            throw new IOException(source + ":byte " + (MAGIC.length + 16) + ": name length " + length + ", expected 1.." + MAX_NAME_BYTES);
        }
        String name = new String(readFully(in, length, MAGIC.length + 17, source), StandardCharsets.US_ASCII);
        if (!NAME.matcher(name).matches()) {
            throw new IOException(source + ":byte " + (MAGIC.length + 17) + ": client name has characters other than letters, digits, '-' or '_'");
        }
        return new Subscription(from, joinAt, name);
    }

    private static byte[] readFully(InputStream in, int n, int offset, String source) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException(source + ":byte " + (offset + bytes.length) + ": the subscription frame ends early");
        }
        return bytes;
    }
}
