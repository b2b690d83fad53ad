package dev.perflab.mdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.ladder.Entry;
import dev.perflab.mdf.RingRun.ReaderPlan;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random days through every rung and peer: with random lengths, ring sizes, join points and start
 * sequences, every entry delivers to every reader exactly the input from its start, so all agree with
 * each other and with the day byte for byte.
 */
class MdfDifferentialTest {
    @Property(tries = 25)
    void everyEntryDeliversTheSameStream(@ForAll long seed, @ForAll @IntRange(min = 1, max = 600) int count,
                                         @ForAll @IntRange(min = 32, max = 512) int minBytes,
                                         @ForAll @IntRange(min = 2, max = 300) int window,
                                         @ForAll @IntRange(min = 0, max = 600) int joinAfter,
                                         @ForAll @IntRange(min = 1, max = 600) int from) throws Exception {
        byte[][] day = MdfGenerator.generate(count, seed, minBytes, MdfMessage.MAX_BYTES);
        RingSize size = new RingSize(window, 4 * (MdfMessage.MAX_BYTES + 4) + window * 64);
        long start = Math.min(from, count);
        List<ReaderPlan> plans = List.of(ReaderPlan.eager(), new ReaderPlan(Math.min(joinAfter, count), start, false),
                new ReaderPlan(0, 1, true));
        for (Entry<MdfRingFactory> entry : MdfRingLadder.LADDER.correct()) {
            List<List<byte[]>> got = RingRun.run(entry.factory(), size, day, plans);
            for (int r = 0; r < plans.size(); r++) {
                long first = plans.get(r).fromSequence();
                List<byte[]> stream = got.get(r);
                assertEquals(count - first + 1, stream.size(), entry.id() + " reader " + r);
                for (int i = 0; i < stream.size(); i++) {
                    assertArrayEquals(day[(int) (first - 1 + i)], stream.get(i), entry.id() + " reader " + r + " message " + (first + i));
                }
            }
        }
    }
}
