package dev.perflab.mdf;

/**
 * One client's view of a ring: it reads at its own pace from the sequence it was created at.
 *
 * <h2>Assumptions and guarantees</h2>
 * One thread uses a reader (any thread, but one at a time). Every message from the start sequence on
 * is delivered exactly once, in sequence order, byte-equal to what the writer appended, whether it comes
 * from the ring's memory or, for a late or lapped reader, from the history store. A reader never
 * blocks the writer unless its ring says so (the Disruptor and JCTools peers apply back-pressure).
 */
public interface MdfReader {
    /**
     * Delivers every message available now (possibly none) to {@code handler}.
     *
     * @return the number of messages delivered
     * @throws OverwrittenException when a zero-copy reader finds, after the handler returned, that the writer
     *         overwrote ring memory it had handed out; see the exception for what the caller does
     */
    int poll(MessageHandler handler);

    /** The sequence of the next message this reader will deliver. */
    long nextSequence();
}
