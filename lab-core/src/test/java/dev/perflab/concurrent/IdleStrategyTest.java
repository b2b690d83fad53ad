package dev.perflab.concurrent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every strategy returns; waitUntil never wakes before its target. */
class IdleStrategyTest {
    @Test
    void everyStrategyReturns() {
        for (IdleStrategy s : new IdleStrategy[] {IdleStrategy.spin(), IdleStrategy.yielding(),
                IdleStrategy.spinThenYield(4), IdleStrategy.parking(1_000)}) {
            for (int round = 0; round < 10; round++) {
                s.idle(round);
            }
        }
    }

    @Test
    void waitUntilWakesAtOrAfterItsTarget() {
        for (long ahead : new long[] {0, 100_000, TimeUnit.MILLISECONDS.toNanos(3)}) {
            long target = System.nanoTime() + ahead;
            long woke = IdleStrategy.waitUntil(target, 1_000_000, 500_000);
            assertTrue(woke >= target, "woke " + (target - woke) + " ns early");
        }
    }
}
