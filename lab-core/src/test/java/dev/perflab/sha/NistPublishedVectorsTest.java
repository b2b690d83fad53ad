package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.ladder.Entry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The vectors NIST itself publishes (CAVS 11.0 SHA256ShortMsg.rsp, the lines quoted in
 * {@code sha/SHA256ShortMsg-cavs11-excerpt.rsp}) through every correct rung and the shared-digest exhibit
 * on one thread. {@code NistVectorsTest} runs the full 0..512-bit CAVS 21.3 set; this one pins the
 * published file's own values, including its "Len = 0, Msg = 00" convention.
 */
class NistPublishedVectorsTest {
    private static final String RESOURCE = "/sha/SHA256ShortMsg-cavs11-excerpt.rsp";

    record Vector(int bits, byte[] message, byte[] digest) {
        @Override
        public String toString() {
            return "Len = " + bits;
        }
    }

    static List<Vector> vectors() throws IOException {
        List<Vector> vectors = new ArrayList<>();
        try (InputStream in = NistPublishedVectorsTest.class.getResourceAsStream(RESOURCE)) {
            int bits = -1;
            byte[] msg = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                String[] kv = line.split("=", 2);
                if (line.startsWith("#") || kv.length != 2) {
                    continue;
                }
                String value = kv[1].strip();
                switch (kv[0].strip()) {
                    case "Len" -> bits = Integer.parseInt(value);
                    // the message is Len / 8 bytes: "Msg = 00" with Len = 0 is the empty message
                    case "Msg" -> msg = Arrays.copyOf(HexFormat.of().parseHex(value), bits / 8);
                    case "MD" -> vectors.add(new Vector(bits, msg, HexFormat.of().parseHex(value)));
                    default -> throw new IllegalStateException(RESOURCE + ": unexpected line " + line);
                }
            }
        }
        return vectors;
    }

    static Stream<Entry<PipelineSettings>> correctRungs() {
        return ShaLadder.LADDER.correct().stream();
    }

    @Test
    void theExcerptHasItsSixVectors() throws IOException {
        List<Vector> v = vectors();
        assertEquals(List.of(0, 8, 16, 24, 256, 512), v.stream().map(Vector::bits).toList());
        assertEquals(0, v.get(0).message().length, "Len = 0 is the empty message");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correctRungs")
    void everyCorrectRungGivesThePublishedDigests(Entry<PipelineSettings> rung) throws IOException {
        DigestPolicy policy = rung.factory().digest();
        for (Vector v : vectors()) {
            byte[] out = new byte[Frames.DIGEST_BYTES];
            policy.digestMessage(v.message(), 0, v.message().length, out, 0);
            assertArrayEquals(v.digest(), out, rung.id() + ", " + v);
        }
    }

    /** The 256-bit vector is exactly one payload: as a task record it must come back as (same id, MD). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("correctRungs")
    void the256BitVectorAsATaskRecord(Entry<PipelineSettings> rung) throws IOException {
        Vector v = vectors().stream().filter(x -> x.bits() == 256).findFirst().orElseThrow();
        long id = -2L; // a negative id: the id field is a full i64
        byte[] task = new byte[Frames.RECORD_BYTES];
        Frames.putLong(task, 0, id);
        System.arraycopy(v.message(), 0, task, Frames.ID_BYTES, Frames.PAYLOAD_BYTES);
        byte[] result = new byte[Frames.RECORD_BYTES];
        rung.factory().digest().digest(task, 0, 1, result, 0);
        assertEquals(id, Frames.getLong(result, 0));
        assertArrayEquals(v.digest(), Arrays.copyOfRange(result, Frames.ID_BYTES, Frames.RECORD_BYTES));
    }

    @Test
    void theSharedDigestExhibitIsRightOnOneThread() throws IOException {
        for (Vector v : vectors()) {
            byte[] out = new byte[Frames.DIGEST_BYTES];
            DigestPolicy.SHARED_ACROSS_THREADS_EXHIBIT.digestMessage(v.message(), 0, v.message().length, out, 0);
            assertArrayEquals(v.digest(), out, v.toString());
        }
    }
}
