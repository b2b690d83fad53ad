package dev.perflab.ab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sizing a plant from a row's own measurements. */
class PlantSizingTest {
    @Test
    void theHookReadsTheSamePropertyAbSets() {
        assertEquals(dev.perflab.bench.Planted.PROPERTY, Plant.PROPERTY);
    }

    @Test
    void aLongInvocationGetsABurstEveryTimeAShortOneEveryFewTimes() {
        assertArrayEquals(new long[] {500, 1}, PlantSizing.trial(1e-6, 1), "1 µs: half of it in 1 ns tokens");
        long[] short20ns = PlantSizing.trial(20e-9, 1);
        assertEquals(2, short20ns[1], "20 ns: 10 tokens, too coarse, so 20 every 2nd invocation");
        assertTrue(short20ns[0] >= PlantSizing.MIN_BURST_TOKENS, short20ns[0] + " tokens");
        assertArrayEquals(new long[] {10, 1}, PlantSizing.trial(20e-9, 2), "threads would share the counter: no period");
    }

    @Test
    void whenATokenTurnsOutCoarseTheSizingIsDoneAgainWithAPeriod() {
        assertEquals(null, PlantSizing.retrial(0.001, 0.05), "50 tokens for 5%: whole tokens are fine");
        long[] retrial = PlantSizing.retrial(0.25, 0.05);
        assertEquals(128, retrial[1], "a token is 25% of the row: 5% is 0.2 tokens, so 16+ tokens every 128 invocations");
        assertEquals(256, retrial[0], "a burst slowing the row by half: 0.5 / 0.25 × 128");
    }

    @Test
    void theTimeOfAnInvocationFollowsTheUnitAndTheThreads() {
        assertEquals(2e-8, PlantSizing.secondsPerInvocation(5e7, "ops/s", 1, 1), 1e-20, "50M ops/s: 20 ns");
        assertEquals(4e-8, PlantSizing.secondsPerInvocation(5e7, "ops/s", 2, 1), 1e-20, "two threads share the 50M");
        assertEquals(250_000 / 4e7, PlantSizing.secondsPerInvocation(4e7, "ops/s", 1, 250_000), 1e-12, "a replay of 250k commands");
        assertEquals(3e-3, PlantSizing.secondsPerInvocation(3, "ms/op", 1, 1), 1e-15);
        assertEquals(5e-6, PlantSizing.secondsPerInvocation(5, "us/op", 4, 1), 1e-15, "avgt is per thread already");
        assertThrows(IllegalArgumentException.class, () -> PlantSizing.secondsPerInvocation(1, "MB/s", 1, 1));
    }

    @Test
    void withAPeriodTheCounterIsMeasuredAloneAndTakenOut() {
        // 2% for the counter alone, 0.5% per token: 50 tokens every 8 invocations give 27%.
        PlantSizing s = PlantSizing.withCounter(8, 50, 0.02, 0.27);
        assertEquals(0.02, s.overhead(), 1e-12);
        assertEquals(0.005, s.perToken(), 1e-12);
        assertEquals(new Plant(0.10, 16, 8), s.plant(0.10));
        assertEquals("10% (16 consumeCPU tokens every 8 invocations)", s.plant(0.10).describe());
        assertEquals("16/8", s.plant(0.10).property());
        IllegalArgumentException tooSmall = assertThrows(IllegalArgumentException.class, () -> PlantSizing.withCounter(8, 50, 0.06, 0.27).plant(0.05));
        assertTrue(tooSmall.getMessage().contains("costs by itself"), tooSmall.getMessage());
        assertEquals(0, PlantSizing.withCounter(8, 50, -0.01, 0.25).overhead(), "counting cannot make the row faster: noise");
    }

    @Test
    void withoutAPeriodTheLineGoesThroughZero() {
        PlantSizing s = PlantSizing.throughZero(100, 0.5, 1.0);
        assertEquals(0, s.overhead());
        assertEquals(0.005, s.perToken(), 1e-12);
        assertEquals("40", s.plant(0.2).property());
    }

    @Test
    void aPlantThatDidNotGrowIsRefused() {
        assertEquals(0.0026, PlantSizing.throughZero(100, 0.5, 0.4).perToken(), 1e-12, "noisy points still give their slope");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlantSizing.throughZero(100, 0.5, -0.1));
        assertTrue(e.getMessage().contains("noise is larger than the plant"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PlantSizing.withCounter(8, 50, 0.3, 0.2));
    }
}
