package dev.perflab.bench.mdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.mdf.MdfRingLadder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * Keeps the suites' {@code @Param("rung")} lists equal to the ladder (the ring suite: every rung, peer and exhibit,
 * not the exercise, which runs only when named;
 * the history suite: the rungs, whose windows are the point) and runs a few invocations of the ring
 * suite per entry as JMH would, so its tear-down check runs on every one.
 */
class MdfRungParamsTest {
    /** The ladder's entries, the exercise left out, with Chronicle Queue (a peer of this module only) after the other peers. */
    @Test
    void ringSuiteListsEveryEntryButTheExerciseInLadderOrderPlusChronicle() throws Exception {
        List<String> expected = new ArrayList<>();
        for (Entry<?> e : MdfRingLadder.LADDER.entries()) {
            if (e.kind() == Kind.EXHIBIT && !expected.contains(ChronicleQueuePeer.ID)) {
                expected.add(ChronicleQueuePeer.ID);
            }
            if (e.kind() != Kind.EXERCISE) {
                expected.add(e.id());
            }
        }
        assertEquals(expected, params(MdfRingBenchmark.class));
    }

    /**
     * {@code ./lab run mdf-ring --rung r2,student,r3} hands {@code student} to JMH as a {@code -p rung} value: the
     * suite resolves it through the ladder like any id (and the shipped skeleton's reader says it is not written),
     * though the default list above leaves it out.
     */
    @Test
    void theStudentRungIsMeasuredWhenNamed() {
        MdfRingBenchmark b = new MdfRingBenchmark();
        b.rung = "student";
        b.readers = 1;
        b.messageBytes = 64;
        b.warmUntilFlat = false;
        b.start();
        MdfRingBenchmark.Delivered delivered = new MdfRingBenchmark.Delivered();
        // The first batch is not waited for (credit of two batches); the second waits for a reader that failed.
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            for (int i = 0; i < 3; i++) {
                b.deliver(delivered);
            }
        });
        assertTrue(e.getMessage().contains("StudentRing's reader is not written yet"), e.getMessage());
    }

    @Test
    void historySuiteListsEveryRung() throws Exception {
        assertEquals(MdfRingLadder.LADDER.rungs().stream().map(Entry::id).toList(), params(MdfHistoryBenchmark.class));
    }

    private static List<String> params(Class<?> benchmark) throws Exception {
        return List.of(benchmark.getField("rung").getAnnotation(Param.class).value());
    }

    @Test
    void everyEntryPassesTheRingSuitesTearDown() throws Exception {
        for (String rung : params(MdfRingBenchmark.class)) {
            MdfRingBenchmark b = trial(rung, 2, 64);
            b.verify();
        }
    }

    private static MdfRingBenchmark trial(String rung, int readers, int bytes) {
        MdfRingBenchmark b = new MdfRingBenchmark();
        b.rung = rung;
        b.readers = readers;
        b.messageBytes = bytes;
        b.warmUntilFlat = false;
        b.start();
        MdfRingBenchmark.Delivered delivered = new MdfRingBenchmark.Delivered();
        for (int i = 0; i < 5; i++) {
            b.deliver(delivered);
        }
        assertEquals(5L * MdfRingBenchmark.BATCH_MESSAGES * bytes, delivered.readerBytes);
        return b;
    }

    @Test
    void tearDownFailsARunWhereAReaderMissedOrReorderedAMessage() {
        StreamCheck check = new StreamCheck(new ByteBuffer[] {ByteBuffer.wrap(dev.perflab.marketdata.MdfGenerator.fixedSize(1, 1, 64)[0])});
        ByteBuffer message = ByteBuffer.wrap(dev.perflab.marketdata.MdfGenerator.fixedSize(1, 1, 64)[0]);
        check.onMessage(message);
        message.putLong(0, 3);
        check.onMessage(message);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> check.verify("test", 3));
        assertTrue(e.getMessage().contains("expected sequence 2"), e.getMessage());
        StreamCheck altered = new StreamCheck(new ByteBuffer[] {ByteBuffer.wrap(dev.perflab.marketdata.MdfGenerator.fixedSize(1, 1, 64)[0])});
        ByteBuffer other = ByteBuffer.wrap(dev.perflab.marketdata.MdfGenerator.fixedSize(1, 1, 64)[0]);
        other.put(40, (byte) (other.get(40) + 1));
        altered.onMessage(other);
        assertThrows(IllegalStateException.class, () -> altered.verify("test", 1));
    }
}
