package dev.perflab.latency;

import java.util.EnumSet;

/**
 * Child JVM of {@link NoDeoptimizationAfterWarmupTest}: one harness run, nothing else in the JVM, so its
 * JIT state is the harness's own. Arguments: task ({@code noop} or {@code flip}), threads (1 or 2), sender
 * ({@code spin} or {@code sleep}), rate, warm-up seconds, recorded seconds.
 */
public final class DeoptProbe {
    private DeoptProbe() {
    }

    /**
     * The bug the harness had, in a task: a branch that goes one way for every warm-up command and the other
     * way once recording starts. C2 compiles the untaken way as an uncommon trap, so the first recorded
     * command deoptimizes it, in this package: the test must see that.
     */
    static final class FlipsWhenRecordingStarts implements LatencyTask {
        private final long warmupCommands;
        long sink;

        FlipsWhenRecordingStarts(long warmupCommands) {
            this.warmupCommands = warmupCommands;
        }

        @Override
        public void run(long sequence) {
            if (sequence < warmupCommands) {
                sink += sequence;
            } else {
                sink ^= sequence;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadModel threads = ThreadModel.ofThreads(Integer.parseInt(args[1]));
        LatencyConfig config = new LatencyConfig(Double.parseDouble(args[3]), Double.parseDouble(args[4]),
                Double.parseDouble(args[5]), Arrivals.UNIFORM, 1, threads, EnumSet.allOf(TimingMode.class),
                Sender.fromId(args[2]));
        LatencyTask task = switch (args[0]) {
            case "noop" -> sequence -> { };
            case "flip" -> new FlipsWhenRecordingStarts(config.warmupCommands());
            default -> throw new IllegalArgumentException("task: noop or flip, was " + args[0]);
        };
        LatencyResult result = LatencyHarness.run(config, task, null, null);
        System.out.println("recorded " + result.recorded() + " commands");
    }
}
