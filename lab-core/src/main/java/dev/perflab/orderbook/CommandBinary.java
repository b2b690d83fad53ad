package dev.perflab.orderbook;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The compact binary format of command streams.
 *
 * <pre>
 *  offset  size     field
 *  0       4        magic "PLOB"
 *  4       1        version (1)
 *  5       1        tick scale: fraction digits of the tick
 *  6       varint   tick unscaled value (tick = unscaled × 10^-scale; 0.01 = 1, scale 2)
 *  …       varint   command count
 *  …       records  1 byte type (0 buy, 1 sell, 2 cancel), varint order id,
 *                   adds only: zig-zag varint of (price − previous add's price) in ticks
 *  end−4   4        CRC-32 of every byte before it, big-endian
 * </pre>
 *
 * Varints are LEB128: 7 bits per byte, low bits first, high bit set on every byte but the last. A typical
 * command takes 3–6 bytes. Reading checks the checksum before any command is trusted: when it does not
 * match, nothing is replayed, and the message names the first structural problem (truncation, bad type)
 * and its byte offset when there is one. A flipped bit used to decode into wrong commands that were
 * replayed up to a later structural error; now every corrupted or truncated file says "nothing replayed".
 * A structural error in a file whose checksum matches (a buggy writer) keeps the commands before it.
 */
public final class CommandBinary {
    public static final byte[] MAGIC = "PLOB".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 1;
    private static final int CHECKSUM_BYTES = 4;

    private CommandBinary() {
    }

    /** Whether the bytes start like a binary command file. */
    public static boolean looksBinary(byte[] bytes) {
        if (bytes.length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (bytes[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    public static byte[] encode(CommandStream stream, PriceFormat prices) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 + stream.size() * 5);
        out.writeBytes(MAGIC);
        out.write(VERSION);
        BigDecimal tick = prices.tick();
        out.write(Math.max(0, tick.scale()));
        writeVarint(out, tick.setScale(Math.max(0, tick.scale())).unscaledValue().longValueExact());
        writeVarint(out, stream.size());
        long previousPrice = 0;
        for (int i = 0; i < stream.size(); i++) {
            byte type = stream.type(i);
            out.write(type);
            writeVarint(out, stream.orderId(i));
            if (type != CommandStream.CANCEL) {
                long price = stream.priceTicks(i);
                long delta = price - previousPrice;
                writeVarint(out, (delta << 1) ^ (delta >> 63));
                previousPrice = price;
            }
        }
        CRC32 crc = new CRC32();
        byte[] body = out.toByteArray();
        crc.update(body);
        long checksum = crc.getValue();
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.write((int) (checksum >>> shift));
        }
        return out.toByteArray();
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    /** A decoded file: its commands and the tick its prices are counted in. */
    public record Decoded(CommandStream commands, PriceFormat prices) {
    }

    /**
     * Decodes a whole file.
     *
     * @param source file name for error messages
     * @throws StreamFormatException naming the byte offset of the first problem
     */
    public static Decoded decode(byte[] bytes, String source) throws StreamFormatException {
        return new Reader(bytes, source).read();
    }

    /** Decoding state: the bytes, a position, and the commands so far. */
    private static final class Reader {
        private final byte[] bytes;
        private final String source;
        private final int end;
        private int position;
        private CommandStream commands = new CommandStream();
        private int problemOffset;
        private String problem;

        Reader(byte[] bytes, String source) {
            this.bytes = bytes;
            this.source = source;
            this.end = bytes.length - CHECKSUM_BYTES;
        }

        Decoded read() throws StreamFormatException {
            if (!looksBinary(bytes)) {
                throw error(0, "not a perflab binary command file (magic 'PLOB' missing)");
            }
            boolean intact = checksumMatches();
            Decoded decoded;
            try {
                decoded = readStructure();
            } catch (StreamFormatException e) {
                if (intact) {
                    throw e;
                }
                commands = new CommandStream();
                throw error(problemOffset, problem + "; the checksum does not match either, so no command can be "
                        + "trusted: nothing replayed");
            }
            if (!intact) {
                commands = new CommandStream();
                throw error(end, "checksum mismatch: the file is corrupted (stored " + Long.toHexString(storedChecksum())
                        + ", computed " + Long.toHexString(computedChecksum()) + "); nothing replayed");
            }
            return decoded;
        }

        private Decoded readStructure() throws StreamFormatException {
            if (end < MAGIC.length) {
                throw error(bytes.length, "truncated: file ends inside the header");
            }
            position = MAGIC.length;
            int version = readByte("version");
            if (version != VERSION) {
                throw error(position - 1, "unsupported version " + version + " (this lab reads version " + VERSION + ")");
            }
            PriceFormat prices = readTick();
            long count = readVarint("command count");
            long previousPrice = 0;
            for (long i = 0; i < count; i++) {
                previousPrice = readCommand(i, count, previousPrice);
            }
            if (position != end) {
                throw error(position, (end - position) + " unexpected bytes after the last of " + count + " commands");
            }
            return new Decoded(commands, prices);
        }

        private PriceFormat readTick() throws StreamFormatException {
            int offset = position;
            int scale = readByte("tick scale");
            long unscaled = readVarint("tick");
            if (scale > 18 || unscaled <= 0) {
                throw error(offset, "invalid tick (scale " + scale + ", unscaled " + unscaled + ")");
            }
            return new PriceFormat(new BigDecimal(BigInteger.valueOf(unscaled), scale));
        }

        private long readCommand(long index, long count, long previousPrice) throws StreamFormatException {
            int offset = position;
            if (position >= end) {
                throw error(offset, "truncated: file ends after " + index + " of " + count + " commands");
            }
            int type = readByte("command type");
            long orderId = readVarint("order id");
            if (orderId <= 0) {
                throw error(offset, "order id " + Long.toUnsignedString(orderId) + " out of range (1.." + Long.MAX_VALUE + ")");
            }
            if (type == CommandStream.CANCEL) {
                commands.cancel(orderId);
                return previousPrice;
            }
            if (type != CommandStream.BUY && type != CommandStream.SELL) {
                throw error(offset, "unknown command type " + type + " (expected 0 buy, 1 sell, 2 cancel)");
            }
            long zigzag = readVarint("price");
            long price = previousPrice + ((zigzag >>> 1) ^ -(zigzag & 1));
            if (price <= 0) {
                throw error(offset, "price " + price + " ticks is not positive");
            }
            commands.add(type == CommandStream.BUY ? Side.BUY : Side.SELL, orderId, price);
            return price;
        }

        private int readByte(String what) throws StreamFormatException {
            if (position >= end) {
                throw error(position, "truncated: file ends inside the " + what);
            }
            return bytes[position++] & 0xFF;
        }

        private long readVarint(String what) throws StreamFormatException {
            int offset = position;
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = readByte(what);
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw error(offset, "malformed " + what + " (varint longer than 10 bytes)");
        }

        /** Checked before any command is trusted: a flipped bit anywhere means nothing is replayed. */
        private boolean checksumMatches() {
            return end >= MAGIC.length && storedChecksum() == computedChecksum();
        }

        private long computedChecksum() {
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, Math.max(0, end));
            return crc.getValue();
        }

        private long storedChecksum() {
            long stored = 0;
            for (int i = Math.max(0, end); i < bytes.length; i++) {
                stored = (stored << 8) | (bytes[i] & 0xFF);
            }
            return stored;
        }

        private StreamFormatException error(int offset, String problem) {
            this.problemOffset = offset;
            this.problem = problem;
            return new StreamFormatException(source, "byte " + offset, problem, commands);
        }
    }
}
