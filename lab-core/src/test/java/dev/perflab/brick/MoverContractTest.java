package dev.perflab.brick;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every entry of the ladder (the exhibit too: it is slow, not wrong) moves files byte-exactly. */
@Timeout(120)
class MoverContractTest {
    @TempDir
    static Path dir;
    static Path input;
    static Path reference;

    static Stream<Entry<MoverSettings>> entries() {
        return BrickLadder.LADDER.entries().stream();
    }

    @BeforeAll
    static void generate() throws IOException {
        input = dir.resolve("in");
        // spans several server pages (1 MiB) and client pages (4,096 rows)
        try (OutputStream os = Files.newOutputStream(input)) {
            BrickGenerator.write(os, 5L << 20, 11);
        }
        reference = dir.resolve("reference");
        ReferenceTransform.run(input, reference);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void movesByteExactly(Entry<MoverSettings> entry) throws Exception {
        Path out = dir.resolve("out-" + entry.id());
        BrickMove.Outcome o = BrickMove.run(input, out, entry.factory());
        assertTrue(o.check().exact(), o.check().problem());
        assertEquals(Files.size(reference), o.outBytes());
        assertEquals(-1, Files.mismatch(reference, out));
        assertFalse(Files.exists(ResultFile.partialOf(out)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void emptyAndTinyFiles(Entry<MoverSettings> entry) throws Exception {
        for (String content : new String[] {"", "\r\n", "abc\r\n", "123456789\r\n\r\nab\r\n"}) {
            Path in = dir.resolve("tiny-" + entry.id());
            Files.writeString(in, content);
            Path out = dir.resolve("tiny-out-" + entry.id());
            BrickMove.Outcome o = BrickMove.run(in, out, entry.factory());
            assertTrue(o.check().exact(), o.check().problem());
        }
    }
}
