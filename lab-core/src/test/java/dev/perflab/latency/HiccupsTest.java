package dev.perflab.latency;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The meter around a span: a wake-up per millisecond while it runs, and its thread gone once stopped. */
class HiccupsTest {
    @Test
    void recordsAWakeUpPerMillisecondWhileItRunsAndStopsItsThread() throws Exception {
        Hiccups hiccups = Hiccups.start();
        Thread.sleep(200);
        Histogram h = hiccups.stop();
        // 200 ms of 1 ms sleeps: at most ~200 wake-ups, at least a few even on a loaded machine (the correction adds the missed ones)
        assertTrue(h.getTotalCount() >= 20 && h.getTotalCount() <= 400, "wake-ups: " + h.getTotalCount());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals(HiccupMeter.THREAD)),
                "the meter's thread ended with stop()");
    }
}
