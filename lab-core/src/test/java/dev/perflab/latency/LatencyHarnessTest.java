package dev.perflab.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The harness on a synthetic task whose only cost is one known stall: 50 ms at a known command, at
 * 10,000 commands/s (a 100 µs period). Thresholds are far from the expected values, so a noisy shared
 * machine cannot flip them; no assertion is about how fast anything ran.
 */
class LatencyHarnessTest {
    private static final double RATE = 10_000;
    private static final long STALL_MILLIS = 50;
    private static final long STALL_AT = 3_000;
    private static final long TEN_MS_IN_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private static LatencyConfig config(ThreadModel threads, double warmupSeconds) {
        return new LatencyConfig(RATE, warmupSeconds, 1.0, Arrivals.UNIFORM, 1, threads, EnumSet.allOf(TimingMode.class));
    }

    private static LatencyTask stallingAt(long sequence, AtomicLong calls) {
        return i -> {
            calls.incrementAndGet();
            if (i == sequence) {
                sleep(STALL_MILLIS);
            }
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long countAbove(Histogram h, long nanos) {
        return h.getTotalCount() - h.getCountBetweenValues(0, nanos);
    }

    @ParameterizedTest
    @EnumSource(ThreadModel.class)
    void intendedViewSpreadsAStallOverTheCommandsBehindItServiceViewShowsOneSample(ThreadModel threads)
            throws InterruptedException {
        AtomicLong calls = new AtomicLong();
        LatencyResult result = LatencyHarness.run(config(threads, 0.2), stallingAt(2_000 + STALL_AT, calls), null, null);

        Histogram service = result.histograms().get(TimingMode.SERVICE);
        Histogram intended = result.histograms().get(TimingMode.INTENDED);
        // 50 ms behind schedule at 100 µs per command: ~500 commands queue behind the stall.
        assertTrue(countAbove(intended, TEN_MS_IN_NANOS) >= 200,
                "intended: " + countAbove(intended, TEN_MS_IN_NANOS) + " commands above 10 ms");
        assertTrue(countAbove(service, TEN_MS_IN_NANOS) >= 1 && countAbove(service, TEN_MS_IN_NANOS) <= 5,
                "service: " + countAbove(service, TEN_MS_IN_NANOS) + " commands above 10 ms");
        assertTrue(service.getMaxValue() >= TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS), "the stall itself is seen");
        assertTrue(result.lateStarts() >= 200, result.lateStarts() + " late starts");
        assertTrue(result.maxLatenessNanos() >= TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS) / 2);
        assertEquals(0, result.notRun());
        assertEquals(12_000, calls.get(), "every command ran: 2,000 warm-up + 10,000 recorded");
    }

    @ParameterizedTest
    @EnumSource(ThreadModel.class)
    void warmUpIsNotRecorded(ThreadModel threads) throws InterruptedException {
        AtomicLong calls = new AtomicLong();
        LatencyResult result = LatencyHarness.run(config(threads, 0.3), stallingAt(100, calls), null, null);
        assertEquals(10_000, result.recorded());
        for (TimingMode mode : TimingMode.values()) {
            assertEquals(10_000, result.histograms().get(mode).getTotalCount(), mode.id());
        }
        assertTrue(result.histograms().get(TimingMode.SERVICE).getMaxValue() < TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS),
                "the stall during warm-up is not in the service view");
        assertEquals(13_000, calls.get());
    }

    @ParameterizedTest
    @EnumSource(ThreadModel.class)
    void batchViewTimesFromTheStartOfEachSecond(ThreadModel threads) throws InterruptedException {
        LatencyResult result = LatencyHarness.run(config(threads, 0), i -> { }, null, null);
        Histogram batch = result.histograms().get(TimingMode.BATCH);
        // Commands spread evenly over a second, each timed from the second's start: the median is ~500 ms.
        double medianMillis = batch.getValueAtPercentile(50) / 1e6;
        assertTrue(medianMillis > 400 && medianMillis < 600, "batch median " + medianMillis + " ms");
        assertTrue(result.histograms().get(TimingMode.INTENDED).getValueAtPercentile(50) < batch.getValueAtPercentile(1));
    }

    @ParameterizedTest
    @EnumSource(ThreadModel.class)
    void intervalLogReadsBackToTheSameCountsPerMode(ThreadModel threads) throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LatencyResult result;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            result = LatencyHarness.run(new LatencyConfig(5_000, 0.2, 2.5, Arrivals.POISSON, 3, threads,
                    EnumSet.of(TimingMode.SERVICE, TimingMode.INTENDED)), i -> { }, null, new HistogramLogWriter(out));
        }
        HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes.toByteArray()));
        Map<String, Long> counts = new HashMap<>();
        int intervals = 0;
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            counts.merge(h.getTag(), ((Histogram) h).getTotalCount(), Long::sum);
            intervals++;
        }
        assertEquals(result.histograms().get(TimingMode.SERVICE).getTotalCount(), counts.get("service"));
        assertEquals(result.histograms().get(TimingMode.INTENDED).getTotalCount(), counts.get("intended"));
        assertEquals(null, counts.get("batch"), "only the recorded modes are logged");
        assertTrue(intervals >= 4, intervals + " intervals for ~2.7 s and two modes");
    }
}
