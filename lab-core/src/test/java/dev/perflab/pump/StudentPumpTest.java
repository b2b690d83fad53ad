package dev.perflab.pump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.marketdata.MdfFormatException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The socket-pump exercise: the shipped skeleton fails every check, naming what is missing; the same checks
 * pass with the reference solution (r4's receiver); and two usual wrong turns are named by the check that
 * catches them (a buffer cleared instead of compacted, an end of stream that ignores the partial record).
 */
@Timeout(120)
class StudentPumpTest {
    private static final Entry<Pump> STUDENT = PumpLadder.LADDER.resolve("student");

    private static Map<String, Checks.Outcome> outcomes(Pump pump) throws InterruptedException {
        return Checks.run(PumpLadder.LADDER.contract().orElseThrow().checks(pump)).stream()
                .collect(Collectors.toMap(Checks.Outcome::name, o -> o));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertFalse(PumpLadder.LADDER.correct().contains(STUDENT));
        assertFalse(PumpLadder.LADDER.rungs().contains(STUDENT));
        assertEquals("r6-verifier-thread", PumpLadder.LADDER.tuned().id());
    }

    @Test
    void theShippedSkeletonFailsEveryCheckSayingTheReceiverIsNotWritten() throws InterruptedException {
        Map<String, Checks.Outcome> outcomes = outcomes(STUDENT.factory());
        assertEquals(5, outcomes.size(), outcomes.keySet().toString());
        for (Checks.Outcome outcome : outcomes.values()) {
            assertFalse(outcome.passed(), outcome.name());
            assertTrue(outcome.failure().contains("StudentPump.receive is not written yet"), outcome.name() + ": " + outcome.failure());
        }
    }

    @Test
    void theChecksPassWithTheReferenceSolutionR4sReceiver() throws InterruptedException {
        // the reference solution: r4's receiver in the student's place, the sender left as shipped
        Map<String, Checks.Outcome> outcomes = outcomes(new ReceiverOnly(new NioDirectGatheringPump()::receive));
        assertEquals(5, outcomes.size(), outcomes.keySet().toString());
        outcomes.values().forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }

    /**
     * Wrong turn 2: {@code clear()} after each read throws away the partial record at the buffer's end. The
     * buffer here is an odd {@value #ODD_BUFFER_BYTES} bytes, so a full read always ends inside a record: with the
     * usual 256 KiB a receiver that keeps up reads exactly what each gathering write sent, whole records only,
     * and the wrong turn passed the check on CI's machine once.
     */
    @Test
    void aReceiverThatClearsInsteadOfCompactingLosesTheRecordSplitAcrossReads() throws InterruptedException {
        Checks.Outcome whole = outcomes(new ReceiverOnly((channel, verifier) -> {
            ByteBuffer buf = ByteBuffer.allocateDirect(ODD_BUFFER_BYTES);
            while (channel.read(buf) >= 0) {
                buf.flip();
                verifier.consume(buf);
                buf.clear();
            }
            verifier.finish(0);
        })).get("threeDaysArriveWholeAndInOrder");
        assertFalse(whole.passed(), "a day's records straddle reads; dropping the tail of each read must fail");
    }

    /** Odd, so never a whole number of 8-byte-aligned records; larger than any record of the contract's days. */
    private static final int ODD_BUFFER_BYTES = 1_009;

    /** Wrong turn 3: an end of stream taken as a clean end, whatever is left in the buffer. */
    @Test
    void aReceiverThatIgnoresTheLeftoverAtTheEndMissesACutStream() throws InterruptedException {
        Map<String, Checks.Outcome> outcomes = outcomes(new ReceiverOnly((channel, verifier) -> {
            ByteBuffer buf = ByteBuffer.allocateDirect(PumpBuffers.CHANNEL_RECEIVE_BYTES);
            while (channel.read(buf) >= 0) {
                buf.flip();
                verifier.consume(buf);
                buf.compact();
            }
        }));
        assertTrue(outcomes.get("threeDaysArriveWholeAndInOrder").passed(), outcomes.get("threeDaysArriveWholeAndInOrder").failure());
        assertFalse(outcomes.get("receiverCatchesAStreamCutInsideADay").passed());
    }

    @FunctionalInterface
    private interface Receive {
        void from(SocketChannel channel, StreamVerifier verifier) throws IOException, MdfFormatException;
    }

    /** The student's sender (as shipped) with a receiver given by the test. */
    private static final class ReceiverOnly implements Pump {
        private final Pump student = new StudentPump();
        private final Receive receive;

        ReceiverOnly(Receive receive) {
            this.receive = receive;
        }

        @Override
        public Sender connect(InetSocketAddress to, WireDay day) throws IOException {
            return student.connect(to, day);
        }

        @Override
        public void receive(SocketChannel accepted, StreamVerifier verifier) throws IOException, MdfFormatException {
            receive.from(accepted, verifier);
        }
    }
}
