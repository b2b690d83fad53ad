package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up's rule (level once rounds stop rising) and its rounds on real scratch stores. */
class KvWarmUpTest {
    @TempDir
    Path dir;

    @Test
    void levelNeedsThreeRoundsAndNoRiseInTheLastTwo() {
        assertFalse(KvWarmUp.level(List.of()));
        assertFalse(KvWarmUp.level(List.of(100.0, 100.0)), "two rounds: the first has nothing before it");
        assertTrue(KvWarmUp.level(List.of(100.0, 100.0, 100.0)));
        assertFalse(KvWarmUp.level(List.of(100.0, 150.0, 200.0)), "still rising");
        assertFalse(KvWarmUp.level(List.of(100.0, 200.0, 201.0)), "the round before the last rose: one quiet round is not two");
        assertTrue(KvWarmUp.level(List.of(100.0, 200.0, 201.0, 205.0)), "≤ 5% above the best before: level");
        assertFalse(KvWarmUp.level(List.of(100.0, 200.0, 201.0, 212.0)), "5.5% above the best before: rising");
        assertTrue(KvWarmUp.level(List.of(300.0, 200.0, 100.0)), "a fall is not warming up: the measured run shows falls");
    }

    @Test
    void warmNeedsLevelRatesAndQuietCompilersInTheLastRound() {
        List<Double> level = List.of(100.0, 200.0, 201.0, 205.0);
        assertTrue(KvWarmUp.warm(level, List.of(0.9, 0.5, 0.2, 0.01)));
        assertFalse(KvWarmUp.warm(level, List.of(0.9, 0.5, 0.2, 0.30)), "level between compile steps, the JIT still busy");
        assertFalse(KvWarmUp.warm(List.of(100.0, 150.0, 200.0), List.of(0.0, 0.0, 0.0)), "quiet compilers, rising rates");
    }

    @Test
    void aStoreIsWarmedInRoundsAndItsScratchStoresAreRemoved() throws Exception {
        List<Integer> heard = new ArrayList<>();
        KvWarmUp.Outcome w = KvWarmUp.run("r3-striped", KvLadder.LADDER.resolve("r3").factory(), dir, 5_000, 2,
                (round, rate, compileShare, seconds) -> {
                    heard.add(round);
                    assertTrue(rate > 0 && seconds > 0 && compileShare >= 0,
                            "round " + round + ": " + rate + " puts/s, JIT " + compileShare + ", after " + seconds + " s");
                });
        assertTrue(w.rates().size() >= KvWarmUp.MIN_ROUNDS, "rounds: " + w.rates());
        assertEquals(w.rates().size(), heard.size(), "each round heard once");
        assertEquals(heard.size(), heard.get(heard.size() - 1));
        assertEquals(w.rates().size(), w.compileShares().size());
        assertTrue(w.level() ? KvWarmUp.warm(w.rates(), w.compileShares())
                        : w.rates().size() >= KvWarmUp.MAX_ROUNDS || w.seconds() >= KvWarmUp.MAX_SECONDS,
                "warm is the rule's answer; not warm only when a limit stopped the rounds: " + w);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "each round's scratch store is deleted after it");
        }
    }

    @Test
    void aRoundThatFailsStopsTheWarmUpAndSaysWhich() {
        KvStoreFactory refusing = StubStore.factory((key, value) -> {
            throw new IOException("disk full (planted)");
        });
        IOException e = assertThrows(IOException.class, () -> KvWarmUp.run("planted", refusing, dir, 1_000, 2, null));
        assertTrue(e.getMessage().startsWith("warm-up round 1: ") && e.getMessage().contains("disk full (planted)"), e.getMessage());
    }
}
