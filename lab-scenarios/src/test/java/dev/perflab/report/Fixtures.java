package dev.perflab.report;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The hand-made JMH 1.37 result files under {@code src/test/resources/report/}. */
public final class Fixtures {
    /** Order-book cancel ladders in thrpt (ops/s) with {@code -prof gc}; depth=1000 rows hand-shuffled. */
    public static final String ORDERBOOK = "orderbook-thrpt.json";
    /** A queue ladder in avgt (ns/op) without {@code -prof gc}; a peer sits between r1 and r2. */
    public static final String QUEUE = "queue-avgt.json";
    /** Another project's results: no rung param, thrpt/sample/ss modes, JDK 21. */
    public static final String FOREIGN = "foreign.json";
    /**
     * Written by JMH 1.37 itself, not by the lab: {@code org.example.cache.LruCacheBenchmark} (its source is
     * {@code foreign-trend-LruCacheBenchmark.java.txt} beside it), 2 forks × 8 iterations, run with JMH's own
     * {@code Main -rf json} on a loaded 2-core machine. Its {@code leaky} method plants a fall of 20% over the
     * measured iterations; {@code get} holds still.
     */
    public static final String FOREIGN_TREND = "foreign-trend.json";

    private Fixtures() {
    }

    public static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/report/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new AssertionError("missing test fixture " + name, e);
        }
    }

    static List<Row> rows(String... names) {
        return JmhResults.read(List.of(names).stream().map(Fixtures::path).toList());
    }

    static LadderReport report(String... names) {
        return LadderReport.of(rows(names));
    }
}
