package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.perflab.ladder.Entry;
import dev.perflab.mdf.RingRun.ReaderPlan;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one contract every rung and peer of {@link MdfRingLadder} passes: each reader receives every message
 * from its start sequence once, in order, byte-equal to the day; readers that start late, join late or
 * are lapped by the writer continue from history. Exhibits have their own test ({@link MdfExhibitsTest}).
 */
class MdfRingContractTest {
    static final int DAY = 3_000;
    /** Holds the whole test day: nobody is lapped. */
    static final RingSize ROOMY = new RingSize(4_096, 4 << 20);
    /** 64 messages, 8 KiB: the writer laps a slow reader many times. */
    static final RingSize TINY = new RingSize(64, 8 << 10);
    static final byte[][] MESSAGES = MdfGenerator.day(DAY, 13);

    static Stream<Entry<MdfRingFactory>> correct() {
        return MdfRingLadder.LADDER.correct().stream();
    }

    static void assertDay(List<byte[]> got, long fromSequence, String who) {
        assertEquals(DAY - fromSequence + 1, got.size(), who + ": message count");
        for (int i = 0; i < got.size(); i++) {
            assertArrayEquals(MESSAGES[(int) (fromSequence - 1 + i)], got.get(i), who + ": message " + (fromSequence + i));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correct")
    void everyReaderGetsEveryMessageOnceInOrder(Entry<MdfRingFactory> entry) throws Exception {
        List<List<byte[]>> got = RingRun.run(entry.factory(), ROOMY, MESSAGES,
                List.of(ReaderPlan.eager(), ReaderPlan.eager(), ReaderPlan.eager()));
        for (int r = 0; r < got.size(); r++) {
            assertDay(got.get(r), 1, entry.id() + " reader " + r);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correct")
    void lateJoinerStartsAnywhereAndContinuesFromHistory(Entry<MdfRingFactory> entry) throws Exception {
        List<List<byte[]>> got = RingRun.run(entry.factory(), TINY, MESSAGES, List.of(
                new ReaderPlan(DAY, 1, false), new ReaderPlan(DAY / 2, 17, false), new ReaderPlan(DAY, DAY - 5, false),
                new ReaderPlan(100, 2_500, false)));
        assertDay(got.get(0), 1, entry.id() + " joined at the end from 1");
        assertDay(got.get(1), 17, entry.id() + " joined half way from 17");
        assertDay(got.get(2), DAY - 5, entry.id() + " joined at the end from " + (DAY - 5));
        assertDay(got.get(3), 2_500, entry.id() + " joined early from 2,500");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correct")
    void lappedReaderContinuesFromHistory(Entry<MdfRingFactory> entry) throws Exception {
        List<List<byte[]>> got = RingRun.run(entry.factory(), TINY, MESSAGES, List.of(
                new ReaderPlan(0, 1, true), ReaderPlan.eager(), new ReaderPlan(0, 1, true)));
        for (int r = 0; r < got.size(); r++) {
            assertDay(got.get(r), 1, entry.id() + " reader " + r);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("correct")
    void appendRejectsAGapAndABadLength(Entry<MdfRingFactory> entry) {
        try (HistoryStore history = JdbcHistory.inMemory(); MdfRing ring = entry.factory().create(ROOMY, history)) {
            ring.append(ByteBuffer.wrap(MESSAGES[0]));
            assertThrows(IllegalArgumentException.class, () -> ring.append(ByteBuffer.wrap(MESSAGES[2])), "gap");
            assertThrows(IllegalArgumentException.class, () -> ring.append(ByteBuffer.allocate(16)), "too short");
        }
    }
}
