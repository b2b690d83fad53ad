package dev.perflab.base;

/**
 * How steadily this machine runs work that lives in a core's caches: a dependent pointer chase round one random
 * cycle through an {@code int} array, timed in chunks of equal work. On an idle machine the chunks take the same
 * time to within a percent or two; when another virtual machine shares this core's caches (or its other hardware
 * thread) they stretch and shrink, though nothing of this machine runs in between.
 *
 * <p>Why a probe and not steal alone: {@link CpuTimes}' steal counts the time a host ran others on this
 * machine's CPUs, and a neighbour that shares the caches takes none of it: the vCPU keeps running, only slower.
 * Register-only work does not show it either, while a chase through L2 does: the measurements behind this are in
 * the ab-sha logs in docs/measurements/README.md.
 *
 * <pre>
 *   next[]   one cycle through every slot (Sattolo's shuffle), so each load's address is the last load's value
 *   chunk    the same number of loads in every call, sized by the first call so that it took about chunkMillis
 *   result   each chunk's time in nanoseconds, in the order they ran
 * </pre>
 *
 * <p>Why the chunk is sized once: a size measured in every call adapts to a machine that runs slower for the
 * whole call, which then goes unseen, and it carries the noise of its own sizing stretch into all of the call's
 * chunks (a call that sized on a slow stretch times short chunks throughout).
 */
public final class CacheProbe {
    /** The default size: in a core's L2 on current x86 server CPUs (512 KiB to 2 MiB), far beyond its L1. */
    public static final int DEFAULT_KIB = 256;
    /** Loads between two reads of the clock. */
    private static final int BLOCK = 4096;

    private final int[] next;
    private final int kib;
    /** Where the chase stands; kept across calls, so the JIT cannot drop the loads as unused. */
    private int at;
    /** Blocks of {@value #BLOCK} loads per chunk, sized by the first call to {@link #chunks}; 0 before it. */
    private long blocksPerChunk;

    /** A cycle through {@code kib} KiB of {@code int}s, shuffled with a fixed seed (the same probe on every run). */
    public CacheProbe(int kib) {
        if (kib < 1 || kib > 1 << 20) {
            throw new IllegalArgumentException("a cache probe of " + kib + " KiB: give 1 KiB to 1 GiB");
        }
        this.kib = kib;
        int n = kib * 1024 / Integer.BYTES;
        next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = i;
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(0x5eed);
        for (int i = n - 1; i > 0; i--) { // Sattolo: j < i, so the permutation is a single cycle
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
    }

    public int kib() {
        return kib;
    }

    /** Slots visited from {@code from} until the chase comes back to it: the array's length, for one cycle. */
    int cycleLength(int from) {
        int steps = 0;
        int p = from;
        do {
            p = next[p];
            steps++;
        } while (p != from);
        return steps;
    }

    /**
     * Times {@code count} chunks of equal work. Each call first runs the chase for about {@code chunkMillis}
     * untimed, which lets the JIT compile the loop on the first call and brings the array back into the cache
     * on later ones. The first call then sizes a chunk to about {@code chunkMillis}; every later call times
     * chunks of that same size, so that chunk times compare across calls.
     *
     * @return each chunk's time, in nanoseconds
     */
    public long[] chunks(int count, double chunkMillis) {
        long target = (long) (chunkMillis * 1e6);
        chase(BLOCK);
        long start = System.nanoTime();
        while (System.nanoTime() - start < target) { // warm-up: interpreted, then compiled; the array into the cache
            chase(BLOCK);
        }
        if (blocksPerChunk == 0) {
            long blocks = 0;
            start = System.nanoTime();
            while (System.nanoTime() - start < target) {
                chase(BLOCK);
                blocks++;
            }
            blocksPerChunk = Math.max(1, blocks);
        }
        long[] nanos = new long[count];
        for (int c = 0; c < count; c++) {
            long s = System.nanoTime();
            for (long b = 0; b < blocksPerChunk; b++) {
                chase(BLOCK);
            }
            nanos[c] = System.nanoTime() - s;
        }
        return nanos;
    }

    /** Blocks per chunk as the first call sized them; 0 before the first call. */
    long blocksPerChunk() {
        return blocksPerChunk;
    }

    private void chase(int loads) {
        int p = at;
        for (int i = 0; i < loads; i++) {
            p = next[p];
        }
        at = p;
    }
}
