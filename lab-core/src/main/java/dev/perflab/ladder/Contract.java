package dev.perflab.ladder;

import java.util.List;

/**
 * A component's contract suite and differential checks, as named {@link Check}s over one implementation.
 * The code lives in main code, not in the test tree, so that {@code ./lab check COMPONENT --rung ID} runs
 * exactly what the JUnit suites run (they are thin wrappers over {@link #checks}); nothing is written twice.
 *
 * @param <F> the component's factory type, as in {@link Entry#factory()}
 */
@FunctionalInterface
public interface Contract<F> {
    /** Every check the implementation made by {@code factory} must pass, in the order they should be read. */
    List<Check> checks(F factory);
}
