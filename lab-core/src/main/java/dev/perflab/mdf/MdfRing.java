package dev.perflab.mdf;

import java.nio.ByteBuffer;

/**
 * The in-memory part of the market-data forwarder of report 000: one writer appends messages as they
 * arrive; any number of {@link MdfReader}s (one per client) read them at their own pace.
 *
 * <pre>
 *   feed ──▶ history store (every message, recorded first)
 *     │
 *     └──▶ writer.append ──▶ [ ring: newest W messages ] ──▶ reader 1 ──▶ client 1
 *                                        │               ──▶ reader 2 ──▶ client 2
 *          late or lapped reader ◀───────┴── older than the ring: read from the history store
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * <ul>
 *   <li>One writer thread calls {@link #append}; sequences are consecutive from {@link #FIRST_SEQUENCE};
 *       every message is in the history store before it is appended (the feed records first), so a
 *       reader that falls out of the window can always continue from history.</li>
 *   <li>{@link #reader} may be called from any thread at any time, with any start sequence from
 *       {@link #FIRST_SEQUENCE} on; a reader then belongs to one thread (see {@link MdfReader}).</li>
 * </ul>
 */
public interface MdfRing extends AutoCloseable {
    long FIRST_SEQUENCE = 1;

    /**
     * Appends the message between the buffer's position and limit (left unchanged). Writer thread only.
     *
     * @throws IllegalArgumentException when the length is outside 32..512 or the sequence is not the next
     */
    void append(ByteBuffer message);

    /** A reader whose first message is {@code fromSequence}. */
    MdfReader reader(long fromSequence);

    /** Frees the ring's resources; readers must be done with it. */
    @Override
    void close();
}
