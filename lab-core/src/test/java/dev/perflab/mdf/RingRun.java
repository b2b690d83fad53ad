package dev.perflab.mdf;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Test harness: one writer thread appends a day (recorded in history first) while reader threads, each
 * created when the writer has appended {@code joinAfter} messages and starting at {@code fromSequence},
 * poll until they have the rest of the day. Returns each reader's received messages. A slow reader parks
 * between polls so that small rings lap it. Liveness bound: fails after {@link #TIMEOUT_SECONDS}.
 */
final class RingRun {
    static final int TIMEOUT_SECONDS = 60;

    /** One reader: when it joins, where it starts, whether it is slow. */
    record ReaderPlan(int joinAfter, long fromSequence, boolean slow) {
        static ReaderPlan eager() {
            return new ReaderPlan(0, MdfRing.FIRST_SEQUENCE, false);
        }
    }

    private RingRun() {
    }

    static List<List<byte[]>> run(MdfRingFactory factory, RingSize size, byte[][] day, List<ReaderPlan> plans) throws Exception {
        try (HistoryStore history = JdbcHistory.inMemory()) {
            history.recordAll(day);
            try (MdfRing ring = factory.create(size, history)) {
                return run(ring, day, plans);
            }
        }
    }

    static List<List<byte[]>> run(MdfRing ring, byte[][] day, List<ReaderPlan> plans) throws Exception {
        AtomicInteger written = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<List<byte[]>> received = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (ReaderPlan plan : plans) {
            List<byte[]> got = new ArrayList<>();
            received.add(got);
            threads.add(new Thread(() -> {
                try {
                    while (written.get() < plan.joinAfter()) {
                        Thread.yield();
                    }
                    read(ring.reader(plan.fromSequence()), plan, day.length, got);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "reader"));
        }
        Thread writer = new Thread(() -> {
            try {
                for (byte[] message : day) {
                    ring.append(ByteBuffer.wrap(message));
                    written.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "writer");
        threads.forEach(Thread::start);
        writer.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        writer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        if (failure.get() != null) {
            throw new AssertionError("a ring thread failed: " + failure.get(), failure.get());
        }
        for (Thread t : threads) {
            if (t.isAlive()) {
                t.interrupt();
                throw new AssertionError("a reader did not receive the day within " + TIMEOUT_SECONDS + " s");
            }
        }
        return received;
    }

    private static void read(MdfReader reader, ReaderPlan plan, int count, List<byte[]> got) {
        long polls = 0;
        while (reader.nextSequence() <= count) {
            try {
                reader.poll(message -> {
                    byte[] copy = new byte[message.remaining()];
                    message.get(copy);
                    got.add(copy);
                });
            } catch (OverwrittenException e) {
                long keep = e.firstUnsafeSequence() - plan.fromSequence();
                got.subList((int) keep, got.size()).clear();
            }
            if (plan.slow() && ++polls % 3 == 0) {
                LockSupport.parkNanos(200_000);
            } else {
                Thread.yield();
            }
        }
    }
}
