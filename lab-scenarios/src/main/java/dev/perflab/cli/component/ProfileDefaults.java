package dev.perflab.cli.component;

import dev.perflab.jmh.JmhOptions;
import java.util.Map;

/**
 * What {@code ./lab profile COMPONENT} profiles when the user names nothing: one benchmark, its parameters
 * (the rung aside) and the JMH options of each profiled run.
 *
 * @param benchmark JMH benchmark regex, e.g. {@code OrderBookCancelBenchmark.cancelLast}
 * @param params    JMH {@code @Param} values, e.g. {@code depth=1000}; replaced as a whole by {@code --param}
 * @param options   forks, iterations and their lengths of each rung's run
 */
public record ProfileDefaults(String benchmark, Map<String, String> params, JmhOptions options) {
    public ProfileDefaults {
        params = Map.copyOf(params);
    }
}
