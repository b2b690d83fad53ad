package dev.perflab.ab;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * How large a plant must be to slow one row by a given fraction, from the row's own measurements. Slowdowns
 * ρ = t/t₀ − 1 (t: time per operation, t₀ without a plant) follow ρ(T) = a + b·T for bursts of T tokens every P
 * invocations, where a is what choosing every P-th invocation costs by itself and b the slowdown per token; a
 * slowdown f then takes T = (f − a)/b tokens.
 * <ul>
 *   <li>P = 1: there is no counter (the branch on a constant is compiled away), so a = 0; forks with T and 2T
 *       tokens give b as the least-squares slope through the origin, which one noisy fork moves less than a
 *       line through two points would. Both must have slowed the row.</li>
 *   <li>P &gt; 1: a fork with the counter alone ({@code 0/P}) measures a directly, one with T tokens gives b.
 *       A negative a is noise (counting cannot make the row faster) and is taken as 0.</li>
 * </ul> Measuring on the row itself, rather than pricing a token
 * once, also counts what the row hides: planted work on a thread that waits for other threads anyway costs
 * less than its tokens.
 *
 * <pre>
 *   ρ │          ● 2T
 *     │      ●  T            slope b per token
 *     │  f ─ ─ ─ ─ ─ ▶ T = (f − a)/b
 *   a ●
 *     └──────────────── tokens per burst
 * </pre>
 *
 * @param period    invocations per burst (a power of two; 1 for multi-threaded benchmarks, whose threads would
 *                  contend on the counter)
 * @param tokens    T, the first trial burst
 * @param overhead  a
 * @param perToken  b
 */
public record PlantSizing(long period, long tokens, double overhead, double perToken) {
    /** A burst this small would make the planted fraction coarse: one token more or less is 1/16 of it. */
    public static final long MIN_BURST_TOKENS = 16;
    /** The price of one token assumed before anything is measured, only to pick the trial burst. */
    public static final double GUESS_NANOS_PER_TOKEN = 1.0;
    /** The trial slows the row by about half: far above the noise, still in the linear range. */
    public static final double TRIAL_SLOWDOWN = 0.5;
    /** Pairs of forks that aim a plant at least: a median of three is not moved by one odd fork. */
    public static final int AIM_MIN_PAIRS = 3;
    /**
     * Pairs of forks that aim a plant at most, however noisy the row, unless the gate it tests may take more
     * ({@link #aimedClosely(List, double, int)}).
     */
    public static final int AIM_MAX_PAIRS = 9;
    /**
     * A plant measured within this share of its size (8.5–11.5% for 10%) is planted as it is. A quarter let plants
     * through that realized 7.6% and 14–16% for 10% (JDK 17, 2 cores; the median of three pairs at +8.7% and at +12.5%), and a
     * calibration's detection rate then told the detection of another size.
     */
    public static final double AIM_TOLERANCE = 0.15;
    /**
     * The pairs go on until the standard error of their mean ln(1 + ρ) is within this share of the size (1.25
     * points for 10%), so that a plant read as close enough is close: a standard error of a quarter of the size let
     * three pairs that read +12.0% to +19.8% stop at a plant that realized 14–16%.
     */
    public static final double AIM_STANDARD_ERROR = 0.125;
    /** Plants measured while aiming, at most; the plant aimed from the last of them is planted unmeasured. */
    public static final int AIM_STEPS = 3;
    /** How far {@link #aimed} may move a plant from the one it measured, either way. */
    public static final double MAX_AIM_CORRECTION = 3;
    private static final long MAX_PERIOD = 1L << 20;
    private static final Map<String, Double> SECONDS = Map.of("ns", 1e-9, "us", 1e-6, "µs", 1e-6, "μs", 1e-6,
            "ms", 1e-3, "s", 1.0, "min", 60.0);

    /**
     * The trial burst {@code {tokens, period}} for a row whose invocation lasts {@code secondsPerInvocation} on
     * one thread.
     */
    public static long[] trial(double secondsPerInvocation, int threads) {
        double tokens = TRIAL_SLOWDOWN * secondsPerInvocation * 1e9 / GUESS_NANOS_PER_TOKEN;
        if (threads > 1 || tokens >= MIN_BURST_TOKENS) {
            return new long[] {Math.max(1, Math.round(tokens)), 1};
        }
        long period = 1;
        while (period < MAX_PERIOD && tokens * period < MIN_BURST_TOKENS) {
            period <<= 1;
        }
        return new long[] {Math.max(1, Math.round(tokens * period)), period};
    }

    /**
     * The trial burst {@code {tokens, period}} once a first sizing without a period showed that a token costs
     * {@code perToken} of the row, too much for {@code fraction} in whole tokens: a period long enough for
     * {@link #MIN_BURST_TOKENS} tokens per burst, and a burst that slows the row by about {@link #TRIAL_SLOWDOWN}.
     * Null when whole tokens per invocation are fine already.
     */
    public static long[] retrial(double perToken, double fraction) {
        double tokens = fraction / perToken;
        if (tokens >= MIN_BURST_TOKENS) {
            return null;
        }
        long period = 1;
        while (period < MAX_PERIOD && tokens * period < MIN_BURST_TOKENS) {
            period <<= 1;
        }
        return new long[] {Math.max(1, Math.round(TRIAL_SLOWDOWN / perToken * period)), period};
    }

    /**
     * Seconds one thread spends in one invocation (one call of the method, where the plant runs), from a fork's
     * score: a throughput {@code ops/TIME} is summed over the threads, a time per operation is each thread's own.
     *
     * @param operationsPerCall the operations the score counts for one call ({@link
     *                          dev.perflab.jmh.BenchmarkCatalog#operationsPerCall}): a single shot's batch makes it 1
     *                          where {@code @OperationsPerInvocation} alone would say 100,000
     */
    public static double secondsPerInvocation(double score, String unit, int threads, double operationsPerCall) {
        String[] parts = unit.strip().split("/");
        if (parts.length == 2 && parts[0].startsWith("op") && SECONDS.containsKey(parts[1])) {
            return threads * operationsPerCall * SECONDS.get(parts[1]) / score;
        }
        if (parts.length == 2 && parts[1].startsWith("op") && SECONDS.containsKey(parts[0])) {
            return score * SECONDS.get(parts[0]) * operationsPerCall;
        }
        throw new IllegalArgumentException("cannot tell the time per operation from the unit '" + unit + "'");
    }

    /**
     * The fit without a period, from bursts of T and 2T tokens in every invocation.
     *
     * @param slowdownT  ρ(T)
     * @param slowdown2T ρ(2T)
     * @throws IllegalArgumentException when the planted work did not slow the row (noise larger than the plant,
     *                                  or work the row does not wait for)
     */
    public static PlantSizing throughZero(long tokens, double slowdownT, double slowdown2T) {
        double perToken = (slowdownT * tokens + slowdown2T * 2 * tokens) / (5.0 * tokens * tokens);
        if (!(slowdownT > 0 && slowdown2T > 0) || !Double.isFinite(perToken)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the planted work did not slow it "
                    + "(%+.1f%% with %d tokens, %+.1f%% with %d): the noise is larger than the plant", slowdownT * 100, tokens,
                    slowdown2T * 100, 2 * tokens));
        }
        return new PlantSizing(1, tokens, 0, perToken);
    }

    /**
     * The fit with a period, from the counter alone and from bursts of T tokens.
     *
     * @param slowdownCounter ρ with the counter and no work: a
     * @param slowdownT       ρ(T)
     * @throws IllegalArgumentException when the burst did not slow the row beyond the counter
     */
    public static PlantSizing withCounter(long period, long tokens, double slowdownCounter, double slowdownT) {
        double overhead = Math.max(0, slowdownCounter);
        double perToken = (slowdownT - overhead) / tokens;
        if (!(perToken > 0) || !Double.isFinite(perToken)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d tokens every %d invocations did not slow it beyond the "
                    + "counter alone (%+.1f%%, against %+.1f%%): the noise is larger than the plant", tokens, period, slowdownT * 100,
                    slowdownCounter * 100));
        }
        return new PlantSizing(period, tokens, overhead, perToken);
    }

    /**
     * The plant that slows the row by {@code fraction}.
     *
     * @throws IllegalArgumentException when the counter of the period alone slows the row more than that
     */
    public Plant plant(double fraction) {
        long tokens = tokensFor(fraction);
        if (tokens < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a %s slowdown is below what choosing one "
                    + "invocation in %d costs by itself (%.1f%%)", AbRow.percent(fraction), period, overhead * 100));
        }
        return new Plant(fraction, tokens, period);
    }

    /** Whether {@link #plant} can make {@code fraction}: not when choosing the invocations costs that much by itself. */
    public boolean canPlant(double fraction) {
        return tokensFor(fraction) >= 1;
    }

    private long tokensFor(double fraction) {
        return Math.round((fraction - overhead) / perToken);
    }

    /**
     * The plant for {@code fraction} once {@code tried} was measured on the row and slowed it by {@code realized}:
     * the line from the counter's own cost a through that measured point, instead of the slope fitted at the trial
     * bursts. The trials slow the row by half or more, where a burst is work the row must wait for; a burst of a
     * few dozen tokens can partly overlap the row's own work in the core (the SHA-256 rows on JDK 17, 2 cores,
     * sized from the trials, came out at 5–9% when aimed at 10%), so the point measured near the target is the
     * one to trust. The
     * correction is held within ×{@value #MAX_AIM_CORRECTION} either way: one noisy measurement must not turn a
     * plant into ten times itself.
     *
     * @throws IllegalArgumentException when {@code realized} does not exceed the counter's cost: the noise was
     *                                  larger than the plant, and nothing can be read from it
     */
    public Plant aimed(double fraction, Plant tried, double realized) {
        if (!(realized > overhead) || !Double.isFinite(realized)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s slowed it by %+.1f%%, not beyond what the "
                    + "counter alone costs (%+.1f%%): the noise is larger than the plant", tried.describe(), realized * 100,
                    overhead * 100));
        }
        double tokens = tried.tokens() * (fraction - overhead) / (realized - overhead);
        return near(tried, fraction, tokens);
    }

    /**
     * The next plant for {@code fraction} once two plants were measured on the row: the line through both points
     * (the secant). A row's slowdown need not be a straight line in the tokens: on a SHA-256 row (JDK 17,
     * 2 cores) a burst of 16 tokens cost 3.3% and one of 46 cost 25%, short bursts hiding in the core's own work, so one step from a
     * point far from the target can overshoot it, and the second step corrects that. Where the two points do not
     * rise (noise), it is the line through a and the later point ({@link #aimed(double, Plant, double)}). Where both
     * points lie on one side of the fraction, the secant extrapolates, and it is kept only where it is at least as
     * steep as that line through a and {@code tried}: busy work costs no less a token in a longer burst (short bursts
     * hide, long ones do not), so a shallower secant is noise, and it points far past anything measured (the kv
     * grade's calibration, JDK 17, 2 cores: 262 tokens read 71.5% and 205 read 69% for an aim of 56%; the secant
     * pointed below zero, the plant fell to the ×{@value #MAX_AIM_CORRECTION} floor, 68 tokens, and realized 25%).
     * Held within ×{@value #MAX_AIM_CORRECTION} of {@code tried} either way.
     */
    public Plant aimed(double fraction, Plant before, double realizedBefore, Plant tried, double realized) {
        double slope = (realized - realizedBefore) / (tried.tokens() - before.tokens());
        if (!(slope > 0) || !Double.isFinite(slope) || tried.period() != before.period()) {
            return aimed(fraction, tried, realized);
        }
        double tokens = tried.tokens() + (fraction - realized) / slope;
        boolean extrapolated = (fraction - realized) * (fraction - realizedBefore) > 0;
        if (extrapolated && realized > overhead && slope < (realized - overhead) / tried.tokens()) {
            return aimed(fraction, tried, realized);
        }
        return near(tried, fraction, tokens);
    }

    /**
     * The next plant for {@code fraction} once several plants were measured on the row, in the order measured: the
     * line through two of them ({@link #aimed(double, Plant, double, Plant, double)}). Where the measured plants
     * straddle the fraction, the two are the nearest below it and the nearest above it, so that the plant is
     * interpolated between points that bracket it; otherwise the last two, extrapolated. The last two alone can
     * aim at a plant already measured to fall short: on a SHA-256 row (JDK 17, 2 cores) 18 tokens gave 4.9%, 37
     * gave 17.1% and 26 gave 13.0%, and the line through the last two pointed back to 18 tokens; the bracket 18–26
     * points to 23. Plants of another period than the last one are left out. One plant:
     * {@link #aimed(double, Plant, double)}.
     *
     * @param tried    the plants measured, oldest first (at least one)
     * @param realized each one's measured slowdown, in the same order
     */
    public Plant aimed(double fraction, List<Plant> tried, List<Double> realized) {
        if (tried.isEmpty() || tried.size() != realized.size()) {
            throw new IllegalArgumentException("need one measured slowdown per plant tried, got " + tried.size()
                    + " plants and " + realized.size() + " slowdowns");
        }
        int last = tried.size() - 1;
        if (last == 0) {
            return aimed(fraction, tried.get(0), realized.get(0));
        }
        int below = -1;
        int above = -1;
        for (int i = 0; i <= last; i++) {
            double r = realized.get(i);
            if (tried.get(i).period() != tried.get(last).period() || !Double.isFinite(r)) {
                continue;
            }
            if (r < fraction && (below < 0 || r > realized.get(below))) {
                below = i;
            }
            if (r > fraction && (above < 0 || r < realized.get(above))) {
                above = i;
            }
        }
        if (below >= 0 && above >= 0) {
            int first = Math.min(below, above);
            int second = Math.max(below, above);
            return aimed(fraction, tried.get(first), realized.get(first), tried.get(second), realized.get(second));
        }
        return aimed(fraction, tried.get(last - 1), realized.get(last - 1), tried.get(last), realized.get(last));
    }

    /** A plant's runs that tell what it realizes, the last ones at most: their median is not moved by one odd run. */
    public static final int REAIM_RUNS = 3;
    /** Runs of a plant before a reading within {@link #REAIM_FAR} of its size may move it: one run carries the gate's noise. */
    public static final int REAIM_MIN_RUNS = 2;
    /**
     * A plant whose one run realized farther from its size than this share of it (outside 7–13% for 10%) is moved
     * without a second run: one such run already says the plant is far off (a SHA-256 row realized three times the
     * size it was aimed at: the ab-sha-reaim logs in docs/measurements/README.md).
     */
    public static final double REAIM_FAR = 2 * AIM_TOLERANCE;

    /**
     * The plant for a calibration's next planted run, from what its planted runs so far realized in the row
     * ({@code realized}: each run's head/base slowdown, with the plant it ran with, oldest first). The aim before the
     * first run sized the plant from forks run back to back, minutes before the runs, and a noisy host can fool it;
     * over the hours of a calibration the row's own speed drifts while a burst of consumeCPU stays the same work (the
     * order book's tuned replay, JDK 17, 2 cores: plants aimed at 10% realized 13–16% in every run). So the runs
     * re-read it. Each plant's slowdown is the median of its last {@value #REAIM_RUNS} runs. {@code current} stays
     * while that is within {@link #AIM_TOLERANCE} of its size, or while it has fewer than {@value #REAIM_MIN_RUNS} runs
     * and its one run is within {@link #REAIM_FAR}: noise alone does not move a plant. Otherwise the next plant is aimed
     * as the aim aims ({@link #aimed(double, List, List)}), from every plant the runs measured, each at its median:
     * between the nearest below and the nearest above the size where they straddle it, since a row's slowdown need not
     * be a straight line in the tokens (on that SHA-256 row 23 tokens realized 3.5% and 67 tokens 30%); held within
     * ×{@value #MAX_AIM_CORRECTION} of {@code current}. Runs of another period are left out.
     *
     * @param overhead what choosing one invocation in {@code current}'s period costs by itself (a; 0 for a period of 1)
     * @param planted  the plants of the runs so far, oldest first
     * @param realized each run's slowdown, in the same order
     */
    public static Plant reaimed(double overhead, Plant current, List<Plant> planted, List<Double> realized) {
        if (planted.size() != realized.size()) {
            throw new IllegalArgumentException("need one realized slowdown per planted run, got " + planted.size()
                    + " plants and " + realized.size() + " slowdowns");
        }
        // each plant's runs, the plants in the order they were last run
        Map<Long, List<Double>> byTokens = new java.util.LinkedHashMap<>();
        for (int i = 0; i < planted.size(); i++) {
            if (planted.get(i).period() == current.period() && Double.isFinite(realized.get(i))) {
                List<Double> runs = byTokens.remove(planted.get(i).tokens());
                runs = runs == null ? new java.util.ArrayList<>() : runs;
                runs.add(realized.get(i));
                byTokens.put(planted.get(i).tokens(), runs);
            }
        }
        List<Double> own = byTokens.getOrDefault(current.tokens(), List.of());
        double f = current.fraction();
        if (own.isEmpty()) {
            return current;
        }
        double ownMedian = median(own);
        if (own.size() < REAIM_MIN_RUNS ? Math.abs(ownMedian - f) <= REAIM_FAR * f : closeEnough(f, ownMedian)) {
            return current;
        }
        // current last: where the plants do not straddle the size, the aim extrapolates from the last two
        List<Plant> tried = new java.util.ArrayList<>();
        List<Double> medians = new java.util.ArrayList<>();
        byTokens.forEach((tokens, runs) -> {
            if (tokens != current.tokens()) {
                tried.add(new Plant(f, tokens, current.period()));
                medians.add(median(runs));
            }
        });
        tried.add(current);
        medians.add(ownMedian);
        try {
            Plant next = new PlantSizing(current.period(), current.tokens(), overhead, Double.NaN).aimed(f, tried, medians);
            return near(current, f, next.tokens());
        } catch (IllegalArgumentException e) { // the runs read no slowdown beyond the counter's: nothing to aim from
            return current;
        }
    }

    /** The median of a plant's last {@value #REAIM_RUNS} runs. */
    private static double median(List<Double> runs) {
        return ForkSpread.median(runs.subList(Math.max(0, runs.size() - REAIM_RUNS), runs.size()));
    }

    /** {@code tokens} for {@code fraction} at {@code tried}'s period, held within ×{@value #MAX_AIM_CORRECTION} of its tokens. */
    private static Plant near(Plant tried, double fraction, double tokens) {
        double bounded = Math.max(tried.tokens() / MAX_AIM_CORRECTION, Math.min(tried.tokens() * MAX_AIM_CORRECTION, tokens));
        return new Plant(fraction, Math.max(1, Math.round(bounded)), tried.period());
    }

    /** Whether a plant that slowed the row by {@code realized} is close enough to {@code fraction} to plant as it is. */
    public static boolean closeEnough(double fraction, double realized) {
        return Math.abs(realized - fraction) <= AIM_TOLERANCE * fraction;
    }

    /**
     * Whether the pairs measured so far tell a plant's slowdown closely enough to aim it: at least
     * {@value #AIM_MIN_PAIRS}, and then until the standard error of their ln(1 + ρ) is within
     * {@link #AIM_STANDARD_ERROR} of the fraction aimed at (1.25 points for 10%), or the most pairs: the larger of
     * {@value #AIM_MAX_PAIRS} and {@code gatePairs}, the most pairs one {@code ab} run of the gate may take, so that a
     * plant is known at least as closely as the gate it tests can see. A quiet row stops at three; a row whose pairs
     * spread by 3.3% (sd of ln(1 + ρ)) takes seven; one whose pairs spread by 8% takes all it may.
     */
    public static boolean aimedClosely(List<Double> slowdowns, double fraction, int gatePairs) {
        int n = slowdowns.size();
        int most = Math.max(AIM_MAX_PAIRS, gatePairs);
        if (n < AIM_MIN_PAIRS || n >= most) {
            return n >= most;
        }
        return standardError(slowdowns) <= AIM_STANDARD_ERROR * fraction;
    }

    /** The standard error of the mean ln(1 + ρ) of these slowdowns (at least two). */
    public static double standardError(List<Double> slowdowns) {
        DescriptiveStatistics logs = new DescriptiveStatistics();
        slowdowns.forEach(r -> logs.addValue(Math.log1p(r)));
        return logs.getStandardDeviation() / Math.sqrt(slowdowns.size());
    }

    /**
     * {@code every 8 invocations: +2.10% fixed, +0.610% per token}; three significant digits per token, since a
     * long invocation's token is a tiny share of it ({@code +2.89e-06%}).
     */
    public String describe() {
        return String.format(Locale.ROOT, "%s: %+.2f%% fixed, %+.3g%% per token",
                period == 1 ? "per invocation" : "every " + period + " invocations", overhead * 100, perToken * 100);
    }
}
