package dev.perflab.cli.component;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --param NAME=V1,V2}: JMH {@code @Param} values a command narrows to, declared here once for {@code run},
 * {@code ab} and {@code profile} (a picocli mixin); repeat it for several parameters.
 */
public final class ParamOption {
    @Option(names = "--param", paramLabel = "NAME=V1,V2",
            description = "JMH suites: restrict a @Param to these values: --param depth=1,1000 (repeat it for several parameters).")
    private Map<String, String> params = new LinkedHashMap<>();

    /** Each parameter named, in order, with its comma-separated values as given; empty when none. */
    public Map<String, String> params() {
        return params;
    }
}
