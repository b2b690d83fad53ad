package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class BrickGeneratorTest {
    static byte[] generate(long size, long seed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long n = BrickGenerator.write(out, size, seed);
        assertEquals(n, out.size());
        return out.toByteArray();
    }

    @Test
    void deterministicValidAndComplete() throws IOException {
        byte[] a = generate(300_000, 42);
        assertArrayEquals(a, generate(300_000, 42));
        assertFalse(java.util.Arrays.equals(a, generate(300_000, 43)));
        assertTrue(a.length <= 300_000 && a.length > 300_000 - Bricks.MAX_LINE_BYTES - 2);
        BitSet lengths = new BitSet();
        boolean[] spaceAndTilde = new boolean[2];
        LineScanner.scan(Path.of("gen"), new ByteArrayInputStream(a), Long.MAX_VALUE, (lineNo, buf, off, len) -> {
            lengths.set(len);
            for (int i = off; i < off + len; i++) {
                spaceAndTilde[0] |= buf[i] == ' ';
                spaceAndTilde[1] |= buf[i] == '~';
            }
        });
        assertEquals(BrickGenerator.LENGTHS, lengths.cardinality());
        assertTrue(spaceAndTilde[0] && spaceAndTilde[1]);
    }

    @Test
    void theFirstRoundIsAlwaysWhole() throws IOException {
        byte[] tiny = generate(10, 1);
        assertEquals(BrickGenerator.ROUND_BYTES, tiny.length);
        BitSet lengths = new BitSet();
        LineScanner.scan(Path.of("gen"), new ByteArrayInputStream(tiny), Long.MAX_VALUE, (l, b, o, len) -> lengths.set(len));
        assertEquals(BrickGenerator.LENGTHS, lengths.cardinality());
        assertEquals(-1, new String(tiny, java.nio.charset.StandardCharsets.US_ASCII).indexOf("\n\n"));
    }
}
