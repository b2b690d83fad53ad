package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The ring exercise: the shipped skeleton fails the contract, naming what is missing, and the same checks
 * pass once the {@code student} rung is r3's logic (the reference solution); a reader that misses the
 * writer's laps is named by the lapped-reader check.
 */
class StudentRingTest {
    private static final Entry<MdfRingFactory> STUDENT = MdfRingLadder.LADDER.resolve("student");

    private static Map<String, Checks.Outcome> outcomes(MdfRingFactory ring) throws InterruptedException {
        return Checks.run(MdfRingLadder.LADDER.contract().orElseThrow().checks(ring)).stream()
                .collect(Collectors.toMap(Checks.Outcome::name, o -> o));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertFalse(MdfRingLadder.LADDER.correct().contains(STUDENT));
        assertFalse(MdfRingLadder.LADDER.rungs().contains(STUDENT));
        assertEquals("r4-batched-zero-copy", MdfRingLadder.LADDER.tuned().id());
    }

    @Test
    void theShippedSkeletonFailsTheReaderChecksSayingTheReaderIsNotWritten() throws InterruptedException {
        Map<String, Checks.Outcome> outcomes = outcomes(STUDENT.factory());
        assertTrue(outcomes.get("appendRejectsAGapAndABadLength").passed(), "append is r2's and checks its input");
        for (String readerCheck : List.of("everyReaderGetsEveryMessageOnceInOrder",
                "lateJoinerStartsAnywhereAndContinuesFromHistory", "lappedReaderContinuesFromHistory",
                "deliversRandomDaysExactly")) {
            Checks.Outcome outcome = outcomes.get(readerCheck);
            assertFalse(outcome.passed(), readerCheck);
            assertTrue(outcome.failure().contains("StudentRing's reader is not written yet"), outcome.failure());
        }
    }

    @Test
    void theChecksPassOnceTheStudentRungIsR3sLogic() throws InterruptedException {
        MdfRingFactory referenceSolution = MdfRingFactory.of(RingSize.DAY, SingleWriterRing::new);
        Map<String, Checks.Outcome> outcomes = outcomes(referenceSolution);
        assertEquals(5, outcomes.size(), outcomes.keySet().toString());
        outcomes.values().forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }

    /** The usual wrong turn: no lap detection. A reader that trusts whatever the index points at delivers torn bytes. */
    @Test
    void aReaderThatMissesLapsIsNamedByTheLappedReaderCheck() throws InterruptedException {
        MdfRingFactory trustsTheIndex = MdfRingFactory.of(RingSize.DAY, LapBlindRing::new);
        Map<String, Checks.Outcome> outcomes = outcomes(trustsTheIndex);
        assertTrue(outcomes.get("everyReaderGetsEveryMessageOnceInOrder").passed(),
                outcomes.get("everyReaderGetsEveryMessageOnceInOrder").failure());
        Checks.Outcome lapped = outcomes.get("lappedReaderContinuesFromHistory");
        assertFalse(lapped.passed(), "a lapped reader that does not notice delivers what the writer wrote since");
    }

    /** r2's storage read under its lock, but never asking whether the record is still the one it wants. */
    private static final class LapBlindRing implements MdfRing {
        private final RecordArena arena;
        private final long[] positions;
        private long next = FIRST_SEQUENCE;
        private long tail;

        LapBlindRing(RingSize size, HistoryStore history) {
            arena = new RecordArena(size.arenaBytesPowerOfTwo(), false);
            positions = new long[size.windowPowerOfTwo()];
        }

        @Override
        public synchronized void append(ByteBuffer message) {
            MdfMessage.checkLength(message.remaining());
            long seq = MdfMessage.sequenceOf(message, message.position());
            if (seq != next) {
                throw new IllegalArgumentException("sequence " + seq + "; expected " + next);
            }
            long start = arena.startOf(tail, RecordArena.recordBytes(message.remaining()));
            tail = arena.write(start, message);
            positions[(int) (seq & (positions.length - 1))] = start;
            next++;
        }

        @Override
        public MdfReader reader(long fromSequence) {
            ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);
            long[] position = {fromSequence};
            return new MdfReader() {
                @Override
                public int poll(MessageHandler handler) {
                    int n = 0;
                    while (true) {
                        synchronized (LapBlindRing.this) {
                            if (position[0] >= next) {
                                return n;
                            }
                            long start = positions[(int) (position[0] & (positions.length - 1))];
                            int length = Math.max(MdfMessage.MIN_BYTES, Math.min(MdfMessage.MAX_BYTES, arena.lengthAt(start)));
                            arena.copy(start, length, scratch);
                        }
                        handler.onMessage(scratch);
                        position[0]++;
                        n++;
                    }
                }

                @Override
                public long nextSequence() {
                    return position[0];
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
