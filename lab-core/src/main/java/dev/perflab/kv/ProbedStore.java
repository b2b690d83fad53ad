package dev.perflab.kv;

import java.io.IOException;
import java.nio.file.Path;

/**
 * r5-probed-index: r4's 16 segments and append-only record files, each segment's index one open-addressing
 * table ({@link ProbedIndexFile}, its layout drawn there) instead of chained linear hashing. One change: how
 * the index finds a key.
 *
 * <p><b>Why.</b> r4 did not hold its write rate over 60 s (its last 5 s at about half the rate of its first
 * 5 s; figures: docs/kv.md): its cost per put grew with the table, because a put of a new key makes three to
 * four reads at random places of the index (a bucket head, the chain, two splits' chains) and the index
 * outgrows the CPU cache. Here a put makes one (its home slot's cache line), and the table's doubling streams.
 *
 * <pre>
 *   writer threads ──hash(key) top 4 bits──▶ segment 0: lock · table (hash, offset)… · seg-00/kv.dat
 *                                            …
 *                                            segment 15: lock · table             · seg-15/kv.dat
 * </pre>
 *
 * <p>Thread-safety: as {@link StripedStore}.
 *
 * <p><b>As a library</b> ({@code examples/boxing}'s {@code Components}): {@code new ProbedStore(dir, expected)} opens
 * or creates the store in {@code dir}; any number of threads may {@code put} and {@code get} at once (a put of a key
 * already there replaces its value); {@code close()} writes it to disk, and the folder opens again with every key.
 * Capacity: grows past {@code expectedRecords} (the index doubles), bounded by the disk.
 */
public final class ProbedStore extends StripedStore {
    public ProbedStore(Path dir, long expectedRecords) throws IOException {
        super(dir, segmentDir -> new ProbedIndexFile(segmentDir, perSegment(expectedRecords)));
    }

    private ProbedStore(Path dir, long expectedRecords, PageToucher toucher) throws IOException {
        super(dir, segmentDir -> new ProbedIndexFile(segmentDir, perSegment(expectedRecords), ChainedHashFile.MAP_CHUNK_BYTES, toucher),
                toucher::close);
    }

    /**
     * The keys one segment is sized for: its sixteenth of the expected records, plus 1/64 and 1,024. A
     * segment's share varies by a few √n (about 2,500 at 6.25M), and a run that puts exactly the expected
     * records made 5 of 16 segments double within its last second without the margin.
     */
    static long perSegment(long expectedRecords) {
        long share = expectedRecords / SEGMENTS;
        return share + share / 64 + 1_024;
    }

    /**
     * r6-pages-ahead: r5 with one {@link PageToucher} thread that makes each record file's pages dirty
     * {@link RecordLog#TOUCH_AHEAD_BYTES} ahead of its appends. One change: who takes a new page's first-write fault.
     *
     * <p><b>Why.</b> A probe of r5 over 60 s found part of the 2 cores idle while ten writers had puts to make
     * (probes: the kv logs in docs/measurements/README.md): the first write to a page of a mapped file faults, and the
     * kernel may then make the writer sleep until writeback catches up; a writer that sleeps there holds its
     * segment's lock, and the other writers soon all wait on it. Here the toucher takes those faults, holding
     * no lock.
     */
    public static ProbedStore pagesAhead(Path dir, long expectedRecords) throws IOException {
        return withToucher(dir, expectedRecords, new PageToucher(false));
    }

    /**
     * r7-write-behind: r6 whose toucher also writes each megabyte of the record files back to disk as soon
     * as the writers have passed it ({@link PageToucher}). One change: when dirty pages reach the disk.
     *
     * <p><b>Why.</b> In r6's 60-s runs the write rate fell steeply for a second or two at regular intervals, in
     * step with the kernel's writeback bursts (probes: the kv logs in docs/measurements/README.md): dirty pages piled
     * up to its background threshold, then its flusher threads took the 2 cores to write gigabytes at once.
     * Written back a megabyte at a time, the same bytes cost the same I/O, spread evenly over the run.
     */
    public static ProbedStore writeBehind(Path dir, long expectedRecords) throws IOException {
        return withToucher(dir, expectedRecords, new PageToucher(true));
    }

    private static ProbedStore withToucher(Path dir, long expectedRecords, PageToucher toucher) throws IOException {
        try {
            return new ProbedStore(dir, expectedRecords, toucher);
        } catch (IOException | RuntimeException e) {
            toucher.close();
            throw e;
        }
    }
}
