package dev.perflab.kv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.MappedByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * r6's one thread per store that writes every page of the record files before a writer reaches it, so the
 * page's first-write fault (the file system's block allocation, the kernel's dirty-page accounting and, when
 * too much is dirty, its throttling sleep) is taken here, holding no lock, and not by a writer holding a
 * segment's lock while nine other writers queue behind it.
 *
 * <p>A page is made dirty by an atomic add of 0 to its first 8 bytes: the bytes keep their value whatever a
 * writer does to them at the same moment (a read-modify-write with no other effect), so the toucher may run
 * behind or ahead of the writers without a lock.
 *
 * <p>r7 adds a second thread that writes each megabyte of a record file back to disk ({@code msync}) as soon
 * as the writers have moved past it, so dirty pages never pile up to the kernel's background threshold, whose
 * writeback then came in bursts that took the 2 cores from the writers for a second or two (RocksDB's
 * {@code bytes_per_sync} does the same for its files). The I/O is the same; it is spread evenly over the run.
 *
 * <h2>Assumptions and guarantees</h2>
 * {@link #touch} and {@link #writeBack} may be called by any thread (the segments, under their own locks); ranges are touched in the
 * order given. {@link #close()} drops what is queued and waits for the thread to end; it is called once the
 * writers have stopped and before the record files are closed.
 */
final class PageToucher implements AutoCloseable {
    static final int PAGE_BYTES = 4096;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final Range STOP = new Range(null, 0, 0);

    /** Pages {@code [from, to)} of one mapped chunk, positions page-aligned. */
    private record Range(MappedByteBuffer chunk, int from, int to) {
    }

    private final BlockingQueue<Range> touches = new LinkedBlockingQueue<>();
    private final Thread toucher = new Thread(() -> drain(touches, PageToucher::makeDirty), "kv-page-toucher");
    /** r7: the second thread, which writes full pages back to the file behind the writers; null in r6. */
    private final BlockingQueue<Range> writeBacks;
    private final Thread writer;

    /** r6: pages made dirty ahead of the writers. */
    PageToucher() {
        this(false);
    }

    /** With {@code writeBehind} (r7), a second thread also writes full pages back to the file behind the writers. */
    PageToucher(boolean writeBehind) {
        toucher.setDaemon(true);
        toucher.start();
        if (writeBehind) {
            writeBacks = new LinkedBlockingQueue<>();
            writer = new Thread(() -> drain(writeBacks, r -> r.chunk.force(r.from, r.to - r.from)), "kv-write-behind");
            writer.setDaemon(true);
            writer.start();
        } else {
            writeBacks = null;
            writer = null;
        }
    }

    /** Whether {@link #writeBack} does anything (r7). */
    boolean writesBehind() {
        return writer != null;
    }

    /** Queues the pages of {@code chunk} in {@code [from, to)} (page-aligned positions) to be made dirty. */
    void touch(MappedByteBuffer chunk, int from, int to) {
        touches.add(new Range(chunk, from, to));
    }

    /**
     * r7: queues the pages of {@code chunk} in {@code [from, to)}, which no writer will change again, to be
     * written to the file now ({@code msync}), rather than when the kernel's dirty pages pass its threshold.
     */
    void writeBack(MappedByteBuffer chunk, int from, int to) {
        writeBacks.add(new Range(chunk, from, to));
    }

    private static void makeDirty(Range r) {
        for (int p = r.from; p < r.to; p += PAGE_BYTES) {
            LONGS.getAndAdd(r.chunk, p, 0L);
        }
    }

    private static void drain(BlockingQueue<Range> queue, java.util.function.Consumer<Range> work) {
        try {
            for (Range r = queue.take(); r != STOP; r = queue.take()) {
                try {
                    work.accept(r);
                } catch (java.io.UncheckedIOException e) {
                    // a write-back that failed: the record file's close forces every page again and reports it
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Drops what is queued (the record files' close writes every page back anyway) and waits for the threads. */
    @Override
    public void close() {
        stop(touches, toucher);
        if (writer != null) {
            stop(writeBacks, writer);
        }
    }

    private static void stop(BlockingQueue<Range> queue, Thread thread) {
        queue.clear();
        queue.add(STOP);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
