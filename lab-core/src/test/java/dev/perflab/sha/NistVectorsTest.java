package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.ladder.Entry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every correct rung's digest policy against SHA-256 short-message vectors (CAVP .rsp format, 0 to 512
 * bits, in test resources) and the FIPS 180 examples; the 256-bit vector also goes through the record path
 * the executor uses (id + payload in, id + digest out).
 */
class NistVectorsTest {
    record Vector(int bits, byte[] message, byte[] digest) {
    }

    static List<Vector> vectors() throws IOException {
        List<Vector> vectors = new ArrayList<>();
        try (InputStream in = NistVectorsTest.class.getResourceAsStream("/sha/SHA256ShortMsg.rsp")) {
            String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            int bits = -1;
            byte[] message = null;
            for (String line : text.split("\n")) {
                String l = line.strip();
                if (l.startsWith("Len = ")) {
                    bits = Integer.parseInt(l.substring(6));
                } else if (l.startsWith("Msg =")) {
                    message = HexFormat.of().parseHex(l.substring(5).strip());
                } else if (l.startsWith("MD = ")) {
                    vectors.add(new Vector(bits, message, HexFormat.of().parseHex(l.substring(5))));
                }
            }
        }
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        vectors.add(new Vector(24, abc, HexFormat.of().parseHex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")));
        byte[] two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".getBytes(StandardCharsets.US_ASCII);
        vectors.add(new Vector(448, two, HexFormat.of().parseHex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")));
        return vectors;
    }

    static Stream<Entry<PipelineSettings>> correctRungs() {
        return ShaLadder.LADDER.correct().stream();
    }

    @Test
    void theVectorFileIsComplete() throws IOException {
        List<Vector> vectors = vectors();
        assertEquals(65 + 2, vectors.size(), "65 CAVP vectors (0..512 bits by 8) and 2 FIPS 180 examples");
        for (Vector v : vectors) {
            assertEquals(v.bits() / 8, v.message().length, "Len " + v.bits());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correctRungs")
    void everyVectorDigestsRight(Entry<PipelineSettings> rung) throws IOException {
        DigestPolicy policy = rung.factory().digest();
        for (Vector v : vectors()) {
            byte[] padded = new byte[v.message().length + 7];
            System.arraycopy(v.message(), 0, padded, 3, v.message().length);
            byte[] out = new byte[Frames.DIGEST_BYTES + 5];
            policy.digestMessage(padded, 3, v.message().length, out, 5);
            byte[] digest = java.util.Arrays.copyOfRange(out, 5, out.length);
            assertArrayEquals(v.digest(), digest, rung.id() + ", Len = " + v.bits());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correctRungs")
    void the256BitVectorAsATaskRecord(Entry<PipelineSettings> rung) throws IOException {
        Vector v = vectors().stream().filter(x -> x.bits() == 256).findFirst().orElseThrow();
        byte[] tasks = new byte[2 * Frames.RECORD_BYTES];
        Frames.putLong(tasks, Frames.RECORD_BYTES, 0x1234_5678_9ABCL);
        System.arraycopy(v.message(), 0, tasks, Frames.RECORD_BYTES + Frames.ID_BYTES, Frames.PAYLOAD_BYTES);
        byte[] results = new byte[Frames.HEADER_BYTES + Frames.RECORD_BYTES];
        rung.factory().digest().digest(tasks, Frames.RECORD_BYTES, 1, results, Frames.HEADER_BYTES);
        assertEquals(0x1234_5678_9ABCL, Frames.getLong(results, Frames.HEADER_BYTES));
        assertArrayEquals(v.digest(), java.util.Arrays.copyOfRange(results, Frames.HEADER_BYTES + Frames.ID_BYTES,
                results.length));
    }

    @Test
    void theSharedDigestExhibitIsRightOnOneThread() throws IOException {
        for (Vector v : vectors()) {
            byte[] out = new byte[Frames.DIGEST_BYTES];
            DigestPolicy.SHARED_ACROSS_THREADS_EXHIBIT.digestMessage(v.message(), 0, v.message().length, out, 0);
            assertArrayEquals(v.digest(), out, "Len = " + v.bits());
        }
    }
}
