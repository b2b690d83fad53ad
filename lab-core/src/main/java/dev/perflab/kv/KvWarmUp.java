package dev.perflab.kv;

import dev.perflab.proc.JitClock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Warms a store's code before its measured run, until it is warm rather than for a fixed time: the same writers
 * fill a fresh scratch store of the same kind in rounds, and the rounds stop once their rate stops rising.
 *
 * <pre>
 *   round 1: open scratch store ─ write ≤ 2 s or 200,000 records ─ close, delete ─▶ rate₁
 *   round 2: the same, on a new scratch store                                    ─▶ rate₂
 *   …        until warm: the last 2 rounds rose ≤ 5% above the best before them, and the JIT compilers
 *            were busy < 5% of the last round's time (at least 3 rounds, and 2 s or 200,000 records of
 *            them); or a limit: 60 s / 50 rounds ("not level")
 * </pre>
 *
 * Why rounds on fresh stores: each round starts from an empty store, so a round's rate can only differ from
 * the last one's by what changed in the JVM (compiled code, loaded classes, a library's caches), not by the
 * store's size; a fall as the store grows is what the measured run is there to show. A fixed warm-up of a few
 * seconds ends too early for a store whose statement path the JIT goes on compiling for many seconds (H2's): its
 * measured rate then rises through the run, and the row is "not steady" for a reason that is not the store's.
 * The rate alone cannot tell: with many writers on few cores the compiler threads get little CPU, C2's queue drains
 * slowly, and a round's rate can stand still for a few seconds between the steps its compiles make. So the rounds
 * also wait for the compilers to go quiet, as the forwarder's warm-up does ({@code forwarder.WarmUp}).
 *
 * <h2>Assumptions and guarantees</h2>
 * Called by one thread; each round is one {@link KvWriteHarness} run in {@code dir}, removed after it. The
 * rounds are not part of the measured run and never touch its folder.
 */
public final class KvWarmUp {
    /** One round writes at most this long … */
    public static final double ROUND_SECONDS = 2;
    /** … or this many records, whichever first. */
    public static final long ROUND_RECORDS = 200_000;
    /** A round whose rate is more than this fraction above every earlier round's is still rising. */
    public static final double RISE = 0.05;
    /** Level once this many rounds in a row did not rise. */
    public static final int LEVEL_ROUNDS = 2;
    /** Never fewer rounds than this (the first has no earlier round to be compared with) … */
    public static final int MIN_ROUNDS = 1 + LEVEL_ROUNDS;
    /** … nor less warm-up than this or {@link #ROUND_RECORDS} records in all (the fixed warm-up this rule replaced). */
    public static final double MIN_SECONDS = 2;
    /** A round with the JIT compilers busy for more than this share of its wall time is still being compiled. */
    public static final double QUIET_COMPILE_SHARE = 0.05;
    /** Stop rising or not after this long: the row's own trend check then says whether its run still rose. */
    public static final double MAX_SECONDS = 60;
    /** A store writing a few records per round runs its rounds in milliseconds; this many are enough. */
    public static final int MAX_ROUNDS = 50;

    /**
     * What the warm-up did.
     *
     * @param rates         each round's successful puts per second, in order
     * @param compileShares each round's share of its wall time the JIT compilers were busy, in order
     * @param seconds       the rounds' writing time, summed
     * @param level         whether the rounds stopped because they were warm (false: a limit stopped them)
     */
    public record Outcome(List<Double> rates, List<Double> compileShares, double seconds, boolean level) {
        public Outcome {
            rates = List.copyOf(rates);
            compileShares = List.copyOf(compileShares);
            if (rates.size() != compileShares.size()) {
                throw new IllegalArgumentException(rates.size() + " rates for " + compileShares.size() + " compile shares");
            }
        }
    }

    /**
     * Hears each round as it ends: its number from 1, its rate in puts/s, the share of its time the compilers were
     * busy, and the rounds' seconds so far.
     */
    @FunctionalInterface
    public interface Progress {
        void round(int round, double rate, double compileShare, double seconds);
    }

    private KvWarmUp() {
    }

    /**
     * Warms {@code factory}'s store with {@code threads} writers in scratch stores under {@code dir}; {@code records}
     * caps a round as the measured run is capped. {@code progress} (may be null) hears each round.
     */
    public static Outcome run(String id, KvStoreFactory factory, Path dir, long records, int threads, Progress progress)
            throws IOException, InterruptedException {
        KvRunSettings settings = new KvRunSettings(Math.min(ROUND_RECORDS, records), threads, ROUND_SECONDS);
        List<Double> rates = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        double seconds = 0;
        long puts = 0;
        while (true) {
            Path scratch = dir.resolve("round-" + (rates.size() + 1));
            long compiled = JitClock.busyMillis();
            long start = System.nanoTime();
            KvRunResult r = KvWriteHarness.run(id, factory, scratch, settings, null);
            Folders.deleteTree(scratch);
            shares.add(JitClock.share(compiled, JitClock.busyMillis(), (System.nanoTime() - start) / 1e6));
            if (r.error() != null) {
                throw new IOException("warm-up round " + (rates.size() + 1) + ": " + r.error());
            }
            seconds += r.seconds();
            puts += r.puts();
            rates.add(r.seconds() > 0 ? r.puts() / r.seconds() : 0);
            if (progress != null) {
                progress.round(rates.size(), rates.get(rates.size() - 1), shares.get(shares.size() - 1), seconds);
            }
            if ((seconds >= MIN_SECONDS || puts >= ROUND_RECORDS) && warm(rates, shares)) {
                return new Outcome(rates, shares, seconds, true);
            }
            if (seconds >= MAX_SECONDS || rates.size() >= MAX_ROUNDS) {
                return new Outcome(rates, shares, seconds, false);
            }
        }
    }

    /** Warm: the rates {@link #level}, and the compilers busy less than {@link #QUIET_COMPILE_SHARE} of the last round. */
    public static boolean warm(List<Double> rates, List<Double> compileShares) {
        return level(rates) && compileShares.get(compileShares.size() - 1) < QUIET_COMPILE_SHARE;
    }

    /**
     * The rates' rule: at least {@link #MIN_ROUNDS} rounds, and none of the last {@link #LEVEL_ROUNDS} more than
     * {@link #RISE} above the best round before it.
     */
    public static boolean level(List<Double> rates) {
        if (rates.size() < MIN_ROUNDS) {
            return false;
        }
        for (int i = rates.size() - LEVEL_ROUNDS; i < rates.size(); i++) {
            double best = 0;
            for (int j = 0; j < i; j++) {
                best = Math.max(best, rates.get(j));
            }
            if (rates.get(i) > best * (1 + RISE)) {
                return false;
            }
        }
        return true;
    }
}
