package dev.perflab.cli.component;

import dev.perflab.base.BenchmarkFilter;
import picocli.CommandLine.Option;

/**
 * {@code --benchmark REGEX}: which JMH benchmark methods a command works on, declared here once for {@code run},
 * {@code ab}, {@code profile} and {@code history} (a picocli mixin). The regex is JMH's include: it is found
 * anywhere in {@code Class.method}, as {@link BenchmarkFilter} matches it, the one matcher every command uses.
 */
public final class BenchmarkOption {
    @Option(names = "--benchmark", paramLabel = "REGEX",
            description = "JMH suites: only the benchmarks this regex is found in (in Class.method, as JMH's include): cancel selects every cancel benchmark.")
    private String regex;

    /**
     * The regex given, or null for every benchmark of the command's selection. A malformed one is one line naming
     * it (exit 2) here, where the command reads it, rather than a failure in the JMH run or the query it is handed to.
     */
    public String regex() {
        filter();
        return regex;
    }

    /**
     * What the regex selects; {@link BenchmarkFilter#ALL} without one.
     *
     * @throws dev.perflab.base.LabException (exit 2) when the value is not a regex
     */
    public BenchmarkFilter filter() {
        return BenchmarkFilter.of("--benchmark", regex);
    }
}
