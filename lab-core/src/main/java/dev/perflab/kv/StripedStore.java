package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;

/**
 * r3-striped: r2 split into {@link #SEGMENTS} independent linear-hash files, each with its own lock, its
 * own bucket array and its own record area; a key's hash picks its segment. Up to r2 every writer waits
 * for the one lock, so ten threads put no faster than one; here two writers contend only when their keys
 * fall in the same segment (1 in 16), and splits and file growth in one segment do not stop the others.
 *
 * <pre>
 *   writer threads ──hash(key) mod 16──▶ seg-00/ kv.idx kv.dat   (lock 0)
 *                                        seg-01/ kv.idx kv.dat   (lock 1)
 *                                        …
 *                                        seg-15/ kv.idx kv.dat   (lock 15)
 * </pre>
 *
 * <p>Thread-safety: as {@link KvStore}; each segment is a {@link HashSegment} under its own lock, and
 * the segment array is final and filled before the constructor returns. {@link #count()} sums the
 * segments one after another, so it is exact once the writers have stopped.
 */
public class StripedStore implements KvStore, HashCounters {
    public static final int SEGMENTS = 16;

    /** Opens one segment in its folder. */
    @FunctionalInterface
    interface SegmentOpener {
        HashSegment open(Path dir) throws IOException;
    }

    private final HashSegment[] segments = new HashSegment[SEGMENTS];
    private final Runnable beforeClose;

    public StripedStore(Path dir) throws IOException {
        this(dir, segmentDir -> new ChainedHashFile(segmentDir, LinearHashStore.INITIAL_BUCKETS, true), () -> { });
    }

    /**
     * The striping with other segments (r4's and r5's). The segments open in parallel (r4's rebuild each one's index
     * at open); the stream's end happens-before this constructor returns, so the array is filled for its caller.
     */
    StripedStore(Path dir, SegmentOpener opener) throws IOException {
        this(dir, opener, () -> { });
    }

    /** As above, with {@code beforeClose} run at {@link #close()} before the segments close (r6 stops its toucher). */
    StripedStore(Path dir, SegmentOpener opener, Runnable beforeClose) throws IOException {
        this.beforeClose = beforeClose;
        Files.createDirectories(dir);
        // Each open catches its own failure, so the stream ends only when every open has ended (a thrown
        // exception would end it while other segments are still opening, and those would leak).
        IOException[] failures = new IOException[SEGMENTS];
        IntStream.range(0, SEGMENTS).parallel().forEach(i -> {
            try {
                segments[i] = opener.open(dir.resolve(String.format("seg-%02d", i)));
            } catch (IOException e) {
                failures[i] = e;
            }
        });
        for (IOException failure : failures) {
            if (failure != null) {
                closeOpened(failure);
                throw failure;
            }
        }
    }

    /** After a segment failed to open: closes those that did (their files and mappings), so nothing leaks. */
    private void closeOpened(Throwable failure) {
        for (HashSegment s : segments) {
            if (s != null) {
                try {
                    s.close();
                } catch (IOException e) {
                    failure.addSuppressed(e);
                }
            }
        }
    }

    private HashSegment segment(byte[] key) {
        // The top bits pick the segment; the segment's buckets use the remainder of the whole hash.
        return segments[(int) (LinearHashChains.hash(key) >>> 60)];
    }

    @Override
    public final boolean put(byte[] key, byte[] value) throws IOException {
        return segment(key).put(key, value);
    }

    @Override
    public final byte[] get(byte[] key) {
        return segment(key).get(key);
    }

    @Override
    public final long count() {
        long sum = 0;
        for (HashSegment s : segments) {
            sum += s.count();
        }
        return sum;
    }

    @Override
    public final Counters counters() {
        Counters sum = new Counters(0, 0, 0, 0, 0, 0);
        for (HashSegment s : segments) {
            sum = sum.plus(s.counters());
        }
        return sum;
    }

    @Override
    public final long longestChain() {
        long longest = 0;
        for (HashSegment s : segments) {
            longest = Math.max(longest, s.longestChain());
        }
        return longest;
    }

    /** Every segment is of one kind: its bound. */
    @Override
    public final long longestChainAllowed() {
        return segments[0].longestChainAllowed();
    }

    @Override
    public final void close() throws IOException {
        beforeClose.run();
        IOException first = null;
        for (HashSegment s : segments) {
            try {
                s.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
