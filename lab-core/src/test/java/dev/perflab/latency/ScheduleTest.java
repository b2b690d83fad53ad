package dev.perflab.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScheduleTest {

    @Test
    void uniformSpacingIsOnePeriodWithoutDrift() {
        Schedule schedule = new Schedule(Arrivals.UNIFORM, 3_000, 1);
        long previous = schedule.next();
        assertEquals(0, previous);
        for (int i = 1; i < 3_000_000; i++) {
            long next = schedule.next();
            long gap = next - previous;
            assertTrue(gap == 333_333 || gap == 333_334, "gap " + gap + " at " + i);
            previous = next;
        }
        assertEquals(999_999_666_666L, previous, "command 2,999,999 is due at 999.9997 s: no accumulated drift");
    }

    @Test
    void poissonGapsAreExponentialWithTheRightMean() {
        double periodNanos = 1e9 / 50_000;
        Schedule schedule = new Schedule(Arrivals.POISSON, 50_000, 7);
        int n = 200_000;
        long previous = schedule.next();
        double sum = 0;
        double sumSquares = 0;
        int longerThanThreeMeans = 0;
        for (int i = 0; i < n; i++) {
            long next = schedule.next();
            double gap = next - previous;
            assertTrue(gap >= 0, "times never go back");
            sum += gap;
            sumSquares += gap * gap;
            longerThanThreeMeans += gap > 3 * periodNanos ? 1 : 0;
            previous = next;
        }
        double mean = sum / n;
        double cv = Math.sqrt(sumSquares / n - mean * mean) / mean;
        assertEquals(periodNanos, mean, periodNanos * 0.02, "mean gap");
        assertEquals(1.0, cv, 0.03, "an exponential's standard deviation equals its mean");
        assertEquals(Math.exp(-3) * n, longerThanThreeMeans, Math.exp(-3) * n * 0.1, "tail P(gap > 3 means) = e^-3");
    }

    @Test
    void sameSeedSameSchedule() {
        Schedule a = new Schedule(Arrivals.POISSON, 1_000, 42);
        Schedule b = new Schedule(Arrivals.POISSON, 1_000, 42);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(a.next(), b.next());
        }
    }

    @Test
    void ratesTheTimerCannotScheduleAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                new LatencyConfig(100_000_000, 0, 1, Arrivals.UNIFORM, 1, ThreadModel.ONE_THREAD,
                        java.util.EnumSet.allOf(TimingMode.class)));
        assertTrue(e.getMessage().contains("too high to schedule"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LatencyConfig(0, 0, 1, Arrivals.UNIFORM, 1,
                ThreadModel.ONE_THREAD, java.util.EnumSet.allOf(TimingMode.class)));
        assertThrows(IllegalArgumentException.class, () -> ThreadModel.ofThreads(3));
        assertThrows(IllegalArgumentException.class, () -> TimingMode.fromId("wall"));
    }
}
