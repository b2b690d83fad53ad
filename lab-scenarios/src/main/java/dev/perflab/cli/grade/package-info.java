/**
 * {@code ./lab grade COMPONENT}: whether a learner's rung is good enough, said the way a noisy laptop allows.
 * First the contract (the checks {@code ./lab check} runs); then the learner's rung measured against the exercise's
 * reference rung with the A/B machinery's statistics ({@link dev.perflab.ab.PairedRatio}): forks of the same jar in
 * rounds whose order alternates (ABBA), each round's ratio a pair, a paired interval over the rounds. Each target of
 * the exercise ({@link dev.perflab.cli.grade.Target}) is then PASS, NOT YET, or UNDECIDED when its interval straddles
 * the target, never a PASS the pairs cannot support.
 *
 * <pre>
 *   ./lab grade orderbook                 exercise: orderbook/student, reference r2, targets below
 *     1. contract      14 checks           ✗ any ──▶ NOT YET (the checks that fail)
 *     2. rounds        r2@1000 · student@1000 · student@1   (round 2: the reverse order, round 3: forward, …)
 *     3. targets       within ×1.2 of r2     ratio student/r2 at depth 1,000, its interval  [low ─ high]
 *                      flat within ×2        ratio depth 1,000 / depth 1 of student          [low ─ high]
 *        bound b = 1/factor:   low ≥ b ──▶ PASS    high &lt; b ──▶ NOT YET    otherwise ──▶ UNDECIDED
 *     4. looks         6 rounds ──UNDECIDED──▶ 12 ──UNDECIDED──▶ 24    each interval at 98.33%: 95% over all three
 * </pre>
 *
 * The per-exercise targets live in {@link dev.perflab.cli.grade.Exercises}, each with the reference and planted
 * solutions that check it is reachable (exercises/teacher). Floor 4, beside {@code dev.perflab.cli}: it knows the
 * components through the registry and runs JMH through {@link dev.perflab.jmh.JmhProcess}.
 */
package dev.perflab.cli.grade;
