package dev.perflab.forwarder;

import dev.perflab.io.Scratch;
import dev.perflab.proc.JitClock;
import dev.perflab.pump.WireDay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Every configuration's forwarder, before it listens (the exhibit {@code x-cold-jit} excepted), runs a day of its
 * own through the same path, in
 * process ({@link LoopbackDay}: a Simulator, two clients and a mid-day joiner over loopback), so the JIT has
 * compiled the feed, the ring, the history store and the sessions' sends before the real day's first byte. The
 * warm-up's Simulator writes one message at a time (r0's): the feed then reads many small blocks, and the
 * per-block methods ({@code RecordRing.append}, {@code StreamVerifier.consume}, a session's poll) are called
 * often enough for C2 (thousands of calls), which a day read in 64 KiB blocks (a few hundred) is not. Warm-up
 * days repeat until one passes with the compilers nearly idle ({@link #QUIET_COMPILE_SHARE} of its time), at
 * most {@link #MAX_DAYS} and none started after {@link #MAX_SECONDS}: the first day leaves the per-block methods
 * at C1's profiling tier, C2 takes them on the next (compilation thresholds grow with the compile queue, and a
 * shared machine makes the queue long).
 *
 * <p>Why every configuration, and not a rung of its own: it was the ladder's r8, and r8 ÷ r7 (×1.11) then measured
 * the harness, a warm JVM against cold ones, while r3–r7 moved with the JIT's luck in their cold day. A warm-up is a
 * condition of the measurement; what it saves is shown by {@code x-cold-jit}, r7 without it.
 *
 * <p>What a cold day costs: profiled, r7's forwarder JVM spent more samples in the C1 and C2 compiler threads than in the
 * feed, the sessions and the history thread together, a third of its samples while the day flowed, and
 * {@code -XX:+PrintCompilation} showed C2 compiling {@code RecordRing.append} and {@code StreamVerifier.consume}
 * during the day: the lab's day lasts about a second, so compiling the hot path takes CPU from the receive,
 * the sends and the clients on the same two cores, and the first part of the day runs slower code. The report's forwarder ran all day in steady
 * state; a real one warms up before the market opens. The warm-up day and its stores are gone before the real
 * day starts; only the compiled code stays.
 *
 * <p>The same loop ({@link #untilQuiet}) warms the lab's own instruments for every rung: each client JVM reads
 * and checks days in memory ({@link ClientStream#warmUp}) and a paced Simulator stamps and frames days into
 * nothing ({@link PacedSender#warmUp}) before the real day. Cold, their compilations landed in the first second
 * of a paced day, on the cores the forwarder needs, and showed up as the forwarder's latency.
 */
public final class WarmUp {
    /** Messages in one warm-up day: with a write per message, thousands of calls of every per-block method. */
    public static final int MESSAGES = 60_000;
    /** At most this many warm-up days. */
    static final int MAX_DAYS = 5;
    /** A day with the compilers busy less than this share of its wall time ends the warm-up. */
    static final double QUIET_COMPILE_SHARE = 0.05;
    /**
     * No warm-up day starts after this many seconds of warming up: a forwarder must be listening within the
     * 30 s a run gives it to start, however loaded the machine.
     */
    static final double MAX_SECONDS = 15;
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
        ForwarderConfig path = config.cold().withSimulator(new FileStreamedSender());
        return untilQuiet(messages, day -> oneDay(path, day, messages));
    }

    /** One pass of a warm-up over a generated day: the code to be compiled, run once. */
    @FunctionalInterface
    public interface Round {
        void run(WireDay day) throws Exception;
    }

    /**
     * Generates a day of {@code messages} and runs {@code round} over it until one round passes with the
     * compilers nearly idle (at most {@link #MAX_DAYS} rounds, none started after {@link #MAX_SECONDS});
     * returns the seconds it took. The day's file is gone when it returns.
     */
    public static double untilQuiet(int messages, Round round) throws Exception {
        long start = System.nanoTime();
        Path file = Scratch.file("warm-up", ".bin");
        file.toFile().deleteOnExit(); // a role stopped by a signal (its run was interrupted) leaves no day behind
        try {
            WireDay day = WireDay.generate(messages, SEED, file);
            for (int d = 0; d < MAX_DAYS && (System.nanoTime() - start) / 1e9 < MAX_SECONDS; d++) {
                long dayStart = System.nanoTime();
                long compiledBefore = JitClock.busyMillis();
                round.run(day);
                double dayMillis = (System.nanoTime() - dayStart) / 1e6;
                if (JitClock.share(compiledBefore, JitClock.busyMillis(), dayMillis) < QUIET_COMPILE_SHARE) {
                    break;
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void oneDay(ForwarderConfig path, WireDay day, int messages) throws Exception {
        List<LoopbackDay.ClientPlan> plans = List.of(LoopbackDay.ClientPlan.onTime("warm-up-1"),
                LoopbackDay.ClientPlan.onTime("warm-up-2"), LoopbackDay.ClientPlan.midDay("warm-up-late", messages / 2));
        LoopbackDay.Outcome o = LoopbackDay.run(path, plans, LoopbackDay.simulator(path, day), DEADLINE);
        if (failed(o, plans.stream().map(LoopbackDay.ClientPlan::name).toList(), messages)) {
            throw new IllegalStateException("the warm-up day failed: " + o.forwarder().errors());
        }
    }

    /** How the senders end a session the ring lapped while it was being sent ({@code RecordSpanSender} and the others). */
    static final String LAPPED_RESET = "resetting the client";

    /**
     * Whether a warm-up day went wrong: the forwarder did not receive the whole day, or a client missed part of it
     * for any reason but one. A client the forwarder reset because the ring overwrote what it was sending is a race
     * between that client and the ring's window (an exhibit's small window loses it now and then, and its real day
     * reports it if it happens there); it says nothing about the path the warm-up compiles. Failing the warm-up for it
     * voided a whole day of {@code x-window-5000-db} before it started.
     */
    static boolean failed(LoopbackDay.Outcome o, List<String> names, int messages) {
        if (o.forwarder().received() != messages) {
            return true;
        }
        for (int i = 0; i < o.clients().size(); i++) {
            String name = names.get(i);
            boolean lapped = o.forwarder().sessions().stream().anyMatch(s -> s.name().equals(name) && s.error() != null
                    && s.error().contains("overwrote") && s.error().contains(LAPPED_RESET));
            if (!o.clients().get(i).complete() && !lapped) {
                return true;
            }
        }
        return false;
    }
}
