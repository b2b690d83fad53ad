package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Report 001's benchmark, done so it can be trusted: N writer threads put records into one shared store
 * while a reporter records the writes of each second; afterwards the store is closed, reopened, and its
 * record count must equal the puts that succeeded (the check that caught both of the report's harness
 * bugs, kept as the exhibits {@code x-store-per-thread} and {@code x-same-keys-per-thread}).
 *
 * <pre>
 *   next index: 0 ──getAndAdd(1,024)──▶ each writer its next block of 1,024 keys, until the records are taken
 *   writer 0: keys 0…1,023, then the next  ──put──▶ ┌──────────────┐  reporter (calling thread), every second:
 *   writer 1: keys 1,024…2,047, …        ──put──▶ │ one store in │    writes[s] = ok − ok at s−1 ──▶ progress
 *   …                                             │ DIR/store    │  stops the writers at --seconds
 *   writer n−1                           ──put──▶ └──────────────┘
 *   each put's result checked: true ──▶ ok.increment()   false ──▶ failed.increment()
 *   after: close, reopen DIR/store, count == ok ?  (else the run fails)
 * </pre>
 *
 * <p><b>Why blocks from one counter, not a fixed share per writer.</b> With a fixed share ({@code t, t+n, …}):
 * <ul>
 *   <li>writers that the scheduler and the store's locks favoured finish first, and the run's last seconds
 *       measure only the few writers left, which the sustain ratio and the trend check read as the store
 *       slowing down. Claimed in blocks, the writers run out of keys together.</li>
 *   <li>every writer of an ordered store (a B-tree) starts on the same leaf, each key next to the others', and
 *       the writers drift apart as their paces differ. In blocks each writer appends its own run of keys
 *       throughout, as the report's writers each counted their own index. The order is part of the workload:
 *       the B-tree peers write faster in blocks; the hash rungs do not see it.</li>
 * </ul>
 * How much each cost, measured: docs/measurements/2026-12-01-kv-r7-drain.md. A block costs one contended add per
 * 1,024 puts.
 *
 * <h2>Assumptions and guarantees</h2>
 * {@link #run} is called by one thread, which becomes the reporter; it starts and joins the writers.
 * Writers share only the store, the next index, two {@link LongAdder}s, a volatile stop flag and the first error. The
 * run directory must not hold a store already; the caller removes it.
 */
public final class KvWriteHarness {
    /** Reporting interval: one timeline entry per second. */
    public static final long INTERVAL_NANOS = 1_000_000_000L;
    /** Keys a writer of a shared store claims at once. */
    static final int BLOCK = 1_024;

    /** Called by the reporter after each full second. */
    @FunctionalInterface
    public interface Progress {
        void second(int second, long writes, long total);
    }

    /** The first key index no writer has claimed yet ({@link WriterLayout#SHARED_STORE_DISTINCT_KEYS}). */
    private final AtomicLong next = new AtomicLong();
    private final LongAdder ok = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final AtomicReference<String> error = new AtomicReference<>();
    private volatile boolean stop;

    private KvWriteHarness() {
    }

    /** The folder of the shared store inside a run directory. */
    public static Path storeDir(Path runDir) {
        return runDir.resolve("store");
    }

    /** Runs one store through the harness; {@code progress} may be null. */
    public static KvRunResult run(String id, KvStoreFactory factory, Path runDir, KvRunSettings settings, Progress progress)
            throws IOException, InterruptedException {
        return new KvWriteHarness().runOnce(id, factory, runDir, settings, progress);
    }

    private KvRunResult runOnce(String id, KvStoreFactory factory, Path runDir, KvRunSettings s, Progress progress)
            throws IOException, InterruptedException {
        Path storeDir = storeDir(runDir);
        KvStore store = factory.open(storeDir, s.records());
        WriterLayout layout = factory.layout();
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < s.threads(); t++) {
            int thread = t;
            Thread w = new Thread(() -> write(thread, store, factory, runDir, s), "kv-writer-" + t);
            writers.add(w);
        }
        long start = System.nanoTime();
        long deadline = start + (long) (s.seconds() * 1e9);
        writers.forEach(Thread::start);
        List<Long> writes = new ArrayList<>();
        long before = 0;
        long next = start + INTERVAL_NANOS;
        while (anyAlive(writers)) {
            long until = Math.min(next, deadline);
            while (System.nanoTime() < until && anyAlive(writers)) {
                LockSupport.parkNanos(Math.min(until - System.nanoTime(), 10_000_000L));
            }
            long now = System.nanoTime();
            if (now >= deadline) {
                stop = true;
            }
            if (now >= next) {
                long total = ok.sum();
                writes.add(total - before);
                before = total;
                if (progress != null) {
                    progress.second(writes.size(), writes.get(writes.size() - 1), total);
                }
                next += INTERVAL_NANOS;
            }
        }
        for (Thread w : writers) {
            w.join();
        }
        long end = System.nanoTime();
        long total = ok.sum();
        double last = (end - (next - INTERVAL_NANOS)) / 1e9;
        if (total > before || writes.isEmpty()) {
            writes.add(total - before);
        } else {
            last = 1.0;
        }
        KvTimeline timeline = new KvTimeline(writes.stream().mapToLong(Long::longValue).toArray(), Math.min(1.0, last));
        long count = -1;
        HashCounters.Counters counters = store instanceof HashCounters h ? h.counters() : null;
        try {
            store.close();
            try (KvStore reopened = factory.open(storeDir, s.records())) {
                count = reopened.count();
            }
        } catch (IOException | RuntimeException e) {
            error.compareAndSet(null, "after the run: " + e);
        }
        return new KvRunResult(id, timeline, total, failed.sum(), count, (end - start) / 1e9, error.get(), counters);
    }

    private static boolean anyAlive(List<Thread> threads) {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return true;
            }
        }
        return false;
    }

    private void write(int thread, KvStore shared, KvStoreFactory factory, Path runDir, KvRunSettings s) {
        long n = s.threads();
        try {
            switch (factory.layout()) {
                case SHARED_STORE_DISTINCT_KEYS -> {
                    for (long from = next.getAndAdd(BLOCK); from < s.records() && !stop; from = next.getAndAdd(BLOCK)) {
                        long to = Math.min(s.records(), from + BLOCK);
                        for (long i = from; i < to && !stop; i++) {
                            if (shared.put(KvRecords.key(i), KvRecords.value(i))) {
                                ok.increment();
                            } else {
                                failed.increment();
                            }
                        }
                    }
                }
                case SAME_KEYS_PER_THREAD -> {
                    long perThread = s.records() / n + (thread < s.records() % n ? 1 : 0);
                    for (long i = 0; i < perThread && !stop; i++) {
                        if (shared.put(KvRecords.key(i), KvRecords.value(i))) {
                            ok.increment();
                        } else {
                            failed.increment();
                        }
                    }
                }
                case STORE_PER_THREAD -> {
                    try (KvStore own = factory.open(runDir.resolve("thread-" + thread), s.records())) {
                        for (long i = thread; i < s.records() && !stop; i += n) {
                            own.put(KvRecords.key(i), KvRecords.value(i)); // result ignored, as in the report
                            ok.increment();
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            error.compareAndSet(null, Thread.currentThread().getName() + ": " + e);
            stop = true;
        }
    }
}
