package dev.perflab.mdf;

/**
 * A zero-copy reader handed out slices of ring memory and then found that the writer lapped it while the
 * handler was reading them: the messages from {@link #firstUnsafeSequence()} on that this poll delivered
 * may be torn. A forwarder drops what it sent from there (a real one resets the client's connection,
 * which resumes from its last good sequence); the reader has already rewound, so the next poll
 * re-delivers from that sequence, from history. Thrown by the readers that hand out memory in place:
 * {@code r4-batched-zero-copy} and the Agrona peer.
 */
public final class OverwrittenException extends RuntimeException {
    private final long firstUnsafeSequence;

    public OverwrittenException(long firstUnsafeSequence) {
        super("writer overwrote messages from sequence " + firstUnsafeSequence + " while they were being read", null, false, false);
        this.firstUnsafeSequence = firstUnsafeSequence;
    }

    public long firstUnsafeSequence() {
        return firstUnsafeSequence;
    }
}
