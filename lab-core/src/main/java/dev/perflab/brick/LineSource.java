package dev.perflab.brick;

import java.io.IOException;

/**
 * The server's side of the ladder's {@link MoverSettings.Table}: hands out each line exactly once, and
 * transforms it after it was asked for (in the asking thread, outside any lock).
 *
 * <p>Called by every server connection thread at once; each thread passes its own {@link Claimer}.
 */
public interface LineSource extends AutoCloseable {
    /** Per-thread state: the thread's group, its scratch line and its CAS retry count. */
    final class Claimer {
        final int group;
        final byte[] line = new byte[Bricks.MAX_LINE_BYTES];
        long casRetries;

        public Claimer(int group) {
            this.group = group;
        }

        /** Failed CASes of this claimer so far. */
        public long casRetries() {
            return casRetries;
        }
    }

    /**
     * Claims the next line and writes its transform into {@code dst} at 0.
     *
     * @return {@code lineNo << 32 | resultLength}, or -1 when every line has been handed out
     * @throws BrickFormatException when the file turns out malformed at the line to hand out
     */
    long next(Claimer claimer, byte[] dst) throws IOException;

    /** Lines in the file; valid once {@link #next} has returned -1. */
    int totalLines();

    @Override
    void close() throws IOException;

    /** What {@link #next} returns for a line. */
    static long packed(int lineNo, int resultLength) {
        return (long) lineNo << 32 | resultLength;
    }
}
