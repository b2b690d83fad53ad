package dev.perflab.sha;

import java.util.SplittableRandom;

/**
 * A uniform sample of a stream of results, of fixed size (Vitter's algorithm R): every result seen so far
 * has the same chance, {@code capacity / seen}, of being in the sample. Arrays are allocated once.
 *
 * <p>Thread-safety: one thread adds; read the sample after the stream has ended.
 */
public final class Reservoir {
    private final long[] ids;
    private final byte[] digests;
    private final SplittableRandom random;
    private long seen;

    public Reservoir(int capacity, long seed) {
        this.ids = new long[capacity];
        this.digests = new byte[capacity * Frames.DIGEST_BYTES];
        this.random = new SplittableRandom(seed);
    }

    /** Offers the result whose id and digest start at {@code off} in a result record. */
    public void offer(byte[] record, int off) {
        long slot = seen < ids.length ? seen : random.nextLong(seen + 1);
        seen++;
        if (slot < ids.length) {
            int i = (int) slot;
            ids[i] = Frames.getLong(record, off);
            System.arraycopy(record, off + Frames.ID_BYTES, digests, i * Frames.DIGEST_BYTES, Frames.DIGEST_BYTES);
        }
    }

    public int size() {
        return (int) Math.min(seen, ids.length);
    }

    public long id(int i) {
        return ids[i];
    }

    /** Copies sampled digest {@code i} into a new array. */
    public byte[] digest(int i) {
        byte[] d = new byte[Frames.DIGEST_BYTES];
        System.arraycopy(digests, i * Frames.DIGEST_BYTES, d, 0, Frames.DIGEST_BYTES);
        return d;
    }

    public long seen() {
        return seen;
    }
}
