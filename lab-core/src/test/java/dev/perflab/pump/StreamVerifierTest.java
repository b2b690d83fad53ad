package dev.perflab.pump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.marketdata.MdfFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamVerifierTest {
    @TempDir
    static Path dir;
    static WireDay day;

    @BeforeAll
    static void generate() throws IOException {
        day = WireDay.generate(2_000, 14, dir.resolve("day.bin"));
    }

    /** Feeds {@code bytes} in random chunks, as reads would deliver them, then ends the stream. */
    static StreamVerifier feed(byte[]... days) throws MdfFormatException {
        StreamVerifier verifier = new StreamVerifier("test stream");
        SplittableRandom random = new SplittableRandom(7);
        ByteBuffer buf = ByteBuffer.allocate(4096);
        for (byte[] bytes : days) {
            for (int at = 0; at < bytes.length; ) {
                int n = Math.min(random.nextInt(1, 1500), Math.min(buf.remaining(), bytes.length - at));
                buf.put(bytes, at, n);
                at += n;
                buf.flip();
                verifier.consume(buf);
                buf.compact();
            }
        }
        verifier.finish(buf.position());
        return verifier;
    }

    /** Feeding {@code days} fails with a message containing {@code expected}. */
    static MdfFormatException fails(Object... daysThenExpected) {
        byte[][] days = new byte[daysThenExpected.length - 1][];
        for (int i = 0; i < days.length; i++) {
            days[i] = (byte[]) daysThenExpected[i];
        }
        String expected = (String) daysThenExpected[days.length];
        MdfFormatException e = assertThrows(MdfFormatException.class, () -> feed(days));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        return e;
    }

    @Test
    void wholeDaysBackToBackPass() throws MdfFormatException {
        StreamVerifier v = feed(day.image(), day.image(), day.image());
        assertEquals(3L * day.messages(), v.messages());
        assertEquals(3, v.days());
        assertEquals(3L * day.bytes(), v.bytes());
    }

    @Test
    void aLostMessageIsAGapAtItsOffset() {
        MdfFormatException e = fails(BrokenStreams.lose(day, 100), "gap: sequence 102 where 101 was expected");
        assertEquals(day.recordOffset(100), e.offset());
    }

    @Test
    void aDuplicateIsCaught() {
        fails(BrokenStreams.duplicate(day, 500), "sequence 501 where 502 was expected in day 1 (duplicated or reordered)");
    }

    @Test
    void aReorderingIsCaught() {
        fails(BrokenStreams.swap(day, 10), "gap: sequence 12 where 11 was expected");
    }

    @Test
    void aCorruptedByteFailsTheChecksum() {
        MdfFormatException e = fails(BrokenStreams.corrupt(day, 1234), "message 1235 of day 1 fails its CRC-32C");
        assertEquals(day.recordOffset(1234), e.offset());
    }

    @Test
    void aStreamEndingInsideADayFails() {
        fails(day.image(), BrokenStreams.truncate(day, 3), "stream ended inside day 2 after message " + (day.messages() - 1));
    }

    @Test
    void aLengthOverTheLimitFailsBeforeTheRecordArrives() {
        byte[] bytes = day.image().clone();
        ByteBuffer.wrap(bytes).putInt(day.recordOffset(3), 100_000);
        fails(bytes, "message length 100000, expected 32..512");
    }

    @Test
    void somethingThatIsNotADayFails() {
        fails(new byte[64], "test stream:byte 0: expected a day header");
    }
}
