package dev.perflab.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Rows of an A/B run made from scores, for the tests of what reads a verdict (the gate, a calibration's table). */
public final class TestRows {
    private TestRows() {
    }

    /**
     * A throughput row of the order book's cancel benchmark at these params, base forks all scoring 100 and head forks
     * the given scores, judged at 95% and a 5% threshold.
     */
    public static AbRow cancel(String method, Map<String, String> params, boolean ruler, double... head) {
        List<Double> base = new ArrayList<>();
        List<Double> heads = new ArrayList<>();
        for (double h : head) {
            base.add(100.0);
            heads.add(h);
        }
        PairedRatio ratio = PairedRatio.of(base, heads, 0.95);
        return new AbRow("dev.perflab.bench.orderbook.OrderBookCancelBenchmark." + method, params, "thrpt", "ops/s", ratio,
                AbVerdict.of(ratio, 0.05, true), ruler, base, heads, 0.02, 0, "");
    }
}
