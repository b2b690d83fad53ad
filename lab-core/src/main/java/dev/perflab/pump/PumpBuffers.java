package dev.perflab.pump;

/** The pumps' buffer sizes, named once. */
public final class PumpBuffers {
    /** The report's bare socket test: 32 KB per write. */
    public static final int BLOCK_BYTES = 32 * 1024;
    /** Receive buffer of the channel rungs: a few blocks per read when the kernel has them. */
    public static final int CHANNEL_RECEIVE_BYTES = 256 * 1024;
    /** Record slices per gathering write (well under Linux's IOV_MAX of 1,024). */
    public static final int GATHER_SLICES = 128;

    private PumpBuffers() {
    }
}
