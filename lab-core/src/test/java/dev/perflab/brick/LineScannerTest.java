package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineScannerTest {
    private static final Path NAME = Path.of("in.txt");

    static List<String> lines(byte[] bytes) throws IOException {
        List<String> out = new ArrayList<>();
        LineScanner.scan(NAME, new ByteArrayInputStream(bytes), Long.MAX_VALUE, (lineNo, buf, off, len) -> {
            assertEquals(out.size(), lineNo);
            out.add(new String(buf, off, len, StandardCharsets.US_ASCII));
        });
        return out;
    }

    static BrickFormatException bad(String content) {
        return assertThrows(BrickFormatException.class, () -> lines(content.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void readsLinesOfEveryShape() throws IOException {
        assertEquals(List.of("a b", "", "~"), lines("a b\r\n\r\n~\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(List.of(), lines(new byte[0]));
    }

    @Test
    void linesAcrossBufferBoundaries() throws IOException {
        // lines of 199 bytes + \r\n never align with the 1 MiB buffer, so some \r and some lines straddle it
        StringBuilder sb = new StringBuilder();
        String line = "x".repeat(199);
        int count = (3 * LineScanner.BUFFER_BYTES) / 201 + 7;
        for (int i = 0; i < count; i++) {
            sb.append(line).append("\r\n");
        }
        List<String> got = lines(sb.toString().getBytes(StandardCharsets.US_ASCII));
        assertEquals(count, got.size());
        got.forEach(l -> assertEquals(line, l));
    }

    @Test
    void eachProblemNamesLineAndOffset() {
        BrickFormatException e = bad("ok\r\n" + "y".repeat(201) + "\r\n");
        assertEquals(2, e.lineNumber());
        assertEquals(4 + 200, e.byteOffset());
        assertEquals("in.txt: line 2, byte offset 204: line longer than 200 bytes", e.getMessage());

        e = bad("ab\u0007c\r\n");
        assertEquals(1, e.lineNumber());
        assertEquals(2, e.byteOffset());
        assertEquals("in.txt: line 1, byte offset 2: byte 0x07 outside 32–126", e.getMessage());

        assertEquals(7, bad("ok\r\nabc\n").byteOffset());
        assertEquals("in.txt: line 2, byte offset 7: bare \\n (no \\r before it)", bad("ok\r\nabc\n").getMessage());
        assertEquals(2, bad("ab\rc\r\n").byteOffset());
        assertEquals(6, bad("ok\r\nab").byteOffset()); // where the \r\n should be
        assertEquals(6, bad("ok\r\nab\r").byteOffset());
        assertEquals(1, bad("a\u00e9\r\n").byteOffset());
    }

    @Test
    void twoHundredBytesIsTheLimitNotAnError() throws IOException {
        assertEquals(List.of("z".repeat(200)), lines(("z".repeat(200) + "\r\n").getBytes(StandardCharsets.US_ASCII)));
    }
}
