package dev.perflab.sha;

/**
 * Task payloads, derived from the task id alone. The generator fills each payload from its id; the
 * collector, which receives only (id, digest), rebuilds the payload from the id to re-compute and verify
 * a sampled digest. The executor never uses this class: it digests the bytes that arrived.
 */
public final class Payloads {
    private Payloads() {
    }

    /** SplitMix64's increment (the golden ratio in 64 bits). */
    private static final long GAMMA = 0x9E3779B97F4A7C15L;
    private static final int LONGS = Frames.PAYLOAD_BYTES / Long.BYTES;

    /**
     * Writes the 32 payload bytes of task {@code id} at {@code off}: four SplitMix64 outputs, big-endian, the
     * outputs for states {@code (id + 1)·γ … (id + 4)·γ}.
     */
    public static void fill(long id, byte[] dst, int off) {
        for (int i = 0; i < LONGS; i++) {
            Frames.putLong(dst, off + i * Long.BYTES, mix((id + 1 + i) * GAMMA));
        }
    }

    /**
     * Writes the payloads of tasks {@code firstId … firstId + n − 1} at {@code off}, {@code off + stride}, …:
     * the same bytes as {@link #fill} per id, computed once each. Task id's payload is outputs id + 1 … id + 4,
     * so task id + 1's shares three of them: n consecutive payloads need n + 3 outputs, not 4·n (r16).
     */
    public static void fillConsecutive(long firstId, int n, byte[] dst, int off, int stride) {
        long a = mix((firstId + 1) * GAMMA);
        long b = mix((firstId + 2) * GAMMA);
        long c = mix((firstId + 3) * GAMMA);
        for (int i = 0; i < n; i++) {
            long d = mix((firstId + 4 + i) * GAMMA);
            int at = off + i * stride;
            Frames.putLong(dst, at, a);
            Frames.putLong(dst, at + Long.BYTES, b);
            Frames.putLong(dst, at + 2 * Long.BYTES, c);
            Frames.putLong(dst, at + 3 * Long.BYTES, d);
            a = b;
            b = c;
            c = d;
        }
    }

    /** SplitMix64's output function for one state. */
    private static long mix(long state) {
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public static byte[] of(long id) {
        byte[] payload = new byte[Frames.PAYLOAD_BYTES];
        fill(id, payload, 0);
        return payload;
    }
}
