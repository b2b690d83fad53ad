package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.marketdata.MdfMessage;
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

    /** r3's writer and index, with a reader that trusts the index and never asks whether the bytes were overwritten. */
    private static final class LapBlindRing extends SingleWriterRing {
        LapBlindRing(RingSize size, HistoryStore history) {
            super(size, history);
        }

        @Override
        public MdfReader reader(long fromSequence) {
            SequencedDelivery position = new SequencedDelivery(history, fromSequence);
            ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);
            return new MdfReader() {
                @Override
                public int poll(MessageHandler handler) {
                    long published = published();
                    int delivered = 0;
                    while (position.next() < published) {
                        long seq = position.next();
                        long start = positionOf(seq, published);
                        if (start < 0) {
                            delivered += position.fromHistory(seq + 1, handler);
                            continue;
                        }
                        int room = arena.capacity() - (int) (start & (arena.capacity() - 1)) - RecordArena.LENGTH_BYTES;
                        arena.copy(start, Math.max(MdfMessage.MIN_BYTES, Math.min(Math.min(room, MdfMessage.MAX_BYTES), arena.lengthAt(start))), scratch);
                        handler.onMessage(scratch);
                        position.moveTo(seq + 1);
                        delivered++;
                    }
                    return delivered;
                }

                @Override
                public long nextSequence() {
                    return position.next();
                }
            };
        }
    }
}
