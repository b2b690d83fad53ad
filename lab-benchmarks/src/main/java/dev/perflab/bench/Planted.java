package dev.perflab.bench;

import dev.perflab.agent.PlantedWork;

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
 * The work is lab-agent's {@link PlantedWork}, the same class the planting agent calls at the entry of another
 * project's benchmark methods: a plant of N tokens is the same work in this lab's rows and in anyone's.
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
 * As {@link PlantedWork}'s: the property is read once, when the work is first used in the fork; the fork runs one
 * row, so one plant applies to the whole fork. The period's counter is a plain static field: {@code ./lab ab} uses
 * a period only for single-threaded benchmarks, since threads sharing the counter would contend on its cache line.
 * A malformed property fails the fork at its first invocation, so a plant is never silently dropped.
 */
public final class Planted {
    /** The system property a fork reads: {@code TOKENS} or {@code TOKENS/PERIOD}. */
    public static final String PROPERTY = PlantedWork.PROPERTY;

    private Planted() {
    }

    /** The planted work of one invocation: none unless {@value #PROPERTY} is set. */
    public static void work() {
        PlantedWork.work();
    }
}
