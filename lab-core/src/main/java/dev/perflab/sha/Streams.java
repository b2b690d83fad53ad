package dev.perflab.sha;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Runs a role's streams (r13 on), one thread each, and joins their reports. A stream is the whole role
 * for one connection pair; streams share nothing but the listening socket and the log.
 *
 * <pre>
 *  generator JVM          executor JVM                                collector JVM
 *  stream 0 ──TCP──▶ reader 0 ─▶ pool 0 ─▶ sender 0 ──TCP──▶ reader 0 (reservoir 0)
 *  stream 1 ──TCP──▶ reader 1 ─▶ pool 1 ─▶ sender 1 ──TCP──▶ reader 1 (reservoir 1)
 *  …                                                                        counts added up
 * </pre>
 */
final class Streams {
    private Streams() {
    }

    /** Runs {@code stream.apply(k)} for k in 0..n-1, each on its own thread; returns the results in stream order. */
    static <R> List<R> runEach(int n, String name, IntFunction<R> stream) {
        if (n == 1) {
            return List.of(stream.apply(0));
        }
        List<FutureTask<R>> tasks = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int index = k;
            FutureTask<R> task = new FutureTask<>(() -> stream.apply(index));
            Thread t = new Thread(task, name + "-stream-" + k);
            t.setDaemon(true);
            t.start();
            tasks.add(task);
        }
        List<R> results = new ArrayList<>(n);
        try {
            for (FutureTask<R> task : tasks) {
                results.add(task.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + " interrupted while waiting for its streams", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        }
        return results;
    }

    /**
     * The streams' errors joined with "; ", each different one once (every stream of a role that cannot reach
     * its peer fails the same way), or null when every stream ended cleanly.
     */
    static String errors(List<String> errors) {
        String joined = errors.stream().filter(Objects::nonNull).distinct().collect(Collectors.joining("; "));
        return joined.isEmpty() ? null : joined;
    }

    /** The sum of the streams' totals, or -1 if any stream has none (no end frame came). */
    static long totals(List<Long> totals) {
        return totals.stream().anyMatch(t -> t < 0) ? -1 : totals.stream().mapToLong(Long::longValue).sum();
    }
}
