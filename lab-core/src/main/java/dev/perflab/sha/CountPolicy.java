package dev.perflab.sha;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;

/** How the executor counts the tasks it has executed (the figure it reports and sends in its end frame). */
public enum CountPolicy {
    /** An {@link AtomicLong}, added to by every worker: the report's step-1 fix. */
    ATOMIC,
    /**
     * Report step 4: no counter of our own; the pool's {@code getCompletedTaskCount()} (each pool task is
     * one task). The report saw no gain from it; the count is exact once the pool has terminated.
     */
    POOL_COMPLETED,
    /**
     * Exhibit of the report's step 1: a {@code long} that every worker does {@code count += n} on. It is
     * even {@code volatile}, so every read and write reaches memory, yet {@code +=} is a read and then a
     * write: two workers that read the same value both write value + n, and one update is lost. Never a rung.
     */
    UNSYNCHRONIZED_EXHIBIT,
    /** The learner's counter, {@link StudentCounter} (exercise "stop losing counts"); only the {@code student} rung uses it. */
    EXERCISE;

    /** A counter of this policy; {@code pool} is read only by {@link #POOL_COMPLETED}. */
    public TaskCounter create(ThreadPoolExecutor pool) {
        switch (this) {
            case ATOMIC:
                AtomicLong atomic = new AtomicLong();
                return new TaskCounter() {
                    @Override
                    public void add(long n) {
                        atomic.addAndGet(n);
                    }

                    @Override
                    public long get() {
                        return atomic.get();
                    }
                };
            case POOL_COMPLETED:
                return new TaskCounter() {
                    @Override
                    public void add(long n) {
                    }

                    @Override
                    public long get() {
                        return pool.getCompletedTaskCount();
                    }
                };
            case EXERCISE:
                return new StudentCounter();
            default:
                return new UnsynchronizedCounter();
        }
    }

    /** Counts executed tasks; {@link #add} is called by many worker threads at once. */
    public interface TaskCounter {
        void add(long n);

        long get();
    }

    /**
     * The step-1 bug: a read-modify-write from many threads loses updates. The field is volatile so that the
     * JIT cannot keep it in a register for a whole loop (which would hide the race in a test and lose even
     * more in a real run): the loss shown is the one atomicity fixes, not a visibility problem.
     */
    static final class UnsynchronizedCounter implements TaskCounter {
        private volatile long count;

        @Override
        public void add(long n) {
            count += n;
        }

        @Override
        public long get() {
            return count;
        }
    }
}
