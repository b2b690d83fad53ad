package dev.perflab.ladder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs {@link Check}s one after the other, each failure caught and kept, so one run says which pass.
 *
 * <p>Each check runs on its own daemon thread, given {@link #CHECK_LIMIT} (a learner's rung may loop for
 * ever, e.g. on a cycle in a linked list): a check that has not finished by then fails as such, is
 * interrupted and left behind, and the next check starts. The caller's thread only waits.
 */
public final class Checks {
    /** How long one check may take; the slowest (a pipeline over loopback, r0's differential) take seconds. */
    public static final Duration CHECK_LIMIT = Duration.ofSeconds(120);

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

    public static List<Outcome> run(List<Check> checks) throws InterruptedException {
        return run(checks, CHECK_LIMIT);
    }

    /** As {@link #run(List)}, with {@code limit} for each check. */
    public static List<Outcome> run(List<Check> checks, Duration limit) throws InterruptedException {
        List<Outcome> outcomes = new ArrayList<>();
        for (Check check : checks) {
            outcomes.add(new Outcome(check.name(), failureOf(check, limit)));
        }
        return outcomes;
    }

    private static String failureOf(Check check, Duration limit) throws InterruptedException {
        AtomicReference<String> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> failure.set(failureOf(check)), "check " + check.name());
        thread.setDaemon(true);
        thread.start();
        thread.join(limit.toMillis());
        if (thread.isAlive()) {
            thread.interrupt();
            String within = limit.toMillis() % 1000 == 0 ? limit.toSeconds() + " s" : limit.toMillis() + " ms";
            return "did not finish within " + within + " (an endless loop, or a thread that waits for ever?)";
        }
        return failure.get();
    }

    private static String failureOf(Check check) {
        try {
            check.body().run();
            return null;
        } catch (AssertionError e) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        } catch (InterruptedException e) {
            return "interrupted";
        } catch (Exception | LinkageError | StackOverflowError e) {
            return "threw " + e + where(e).map(w -> " at " + w).orElse("");
        }
    }

    /**
     * Where a thrown exception comes from, as a learner reads it: the topmost frame in an exercise's file (a class
     * of a {@code Student*.java} or {@code Mystery*.java}), else the topmost frame of the lab's own code outside this
     * harness; {@code StudentBook.java:57 (StudentBook.cancel)}. Empty when neither is on the stack.
     */
    public static java.util.Optional<String> where(Throwable e) {
        StackTraceElement[] stack = e.getStackTrace();
        java.util.Optional<StackTraceElement> frame = java.util.Arrays.stream(stack).filter(Checks::inExercise).findFirst()
                .or(() -> java.util.Arrays.stream(stack).filter(f -> f.getClassName().startsWith("dev.perflab.")
                        && !f.getClassName().startsWith(Checks.class.getPackageName() + ".")).findFirst());
        return frame.map(f -> f.getFileName() + ":" + f.getLineNumber() + " (" + simpleName(f.getClassName()) + "." + f.getMethodName() + ")");
    }

    private static boolean inExercise(StackTraceElement frame) {
        String file = frame.getFileName();
        return file != null && frame.getClassName().startsWith("dev.perflab.") && (file.startsWith("Student") || file.startsWith("Mystery"));
    }

    /** {@code StudentBook}, {@code StudentBook$Book} as {@code StudentBook.Book}. */
    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
    }
}
