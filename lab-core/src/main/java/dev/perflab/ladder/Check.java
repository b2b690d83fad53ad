package dev.perflab.ladder;

import java.util.Objects;

/**
 * One named check of a component's contract, bound to one implementation: {@link #body} returns normally
 * when the implementation passes and throws (an {@link AssertionError} with a message saying what was
 * expected and what happened) when it does not. JUnit suites wrap checks as dynamic tests; {@code ./lab
 * check} runs them with {@link Checks#run} and prints one line each.
 *
 * @param name what is checked, as a phrase or a method-like name ({@code cancelRemovesARestingOrderOnce})
 * @param body the check itself
 */
public record Check(String name, Body body) {
    public Check {
        Objects.requireNonNull(name);
        Objects.requireNonNull(body);
    }

    /** The code of a check; may throw anything, which counts as a failure. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }
}
