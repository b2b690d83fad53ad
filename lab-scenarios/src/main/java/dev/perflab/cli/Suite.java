package dev.perflab.cli;

import dev.perflab.sha.ShaLadder;
import java.util.List;
import java.util.Map;

/**
 * One JMH benchmark class of a component, with the JMH options each run length uses. Run lengths differ
 * per suite because a replay invocation can last many seconds where a cancel lasts nanoseconds.
 *
 * @param name      short name, used in file names ({@code orderbook-cancel.json})
 * @param className the JMH benchmark class
 * @param options   JMH options per run length
 * @param methods   per run length, a method-name regex ({@code .*} for all)
 */
record Suite(String name, String className, Map<RunLength, List<String>> options, Map<RunLength, String> methods) {

    /** How long and how carefully to measure. */
    enum RunLength {
        SMOKE, QUICK, STANDARD, FULL
    }

    /** The component's suites, in the order they run. */
    static List<Suite> forComponent(String component) {
        if (component.equals(ShaLadder.COMPONENT)) {
            return shaSuites();
        }
        if (!component.equals("orderbook")) {
            throw new LabException("component '" + component + "' has no benchmark suites yet");
        }
        String pkg = "dev.perflab.bench.orderbook.";
        List<String> cancelQuick = List.of("-f", "1", "-wi", "1", "-w", "300ms", "-i", "3", "-r", "300ms");
        Suite cancel = new Suite("cancel", pkg + "OrderBookCancelBenchmark", Map.of(
                RunLength.SMOKE, cancelQuick,
                RunLength.QUICK, cancelQuick,
                RunLength.STANDARD, List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "5", "-r", "1s"),
                RunLength.FULL, List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s")),
                Map.of(RunLength.SMOKE, ".*", RunLength.QUICK, ".*", RunLength.STANDARD, ".*", RunLength.FULL, ".*"));
        Suite replay = new Suite("replay", pkg + "OrderBookReplayBenchmark", Map.of(
                RunLength.QUICK, List.of("-f", "1", "-wi", "0", "-i", "3", "-r", "1s"),
                RunLength.STANDARD, List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s"),
                RunLength.FULL, List.of("-f", "2", "-wi", "2", "-w", "2s", "-i", "5", "-r", "2s")),
                Map.of(RunLength.QUICK, "replay(250k|1M)", RunLength.STANDARD, ".*", RunLength.FULL, ".*"));
        return List.of(cancel, replay);
    }

    /**
     * JMH options of the SHA-256 ceiling, the one table both {@code ./lab run sha-pipeline} (its divisor)
     * and {@code --jmh} use. Every rung's "% of ceiling" divides by this score, so its error must be small:
     * JMH's error is a 99.9% interval, Student's t times the standard error, and with the 3 iterations of one
     * fork the standard run used to take t is 31.6 (2 degrees of freedom): ±37% on 16 cores. Two forks of 8
     * iterations give t = 4.07 over 16 samples and catch the fork-to-fork spread too.
     */
    static final Map<RunLength, List<String>> SHA_CEILING_OPTIONS = Map.of(
            RunLength.SMOKE, List.of("-f", "1", "-wi", "1", "-w", "500ms", "-i", "2", "-r", "500ms"),
            RunLength.QUICK, List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "1s"),
            RunLength.STANDARD, List.of("-f", "2", "-wi", "3", "-w", "1s", "-i", "8", "-r", "1s"),
            RunLength.FULL, List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s"));

    /** The SHA pipeline's in-process suites: the executor's work per rung, and the SHA-256 ceiling. */
    private static List<Suite> shaSuites() {
        String pkg = "dev.perflab.bench.sha.";
        Map<RunLength, List<String>> options = Map.of(
                RunLength.SMOKE, List.of("-f", "1", "-wi", "1", "-w", "500ms", "-i", "2", "-r", "500ms"),
                RunLength.QUICK, List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s"),
                RunLength.STANDARD, List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "5", "-r", "1s"),
                RunLength.FULL, List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s"));
        Map<RunLength, String> all = Map.of(RunLength.SMOKE, ".*", RunLength.QUICK, ".*", RunLength.STANDARD, ".*",
                RunLength.FULL, ".*");
        return List.of(new Suite("executor", pkg + "ShaExecutorBenchmark", options, all),
                new Suite("ceiling", pkg + "ShaCeilingBenchmark", SHA_CEILING_OPTIONS, all));
    }

    boolean runsIn(RunLength length) {
        return options.containsKey(length);
    }

    /** The JMH include regex for a run length, narrowed further by the user's {@code --benchmark} regex. */
    String include(RunLength length, String userMethods) {
        String m = userMethods != null ? userMethods : methods.get(length);
        return "^" + className.replace(".", "\\.") + "\\.(" + m + ")$";
    }
}
