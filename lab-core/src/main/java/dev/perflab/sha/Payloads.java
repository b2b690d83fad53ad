package dev.perflab.sha;

/**
 * Task payloads, derived from the task id alone. The generator fills each payload from its id; the
 * collector, which receives only (id, digest), rebuilds the payload from the id to re-compute and verify
 * a sampled digest. The executor never uses this class: it digests the bytes that arrived.
 */
public final class Payloads {
    private Payloads() {
    }

    /** Writes the 32 payload bytes of task {@code id} at {@code off}: four SplitMix64 outputs, big-endian. */
    public static void fill(long id, byte[] dst, int off) {
        long state = id * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < Frames.PAYLOAD_BYTES / Long.BYTES; i++) {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            Frames.putLong(dst, off + i * Long.BYTES, z ^ (z >>> 31));
        }
    }

    public static byte[] of(long id) {
        byte[] payload = new byte[Frames.PAYLOAD_BYTES];
        fill(id, payload, 0);
        return payload;
    }
}
