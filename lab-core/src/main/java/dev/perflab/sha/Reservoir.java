package dev.perflab.sha;

import java.util.SplittableRandom;

/**
 * A uniform sample of fixed size from a stream of results: every result seen has the same chance,
 * {@code capacity / seen}, of being in the sample. Arrays are allocated once.
 *
 * <p>Li's "algorithm L": instead of drawing a random number for every result (Vitter's algorithm R), it
 * draws how many results to skip before the next replacement. The collector's cost per result is then a
 * counter decrement; random draws happen about {@code capacity · ln(seen / capacity)} times in all.
 *
 * <p>Thread-safety: one thread offers; read the sample after the stream has ended.
 */
public final class Reservoir {
    private final long[] ids;
    private final byte[] digests;
    private final SplittableRandom random;
    private long seen;
    private double w;
    private long skip;

    public Reservoir(int capacity, long seed) {
        this.ids = new long[capacity];
        this.digests = new byte[capacity * Frames.DIGEST_BYTES];
        this.random = new SplittableRandom(seed);
        this.w = Math.exp(Math.log(uniform()) / capacity);
    }

    /** Offers the result whose id and digest start at {@code off} in a result record. */
    public void offer(byte[] record, int off) {
        if (seen < ids.length) {
            store((int) seen, record, off);
            if (++seen == ids.length) {
                nextSkip();
            }
            return;
        }
        seen++;
        if (skip > 0) {
            skip--;
            return;
        }
        store(random.nextInt(ids.length), record, off);
        w *= Math.exp(Math.log(uniform()) / ids.length);
        nextSkip();
    }

    private void nextSkip() {
        skip = (long) Math.floor(Math.log(uniform()) / Math.log(1 - w));
    }

    /** A uniform double in (0, 1): never 0, so its logarithm is finite. */
    private double uniform() {
        double u;
        do {
            u = random.nextDouble();
        } while (u == 0);
        return u;
    }

    private void store(int slot, byte[] record, int off) {
        ids[slot] = Frames.getLong(record, off);
        System.arraycopy(record, off + Frames.ID_BYTES, digests, slot * Frames.DIGEST_BYTES, Frames.DIGEST_BYTES);
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
