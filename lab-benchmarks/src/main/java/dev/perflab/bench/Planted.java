package dev.perflab.bench;

import org.openjdk.jmh.infra.Blackhole;

/**
 * A slowdown planted on purpose, so that {@code ./lab ab} can show it finds a regression of a known size
 * and its calibration can measure how often it does. Every {@code @Benchmark} method of this module calls
 * {@link #work()} first; the rungs' own code (in {@code lab-core}) is never touched.
 *
 * <pre>
 *   -Dperflab.plant=TOKENS            Blackhole.consumeCPU(TOKENS) in every invocation
 *   -Dperflab.plant=TOKENS/PERIOD     Blackhole.consumeCPU(TOKENS) in every PERIOD-th invocation (a power of two)
 *   -Dperflab.plant=0/PERIOD          the counter that picks every PERIOD-th invocation, and no work: what the
 *                                     period costs by itself, which ./lab ab measures to size a plant
 *   (unset)                           nothing: the constant-false branch is compiled away
 * </pre>
 *
 * <h2>Why consumeCPU, and why a period</h2>
 * {@code Blackhole.consumeCPU} is JMH's own calibrated busy work: its result feeds a field the JIT cannot prove
 * dead, so the planted time cannot be removed, and its cost grows linearly with the tokens. An operation of
 * 20 ns leaves no room for 5% of it in whole tokens (one token is about a nanosecond), so a short operation gets
 * a larger burst every PERIOD invocations instead; the counter that picks them costs something itself, which is
 * why {@code ./lab ab} sizes a plant from measurements of the row with two burst sizes rather than from a token
 * price.
 *
 * <h2>Assumptions and guarantees</h2>
 * The property is read once, when the class is first used in the fork; the fork runs one row, so one plant
 * applies to the whole fork. The period's counter is a plain static field: {@code ./lab ab} uses a period only
 * for single-threaded benchmarks, since threads sharing the counter would contend on its cache line. A
 * malformed property fails the fork at its first invocation, so a plant is never silently dropped.
 */
public final class Planted {
    /** The system property a fork reads: {@code TOKENS} or {@code TOKENS/PERIOD}. */
    public static final String PROPERTY = "perflab.plant";

    private static final long TOKENS;
    /** PERIOD − 1; 0 when every invocation gets the burst. */
    private static final long PERIOD_MASK;
    private static long invocations;

    static {
        long[] plant = parse(System.getProperty(PROPERTY, ""));
        TOKENS = plant[0];
        PERIOD_MASK = plant[1] - 1;
    }

    private Planted() {
    }

    /** The planted work of one invocation: none unless {@value #PROPERTY} is set. */
    public static void work() {
        if (PERIOD_MASK == 0) {
            if (TOKENS != 0) {
                Blackhole.consumeCPU(TOKENS);
            }
        } else if ((++invocations & PERIOD_MASK) == 0 && TOKENS != 0) {
            Blackhole.consumeCPU(TOKENS);
        }
    }

    /** {@code {tokens, period}} from the property's text; {@code {0, 1}} when empty. */
    static long[] parse(String text) {
        if (text.isBlank()) {
            return new long[] {0, 1};
        }
        String[] parts = text.strip().split("/", -1);
        try {
            long tokens = Long.parseLong(parts[0]);
            long period = parts.length == 2 ? Long.parseLong(parts[1]) : 1;
            if (parts.length <= 2 && tokens >= 0 && period >= 1 && Long.bitCount(period) == 1) {
                return new long[] {tokens, period};
            }
        } catch (NumberFormatException e) {
            // the message below says what was expected
        }
        throw new IllegalArgumentException("-D" + PROPERTY + "=" + text + ": expected TOKENS or TOKENS/PERIOD,"
                + " tokens ≥ 0 and the period a power of two, e.g. 12 or 40/8");
    }
}
