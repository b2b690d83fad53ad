package dev.perflab.cli.component;

import java.util.Map;

/**
 * A speedup that tells a ladder's story in one number, printed under the ladder with its interval: the
 * tuned rung over the naive one on the report's own measure (the order book's replay of 250k commands).
 * The two rows may come from different suites (the naive replay has a suite of its own), so each is named
 * by its benchmark and params; a rung may be given as {@code naive} or {@code tuned}.
 *
 * @param what        what the number means, e.g. "replay of 250k commands"
 * @param benchmark   the numerator's benchmark, {@code Class.method} or a suffix of it
 * @param params      the numerator's params, e.g. {@code rung=tuned}
 * @param baseBenchmark the denominator's benchmark
 * @param baseParams  the denominator's params, e.g. {@code rung=naive}
 */
public record Headline(String what, String benchmark, Map<String, String> params, String baseBenchmark,
                       Map<String, String> baseParams) {
    public Headline {
        params = Map.copyOf(params);
        baseParams = Map.copyOf(baseParams);
    }
}
