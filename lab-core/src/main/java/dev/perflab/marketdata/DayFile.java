package dev.perflab.marketdata;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The day file: a day of market data as the report's simulator replays it, and what {@code ./lab mdf
 * replay} writes for each reader (so it can be compared with the input byte for byte).
 *
 * <pre>
 *  offset  size  field
 *  0       4     magic "PLMD"
 *  4       2     version (1)
 *  6       2     largest message length the file allows (≤ 512)
 *  8       8     message count
 *  16      …     count records:
 *                +0      4   length L of the message, {@value MdfMessage#MIN_BYTES}..max above
 *                +4      L   the message bytes (layout in {@link MdfMessage})
 *                +4+L    4   CRC-32C of the L message bytes
 * </pre>
 *
 * All integers big-endian. Reading ({@link #read}) is streaming: each message is handed on as soon as
 * its checksum passes, so a file that goes bad at some byte still delivers every message before it;
 * the fault is one {@link MdfFormatException} naming the byte offset.
 */
public final class DayFile {
    public static final byte[] MAGIC = "PLMD".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 16;
    static final int COUNT_OFFSET = 8;
    static final int LENGTH_BYTES = 4;
    static final int CHECKSUM_BYTES = 4;
    private static final int IO_BUFFER_BYTES = 1 << 16;

    private DayFile() {
    }

    /** Receives each message read; {@code bytes} holds exactly one message (valid during the call). */
    @FunctionalInterface
    public interface Sink {
        void accept(ByteBuffer bytes) throws IOException;
    }

    /** The {@value #HEADER_BYTES}-byte header of a day of {@code count} messages of at most 512 bytes (position 0). */
    public static ByteBuffer header(long count) {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        header.put(MAGIC).putShort((short) VERSION).putShort((short) MdfMessage.MAX_BYTES).putLong(count);
        return header.flip();
    }

    /** Writes a whole day to {@code file}. */
    public static void write(Path file, byte[][] day) throws IOException {
        try (Writer writer = new Writer(file)) {
            for (byte[] message : day) {
                writer.append(ByteBuffer.wrap(message));
            }
        }
    }

    /** Reads a whole file into memory; a fault throws after nothing (the caller gets the exception only). */
    public static byte[][] readAll(Path file) throws IOException, MdfFormatException {
        java.util.List<byte[]> messages = new java.util.ArrayList<>();
        read(file, bytes -> {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            messages.add(copy);
        });
        return messages.toArray(new byte[0][]);
    }

    /**
     * Streams the messages of {@code file} to {@code sink}, in file order.
     *
     * @return the number of messages delivered
     * @throws MdfFormatException at the first fault, after every message before it was delivered
     */
    public static long read(Path file, Sink sink) throws IOException, MdfFormatException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), IO_BUFFER_BYTES)) {
            return read(in, file.toString(), sink);
        }
    }

    /** As {@link #read(Path, Sink)}, from a stream; {@code source} names it in error messages. */
    public static long read(InputStream in, String source, Sink sink) throws IOException, MdfFormatException {
        return new Reader(in, source).readInto(sink);
    }

    /** Streaming reader: position counts bytes consumed, for error offsets. */
    private static final class Reader {
        private final InputStream in;
        private final String source;
        private final byte[] record = new byte[LENGTH_BYTES + MdfMessage.MAX_BYTES + CHECKSUM_BYTES];
        private final ByteBuffer view = ByteBuffer.wrap(record);
        private final CRC32C crc = new CRC32C();
        private long position;

        Reader(InputStream in, String source) {
            this.in = in;
            this.source = source;
        }

        long readInto(Sink sink) throws IOException, MdfFormatException {
            byte[] header = new byte[HEADER_BYTES];
            int got = in.readNBytes(header, 0, HEADER_BYTES);
            for (int i = 0; i < MAGIC.length; i++) {
                if (i >= got || header[i] != MAGIC[i]) {
                    throw error(0, "not a perflab day file (magic 'PLMD' missing)");
                }
            }
            if (got < HEADER_BYTES) {
                throw error(got, "truncated: file ends inside the " + HEADER_BYTES + "-byte header");
            }
            ByteBuffer h = ByteBuffer.wrap(header);
            int version = h.getShort(4) & 0xFFFF;
            if (version != VERSION) {
                throw error(4, "unsupported version " + version + " (this lab reads version " + VERSION + ")");
            }
            int maxBytes = h.getShort(6) & 0xFFFF;
            if (maxBytes < MdfMessage.MIN_BYTES || maxBytes > MdfMessage.MAX_BYTES) {
                throw error(6, "message limit " + maxBytes + " outside " + MdfMessage.MIN_BYTES + ".." + MdfMessage.MAX_BYTES);
            }
            long count = h.getLong(COUNT_OFFSET);
            if (count < 0) {
                throw error(COUNT_OFFSET, "negative message count " + count);
            }
            position = HEADER_BYTES;
            for (long i = 0; i < count; i++) {
                readRecord(i, count, maxBytes);
                view.limit(LENGTH_BYTES + view.getInt(0)).position(LENGTH_BYTES);
                sink.accept(view);
                view.clear();
            }
            if (in.read() >= 0) {
                throw error(position, "unexpected bytes after the last of " + count + " messages");
            }
            return count;
        }

        private void readRecord(long index, long count, int maxBytes) throws IOException, MdfFormatException {
            long start = position;
            fill(0, LENGTH_BYTES, index, count);
            int length = view.getInt(0);
            if (length < MdfMessage.MIN_BYTES || length > maxBytes) {
                throw error(start, "message " + (index + 1) + " has length " + length + ", expected "
                        + MdfMessage.MIN_BYTES + ".." + maxBytes);
            }
            fill(LENGTH_BYTES, length + CHECKSUM_BYTES, index, count);
            crc.reset();
            crc.update(record, LENGTH_BYTES, length);
            int stored = view.getInt(LENGTH_BYTES + length);
            if (stored != (int) crc.getValue()) {
                throw error(start, "message " + (index + 1) + " fails its CRC-32C (stored "
                        + Integer.toHexString(stored) + ", computed " + Long.toHexString(crc.getValue()) + ")");
            }
        }

        private void fill(int at, int n, long index, long count) throws IOException, MdfFormatException {
            int got = in.readNBytes(record, at, n);
            position += got;
            if (got < n) {
                throw error(position, "truncated: file ends inside message " + (index + 1) + " of " + count);
            }
        }

        private MdfFormatException error(long offset, String problem) {
            return new MdfFormatException(source, offset, problem);
        }
    }

    /**
     * Writes a day file one message at a time; the count in the header is filled in by {@link #close}.
     * One thread only.
     */
    public static final class Writer implements AutoCloseable {
        private final FileChannel channel;
        private final OutputStream out;
        private final byte[] frame = new byte[LENGTH_BYTES];
        private final CRC32C crc = new CRC32C();
        private long count;

        public Writer(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            out = new BufferedOutputStream(Channels.newOutputStream(channel), IO_BUFFER_BYTES);
            out.write(header(0).array());
        }

        /** Appends the message between the buffer's position and limit (left unchanged). */
        public void append(ByteBuffer message) throws IOException {
            int length = message.remaining();
            MdfMessage.checkLength(length);
            ByteBuffer.wrap(frame).putInt(0, length);
            out.write(frame);
            crc.reset();
            crc.update(message.duplicate());
            if (message.hasArray()) {
                out.write(message.array(), message.arrayOffset() + message.position(), length);
            } else {
                byte[] copy = new byte[length];
                message.duplicate().get(copy);
                out.write(copy);
            }
            ByteBuffer.wrap(frame).putInt(0, (int) crc.getValue());
            out.write(frame);
            count++;
        }

        public long count() {
            return count;
        }

        @Override
        public void close() throws IOException {
            try (channel) {
                out.flush();
                channel.write(ByteBuffer.allocate(Long.BYTES).putLong(0, count), COUNT_OFFSET);
            }
        }
    }
}
