package dev.perflab.cli.component;

import dev.perflab.base.Regex;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code --benchmark REGEX}: which JMH benchmark methods a command works on, declared here once for {@code run},
 * {@code ab}, {@code profile} and {@code history} (a picocli mixin). The regex is JMH's include: it is found
 * anywhere in {@code Class.method}.
 */
public final class BenchmarkOption {
    @Option(names = "--benchmark", paramLabel = "REGEX",
            description = "JMH suites: only benchmark methods whose class and method name this regex finds (as JMH's include), say cancelLast.")
    private String regex;

    /**
     * The regex given, or null for every benchmark of the command's selection. A malformed one is one line naming
     * it (exit 2) here, where the command reads it, rather than a failure in the JMH run or the query it is handed to.
     */
    public String regex() {
        pattern();
        return regex;
    }

    /** The regex compiled, or null when none was given; a malformed one is one line naming it (exit 2). */
    public Pattern pattern() {
        return Regex.compile("--benchmark", regex);
    }
}
