package dev.perflab.cli;

import dev.perflab.mdf.MdfRingLadder;
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
        if (component.equals(MdfRingLadder.COMPONENT)) {
            return mdfSuites();
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
                new Suite("ceiling", pkg + "ShaCeilingBenchmark", options, all));
    }

    /**
     * The market-data ring's suites. Quick: 1 writer / 2 readers, 256-byte messages, and the late joiner
     * at N = 100,000; standard: every K, size and N. Ring warm-ups last 2 s or more: r3 and r4 run a
     * few hundred thousand messages/s until C2 has compiled their VarHandle accesses (about 1–1.5 s
     * measured here), then millions. The history suite's setup records a 400,000-message day in H2 per
     * rung (seconds each), so it keeps few iterations.
     */
    private static List<Suite> mdfSuites() {
        String pkg = "dev.perflab.bench.mdf.";
        Map<RunLength, String> all = Map.of(RunLength.SMOKE, ".*", RunLength.QUICK, ".*", RunLength.STANDARD, ".*",
                RunLength.FULL, ".*");
        Suite ring = new Suite("ring", pkg + "MdfRingBenchmark", Map.of(
                RunLength.SMOKE, List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "2", "-r", "500ms", "-p", "readers=2", "-p", "messageBytes=256"),
                RunLength.QUICK, List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s", "-p", "readers=2", "-p", "messageBytes=256"),
                RunLength.STANDARD, List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "3", "-r", "1s"),
                RunLength.FULL, List.of("-f", "2", "-wi", "3", "-w", "2s", "-i", "5", "-r", "2s")), all);
        Suite history = new Suite("history", pkg + "MdfHistoryBenchmark", Map.of(
                RunLength.QUICK, List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-p", "lastMessages=100000"),
                RunLength.STANDARD, List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s"),
                RunLength.FULL, List.of("-f", "2", "-wi", "2", "-w", "2s", "-i", "5", "-r", "2s")), all);
        return List.of(ring, history);
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
