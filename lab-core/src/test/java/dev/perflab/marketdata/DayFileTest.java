package dev.perflab.marketdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The day file: round trip, determinism, and every fault named with its byte offset after the good messages. */
class DayFileTest {
    @TempDir
    Path dir;

    private final byte[][] day = MdfGenerator.day(50, 7);

    private byte[] fileBytes() throws Exception {
        Path file = dir.resolve("day.bin");
        DayFile.write(file, day);
        return Files.readAllBytes(file);
    }

    /** Byte offset of message {@code index}'s record (0-based). */
    private long recordOffset(int index) {
        long offset = DayFile.HEADER_BYTES;
        for (int i = 0; i < index; i++) {
            offset += 8 + day[i].length;
        }
        return offset;
    }

    private List<byte[]> readExpectingFault(byte[] bytes, long offset, String words) throws Exception {
        Path file = dir.resolve("bad.bin");
        Files.write(file, bytes);
        List<byte[]> got = new ArrayList<>();
        MdfFormatException e = assertThrows(MdfFormatException.class, () -> DayFile.read(file, m -> {
            byte[] copy = new byte[m.remaining()];
            m.get(copy);
            got.add(copy);
        }));
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":byte " + offset + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        for (int i = 0; i < got.size(); i++) {
            assertArrayEquals(day[i], got.get(i));
        }
        return got;
    }

    @Test
    void roundTripsADay() throws Exception {
        Path file = dir.resolve("day.bin");
        DayFile.write(file, day);
        byte[][] back = DayFile.readAll(file);
        assertEquals(day.length, back.length);
        for (int i = 0; i < day.length; i++) {
            assertArrayEquals(day[i], back[i]);
            assertEquals(i + 1, MdfMessage.decode(ByteBuffer.wrap(back[i])).sequence());
        }
    }

    @Test
    void generatorIsDeterministicAndInRange() {
        byte[][] again = MdfGenerator.day(50, 7);
        for (int i = 0; i < day.length; i++) {
            assertArrayEquals(day[i], again[i]);
            assertTrue(day[i].length >= MdfMessage.MIN_BYTES && day[i].length <= MdfMessage.MAX_BYTES);
        }
        assertTrue(!java.util.Arrays.equals(day[0], MdfGenerator.day(1, 8)[0]));
        MdfMessage m = MdfMessage.decode(ByteBuffer.wrap(day[3]));
        assertArrayEquals(day[3], m.toBytes());
    }

    @Test
    void wrongMagicIsByteZero() throws Exception {
        byte[] bytes = fileBytes();
        bytes[1] = 'X';
        assertEquals(0, readExpectingFault(bytes, 0, "magic").size());
    }

    @Test
    void truncatedMessageKeepsTheOnesBefore() throws Exception {
        byte[] bytes = fileBytes();
        int cut = (int) recordOffset(20) + 10;
        List<byte[]> got = readExpectingFault(java.util.Arrays.copyOf(bytes, cut), cut, "truncated");
        assertEquals(20, got.size());
    }

    @Test
    void badChecksumNamesTheRecord() throws Exception {
        byte[] bytes = fileBytes();
        bytes[(int) recordOffset(30) + 4 + 40] ^= 1;
        assertEquals(30, readExpectingFault(bytes, recordOffset(30), "CRC-32C").size());
    }

    @Test
    void lengthOverTheLimitNamesTheRecord() throws Exception {
        byte[] bytes = fileBytes();
        ByteBuffer.wrap(bytes).putInt((int) recordOffset(12), 100_000);
        assertEquals(12, readExpectingFault(bytes, recordOffset(12), "length 100000").size());
    }

    @Test
    void extraBytesAfterTheLastMessage() throws Exception {
        byte[] bytes = fileBytes();
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 3);
        assertEquals(50, readExpectingFault(longer, bytes.length, "unexpected bytes").size());
    }
}
