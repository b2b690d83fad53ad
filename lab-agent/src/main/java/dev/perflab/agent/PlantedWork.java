package dev.perflab.agent;

import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The planted work itself: {@code Blackhole.consumeCPU(TOKENS)} in every invocation, or in every PERIOD-th one,
 * as the system property {@value #PROPERTY} says. Two callers run it: lab-benchmarks' {@code Planted.work()},
 * which every benchmark method of the lab calls first, and the entry of each method {@link PlantAgent} plants in
 * another project's jar. One class, so a plant of N tokens is the same work in the lab's rows and in anyone's,
 * and {@code ./lab ab}'s sizing ({@code PlantSizing}) means the same thing for both.
 *
 * <pre>
 *   -Dperflab.plant=TOKENS            Blackhole.consumeCPU(TOKENS) in every invocation
 *   -Dperflab.plant=TOKENS/PERIOD     Blackhole.consumeCPU(TOKENS) in every PERIOD-th invocation (a power of two)
 *   -Dperflab.plant=0/PERIOD          the counter that picks every PERIOD-th invocation, and no work: what the
 *                                     period costs by itself, which ./lab ab measures to size a plant
 *   (unset)                           nothing: the constant-false branch is compiled away
 * </pre>
 *
 * <p>Java 8 like the rest of this module: the agent runs in the forks of projects still measured on Java 8.
 *
 * <h2>Assumptions and guarantees</h2>
 * The properties are read once, when the class is first used in the JVM (a JMH fork runs one row, so one plant
 * applies to the whole fork). The period's counter is a plain static field: {@code ./lab ab} uses a period only
 * for single-threaded benchmarks, since threads sharing it would contend on its cache line. A malformed property
 * fails the first invocation, so a plant is never silently dropped. Blackhole is the one of the JMH that runs the
 * benchmark: this class is loaded beside it and brings no JMH of its own.
 *
 * <p>With {@value #COUNT_PROPERTY}{@code =true} (the agent's {@code count} option) every call and every token
 * spent is also counted, so a test can read the work planted in units rather than in seconds. The counters are
 * shared by all threads: counting is for checking a plant, never for measuring with it.
 */
public final class PlantedWork {
    /** The system property a fork reads: {@code TOKENS} or {@code TOKENS/PERIOD}. */
    public static final String PROPERTY = "perflab.plant";
    /** {@code true}: count the calls and the tokens spent ({@link #calls()}, {@link #tokensSpent()}). */
    public static final String COUNT_PROPERTY = "perflab.plant.count";

    private static final long TOKENS;
    /** PERIOD − 1; 0 when every invocation gets the burst. */
    private static final long PERIOD_MASK;
    private static final boolean COUNTING = Boolean.getBoolean(COUNT_PROPERTY);
    private static final LongAdder CALLS = new LongAdder();
    private static final LongAdder TOKENS_SPENT = new LongAdder();
    private static long invocations;

    static {
        long[] plant = parse(System.getProperty(PROPERTY, ""));
        TOKENS = plant[0];
        PERIOD_MASK = plant[1] - 1;
    }

    private PlantedWork() {
    }

    /** The planted work of one invocation: none unless {@value #PROPERTY} is set. */
    public static void work() {
        if (COUNTING) {
            CALLS.increment();
        }
        if (PERIOD_MASK == 0) {
            if (TOKENS != 0) {
                burst();
            }
        } else if ((++invocations & PERIOD_MASK) == 0 && TOKENS != 0) {
            burst();
        }
    }

    private static void burst() {
        Blackhole.consumeCPU(TOKENS);
        if (COUNTING) {
            TOKENS_SPENT.add(TOKENS);
        }
    }

    /** Calls of {@link #work()} so far; 0 unless {@value #COUNT_PROPERTY} was set. */
    public static long calls() {
        return CALLS.sum();
    }

    /** consumeCPU tokens spent so far; 0 unless {@value #COUNT_PROPERTY} was set. */
    public static long tokensSpent() {
        return TOKENS_SPENT.sum();
    }

    /**
     * {@code {tokens, period}} from the property's text; {@code {0, 1}} when empty.
     *
     * @throws IllegalArgumentException naming the property and the form expected
     */
    public static long[] parse(String text) {
        if (text.trim().isEmpty()) {
            return new long[] {0, 1};
        }
        String[] parts = text.trim().split("/", -1);
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
