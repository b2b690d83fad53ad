package dev.perflab.ladder;

import java.util.ArrayList;
import java.util.List;

/** Runs {@link Check}s one after the other, each failure caught and kept, so one run says which pass. */
public final class Checks {
    private Checks() {
    }

    /**
     * One check's outcome.
     *
     * @param name    the check's name
     * @param failure null when it passed; else its message (an exception other than an assertion is named)
     */
    public record Outcome(String name, String failure) {
        public boolean passed() {
            return failure == null;
        }
    }

    public static List<Outcome> run(List<Check> checks) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Check check : checks) {
            outcomes.add(new Outcome(check.name(), failureOf(check)));
        }
        return outcomes;
    }

    private static String failureOf(Check check) {
        try {
            check.body().run();
            return null;
        } catch (AssertionError e) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (Exception | LinkageError | StackOverflowError e) {
            return "threw " + e;
        }
    }
}
