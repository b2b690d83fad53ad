package dev.perflab.agent;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What the agent's argument says: where to plant, and whether to leave a receipt. The argument is
 * {@code KEY=VALUE} pairs separated by {@code ;} (a Java name or a benchmark regex holds none):
 *
 * <pre>
 *   benchmark=REGEX     every benchmark whose full name (pkg.Class.method, as JMH names it) REGEX is found in,
 *                       as JMH's own include finds it: planted at each call of JMH's generated code to the method
 *                       ({@link BenchmarkStubs}), so a method inherited from a base class is planted for one row
 *   method=pkg.Class.m  that method, every overload, annotated or not (a method the benchmark calls)
 *   receipt=DIR         at exit, DIR/perflab-agent-PID.txt says what was planted, and what failed ({@link Receipt})
 *   count               count the calls and the tokens spent, for the receipt ({@link PlantedWork#COUNT_PROPERTY})
 * </pre>
 *
 * Exactly one of {@code benchmark} and {@code method}. How much is planted is not the agent's to say: it is the
 * {@code perflab.plant} property, as for the lab's own benchmarks. Immutable.
 */
final class AgentOptions {
    private final Pattern benchmark;
    private final String className;
    private final String methodName;
    private final Path receipt;
    private final boolean count;

    private AgentOptions(Pattern benchmark, String className, String methodName, Path receipt, boolean count) {
        this.benchmark = benchmark;
        this.className = className;
        this.methodName = methodName;
        this.receipt = receipt;
        this.count = count;
    }

    /**
     * The options of an agent argument.
     *
     * @throws IllegalArgumentException naming the part that is wrong and what was expected
     */
    static AgentOptions parse(String argument) {
        Pattern benchmark = null;
        String method = null;
        Path receipt = null;
        boolean count = false;
        for (String part : (argument == null ? "" : argument).split(";")) {
            String key = part.contains("=") ? part.substring(0, part.indexOf('=')).trim() : part.trim();
            String value = part.contains("=") ? part.substring(part.indexOf('=') + 1).trim() : null;
            if (key.isEmpty()) {
                continue;
            } else if (key.equals("benchmark") && value != null && !value.isEmpty()) {
                benchmark = regex(value);
            } else if (key.equals("method") && value != null && value.lastIndexOf('.') > 0) {
                method = value;
            } else if (key.equals("receipt") && value != null && !value.isEmpty()) {
                receipt = Paths.get(value);
            } else if (key.equals("count") && value == null) {
                count = true;
            } else {
                throw new IllegalArgumentException("'" + part + "': expected benchmark=REGEX, method=pkg.Class.method, "
                        + "receipt=DIR or count, separated by ';'");
            }
        }
        if ((benchmark == null) == (method == null)) {
            throw new IllegalArgumentException("'" + argument + "': name where to plant, with exactly one of "
                    + "benchmark=REGEX and method=pkg.Class.method");
        }
        String className = method == null ? null : method.substring(0, method.lastIndexOf('.')).replace('.', '/');
        String methodName = method == null ? null : method.substring(method.lastIndexOf('.') + 1);
        return new AgentOptions(benchmark, className, methodName, receipt, count);
    }

    private static Pattern regex(String value) {
        try {
            return Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("benchmark=" + value + ": not a regular expression (" + e.getDescription() + ")");
        }
    }

    /** The benchmarks to plant in ({@code benchmark=}); null when a method is named instead. */
    Pattern benchmark() {
        return benchmark;
    }

    /**
     * Whether {@code method=} names this class.
     *
     * @param internalName the class's name as the JVM gives it ({@code pkg/Outer$Inner})
     */
    boolean namesClass(String internalName) {
        return className != null && (internalName.equals(className) || internalName.replace('$', '/').equals(className));
    }

    /** Whether {@code method=} names this method of a class {@link #namesClass} accepted. */
    boolean namesMethod(String method) {
        return method.equals(methodName);
    }

    /** Where the receipt goes; null for none. */
    Path receipt() {
        return receipt;
    }

    boolean count() {
        return count;
    }

    /** {@code benchmark=REGEX} or {@code method=pkg.Class.m}, for the receipt. */
    String target() {
        return className != null ? "method=" + className.replace('/', '.') + "." + methodName : "benchmark=" + benchmark.pattern();
    }
}
