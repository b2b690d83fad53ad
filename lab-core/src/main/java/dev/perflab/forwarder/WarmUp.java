package dev.perflab.forwarder;

import dev.perflab.pump.WireDay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Rung {@code r8-warmed-up}: before it listens, the forwarder runs a day of its own through the same path, in
 * process ({@link LoopbackDay}: a Simulator, two clients and a mid-day joiner over loopback), so the JIT has
 * compiled the feed, the ring, the history store and the sessions' sends before the real day's first byte.
 *
 * <p>Why faster: profiled, r7's forwarder JVM spent more samples in the C1 and C2 compiler threads than in the
 * feed, the sessions and the history thread together, most of them while the day flowed: the lab's day lasts
 * about a second, so compiling the hot path takes CPU from the receive, the sends and the clients on the same
 * two cores, and the first part of the day runs interpreted. The report's forwarder ran all day in steady
 * state; a real one warms up before the market opens. The warm-up day and its stores are gone before the real
 * day starts; only the compiled code stays.
 */
public final class WarmUp {
    /** Messages in the warm-up day: enough for C2 to compile every per-block and per-span loop. */
    public static final int MESSAGES = 150_000;
    static final long SEED = 7;
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private WarmUp() {
    }

    /**
     * Runs one warm-up day through {@code config}'s path; returns the seconds it took.
     *
     * @throws IllegalStateException when the warm-up day went wrong (the real day would too)
     */
    public static double run(ForwarderConfig config, int messages) throws Exception {
        ForwarderConfig path = config.cold();
        long start = System.nanoTime();
        Path file = Files.createTempFile("perflab-forwarder-warm-up-", ".bin");
        try {
            WireDay day = WireDay.generate(messages, SEED, file);
            LoopbackDay.Outcome o = LoopbackDay.run(path, List.of(LoopbackDay.ClientPlan.onTime("warm-up-1"),
                    LoopbackDay.ClientPlan.onTime("warm-up-2"), LoopbackDay.ClientPlan.midDay("warm-up-late", messages / 2)),
                    LoopbackDay.simulator(path, day), DEADLINE);
            if (o.forwarder().received() != messages || o.clients().stream().anyMatch(c -> !c.complete())) {
                throw new IllegalStateException("the warm-up day failed: " + o.forwarder().errors());
            }
        } finally {
            Files.deleteIfExists(file);
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
