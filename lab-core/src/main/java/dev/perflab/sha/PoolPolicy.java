package dev.perflab.sha;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Which thread pool runs the executor's digest work. */
public enum PoolPolicy {
    /** The report's start: a thread per concurrent task ({@code newCachedThreadPool}), unbounded. */
    CACHED,
    /** Report step 3: {@code cores + 1} threads and an unbounded queue. */
    CORES_PLUS_ONE,
    /**
     * Report steps 6–7: {@code cores + 1} threads and a bounded queue. Where the report's pool dropped
     * tasks when the queue was full, this one makes the reader wait for space (counted as a "full queue
     * wait"), so nothing is lost and the wait pushes back through TCP to the generator.
     */
    CORES_PLUS_ONE_BOUNDED,
    /**
     * No pool (r14 on): the thread that reads a run digests it and writes its results itself, so a run
     * never changes threads. {@link #create} returns null, and a stream has exactly one digesting thread.
     */
    NONE;

    /** Threads of the fixed pools: the report's cores + 1. */
    public static int poolThreads() {
        return Runtime.getRuntime().availableProcessors() + 1;
    }

    /**
     * Creates the pool.
     *
     * @param threads           workers of the fixed pools (the cached pool grows as it needs)
     * @param queueCapacityRuns bounded queue length, in pool tasks (used by {@link #CORES_PLUS_ONE_BOUNDED})
     * @param fullQueueWaits    counts the times the reader found the bounded queue full
     */
    public ThreadPoolExecutor create(int threads, int queueCapacityRuns, AtomicLong fullQueueWaits) {
        switch (this) {
            case NONE:
                return null;
            case CACHED:
                return (ThreadPoolExecutor) Executors.newCachedThreadPool(daemon("sha-worker"));
            case CORES_PLUS_ONE:
                return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                        new LinkedBlockingQueue<>(), daemon("sha-worker"));
            default:
                ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                        new ArrayBlockingQueue<>(queueCapacityRuns), daemon("sha-worker"));
                pool.setRejectedExecutionHandler((task, executor) -> waitForSpace(task, executor, fullQueueWaits));
                return pool;
        }
    }

    private static void waitForSpace(Runnable task, ThreadPoolExecutor executor, AtomicLong fullQueueWaits) {
        if (executor.isShutdown()) {
            throw new RejectedExecutionException("executor pool is shut down");
        }
        fullQueueWaits.incrementAndGet();
        BlockingQueue<Runnable> queue = executor.getQueue();
        try {
            queue.put(task);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RejectedExecutionException("interrupted while waiting for queue space", e);
        }
    }

    /** A thread factory for named daemon threads. */
    public static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * Lets the pool finish every task it has accepted, waiting up to {@code deadlineMillis}. Past the
     * deadline it stops the pool and returns how many queued pool tasks it dropped, so the caller can
     * report them; it never drops one silently (the lost-task bug: a fixed 30 s wait followed by an unreported
     * {@code shutdownNow()} dropped r1's queued tasks when the generator outran the executor).
     *
     * @param pool the pool, or null for {@link #NONE} (nothing to drain)
     * @return -1 after a complete drain, else the queued pool tasks dropped at the deadline (0 when only
     *         runs in progress were cut)
     */
    static int drain(ThreadPoolExecutor pool, long deadlineMillis) throws InterruptedException {
        if (pool == null) {
            return -1; // no pool: every run was executed before the next was read
        }
        pool.shutdown();
        if (pool.awaitTermination(deadlineMillis, TimeUnit.MILLISECONDS)) {
            return -1;
        }
        int dropped = pool.shutdownNow().size();
        // the runs in progress see the interrupt at their next blocking step; let them end before counting
        pool.awaitTermination(Roles.LIVENESS_MILLIS, TimeUnit.MILLISECONDS);
        return dropped;
    }
}
