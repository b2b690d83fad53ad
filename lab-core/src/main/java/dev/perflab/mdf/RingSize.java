package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;

/**
 * How much a ring keeps in memory.
 *
 * @param windowMessages the newest messages kept in memory (the report's 5,000, then 400,000); sizes the
 *                       offset index of the byte rungs and the slot count of the peers
 * @param arenaBytes     bytes of message storage for the byte rungs and peers (records include a 4-byte
 *                       length; rounded up to a power of two by those that need one)
 */
public record RingSize(int windowMessages, int arenaBytes) {
    /** The report's first window: the newest 5,000 messages. */
    public static final int SMALL_WINDOW_MESSAGES = 5_000;
    /** The report's second window: 400,000 messages, the whole ~300,000-message day. */
    public static final int DAY_WINDOW_MESSAGES = 400_000;
    /** A day of up to 400,000 messages averaging 272 bytes (32–512 uniform) fits in 128 MiB. */
    public static final int DAY_ARENA_BYTES = 128 << 20;

    public static final RingSize SMALL = new RingSize(SMALL_WINDOW_MESSAGES, SMALL_WINDOW_MESSAGES * (MdfMessage.MAX_BYTES + 4));
    public static final RingSize DAY = new RingSize(DAY_WINDOW_MESSAGES, DAY_ARENA_BYTES);

    public RingSize {
        if (windowMessages < 2 || arenaBytes < 4 * (MdfMessage.MAX_BYTES + 4) || arenaBytes > (1 << 30)) {
            throw new IllegalArgumentException("ring of " + windowMessages + " messages, " + arenaBytes
                    + " bytes; need ≥ 2 messages and " + 4 * (MdfMessage.MAX_BYTES + 4) + " bytes..1 GiB");
        }
    }

    /** The arena rounded up to a power of two. */
    public int arenaBytesPowerOfTwo() {
        return Integer.highestOneBit(arenaBytes - 1) << 1;
    }

    /** The window rounded up to a power of two. */
    public int windowPowerOfTwo() {
        return Integer.highestOneBit(windowMessages - 1) << 1;
    }
}
