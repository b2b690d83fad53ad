package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The client's page switcher, mapped and written: lines put in reverse order come out in line order, each
 * with its {@code \r\n}, the file exactly as long as its lines (the mapped window's tail cut off), for a last
 * page that is full, partial, or a single line.
 */
@Timeout(60)
class ClientPagesTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, {1} lines, woken {2}")
    @CsvSource({"MAPPED, 1, false", "MAPPED, 4096, false", "MAPPED, 10000, false", "WRITE, 1, false", "WRITE, 4096, false",
            "WRITE, 10000, false", "MAPPED, 1, true", "MAPPED, 4096, true", "MAPPED, 10000, true"})
    void linesPutInAnyOrderComeOutInOrder(ClientPages.Output output, int lines, boolean wake) throws Exception {
        Path file = dir.resolve("out-" + output + "-" + lines + "-" + wake);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            expected.write(line(i));
            expected.write(new byte[] {'\r', '\n'});
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ClientPages pages = new ClientPages(ch, output, wake); // woken: r8's switcher, parked until a page fills
            ByteBuffer src = ByteBuffer.allocate(Protocol.FIXED_RESPONSE_BYTES);
            // the last line first (all of them fit the ring of SLOTS pages): nothing is written until line 0 comes
            for (int i = lines - 1; i >= 0; i--) {
                byte[] b = line(i);
                src.put(0, b);
                pages.put(i, src, 0, b.length);
            }
            pages.finish(lines);
            assertEquals(lines, pages.written());
        }
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
    }

    /** Line {@code i}'s result as the server would send it: its number and up to 200 bytes. */
    private static byte[] line(int i) {
        return (i + "x".repeat(i % 201)).getBytes(StandardCharsets.US_ASCII);
    }
}
