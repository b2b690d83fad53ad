package dev.perflab.mdf;

import dev.perflab.ladder.Entry;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random days through every rung and peer: with random lengths, ring sizes, join points and start
 * sequences, every entry delivers to every reader exactly the input from its start, so all agree with
 * each other and with the day byte for byte. jqwik shrinks a failing day; the seeded days of
 * {@link MdfRingContract} (which {@code ./lab check} runs without jqwik) have the same shape, and both
 * compare through {@link MdfRingContract#assertDelivers}.
 */
class MdfDifferentialTest {
    @Property(tries = 25)
    void everyEntryDeliversTheSameStream(@ForAll long seed, @ForAll @IntRange(min = 1, max = 600) int count,
                                         @ForAll @IntRange(min = 32, max = 512) int minBytes,
                                         @ForAll @IntRange(min = 2, max = 300) int window,
                                         @ForAll @IntRange(min = 0, max = 600) int joinAfter,
                                         @ForAll @IntRange(min = 1, max = 600) int from) throws Exception {
        for (Entry<MdfRingFactory> entry : MdfRingLadder.LADDER.correct()) {
            try {
                MdfRingContract.assertDelivers(entry.factory(), seed, count, minBytes, window, joinAfter, from);
            } catch (AssertionError e) {
                throw new AssertionError(entry.id() + ": " + e.getMessage(), e);
            }
        }
    }
}
