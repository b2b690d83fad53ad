package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceAndCheckTest {
    @TempDir
    Path dir;

    @Test
    void referenceWritesTheExamplesAndTheCheckAcceptsIt() throws IOException {
        Path in = dir.resolve("in");
        Files.writeString(in, "aaa\r\n\r\nab\r\n123456789\r\n", StandardCharsets.US_ASCII);
        Path out = dir.resolve("out");
        assertEquals(4, ReferenceTransform.run(in, out));
        assertEquals("0aa\r\n1\r\n2ba\r\n3987321\r\n", Files.readString(out));
        assertFalse(Files.exists(ResultFile.partialOf(out)));
        ResultCheck.Outcome ok = ResultCheck.check(in, out);
        assertTrue(ok.exact(), ok.problem());
        assertEquals(4, ok.lines());
    }

    @Test
    void theCheckNamesTheFirstWrongByte() throws IOException {
        Path in = dir.resolve("in");
        Files.writeString(in, "aaa\r\nab\r\n");
        Path out = dir.resolve("out");
        Files.writeString(out, "0aa\r\n1bX\r\n");
        assertEquals(out + ": byte offset 7 (result line 2): expected byte 0x61, found 0x58", ResultCheck.check(in, out).problem());
        Files.writeString(out, "0aa\r\n1b");
        assertEquals(out + ": byte offset 7 (result line 2): the result ends early", ResultCheck.check(in, out).problem());
        Files.writeString(out, "0aa\r\n1ba\r\nextra");
        assertEquals(out + ": byte offset 10: the result goes on after the input's 2 lines", ResultCheck.check(in, out).problem());
    }

    @Test
    void badInputLeavesOnlyAPartialFile() throws IOException {
        Path in = dir.resolve("in");
        Files.writeString(in, "ok\r\nbad\n");
        Path out = dir.resolve("out");
        BrickFormatException e = assertThrows(BrickFormatException.class, () -> ReferenceTransform.run(in, out));
        assertEquals(2, e.lineNumber());
        assertFalse(Files.exists(out));
        assertTrue(Files.exists(ResultFile.partialOf(out)));
    }

    @Test
    void generatedFileRoundTrips() throws IOException {
        Path in = dir.resolve("gen");
        try (OutputStream os = Files.newOutputStream(in)) {
            BrickGenerator.write(os, 3 << 20, 7);
        }
        Path out = dir.resolve("res");
        long lines = ReferenceTransform.run(in, out);
        ResultCheck.Outcome o = ResultCheck.check(in, out);
        assertNull(o.problem());
        assertEquals(lines, o.lines());
    }
}
