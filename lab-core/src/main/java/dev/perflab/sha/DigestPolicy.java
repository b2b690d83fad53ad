package dev.perflab.sha;

import java.security.DigestException;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * How an executor turns task records into result records: the part of the executor that JMH measures
 * alone ({@code ShaExecutorBenchmark}). {@link #digest} reads {@code count} task records (id, payload) and
 * writes {@code count} result records (id, SHA-256 of the payload); the policies differ only in where the
 * {@link MessageDigest} comes from and where its output goes.
 *
 * <p>Thread-safety: every policy may be called by many threads at once. None but the exhibit shares a
 * {@code MessageDigest} between threads; a {@code MessageDigest} is not thread-safe.
 */
public enum DigestPolicy {
    /**
     * The report's first correct executor: each task gets a copy of its payload, a new
     * {@code MessageDigest.getInstance} (a provider lookup and a fresh state) and a new digest array.
     */
    NEW_PER_TASK {
        @Override
        MessageDigest forBatch() {
            return null;
        }

        @Override
        void digestOne(MessageDigest unused, byte[] in, int off, int len, byte[] out, int outOff) {
            byte[] message = Arrays.copyOfRange(in, off, off + len);
            System.arraycopy(Sha256.newDigest().digest(message), 0, out, outOff, Frames.DIGEST_BYTES);
        }
    },
    /** Report step 12: one {@code MessageDigest} per batch; each {@code digest()} resets it for the next task. */
    ONE_PER_BATCH {
        @Override
        MessageDigest forBatch() {
            return Sha256.newDigest();
        }

        @Override
        void digestOne(MessageDigest md, byte[] in, int off, int len, byte[] out, int outOff) {
            md.update(in, off, len);
            System.arraycopy(md.digest(), 0, out, outOff, Frames.DIGEST_BYTES);
        }
    },
    /**
     * Report step 13: each thread keeps one digest for its lifetime and writes the 32 bytes straight into
     * the result buffer with {@code digest(buf, off, len)}: no lookup, no array per task, no copy.
     */
    THREAD_LOCAL_INTO_OUTPUT {
        @Override
        MessageDigest forBatch() {
            return THREAD_DIGEST.get();
        }

        @Override
        void digestOne(MessageDigest md, byte[] in, int off, int len, byte[] out, int outOff) {
            md.update(in, off, len);
            try {
                md.digest(out, outOff, Frames.DIGEST_BYTES);
            } catch (DigestException e) {
                throw new IllegalStateException("no room for a SHA-256 digest at offset " + outOff, e);
            }
        }
    },
    /**
     * Exhibit of the report's step 2: one {@code MessageDigest} for every thread. Its state (block buffer,
     * length, hash words) changes without a lock, so two threads digesting at once mix their inputs and get
     * wrong digests, or an exception from the torn state. The report found about 20% of sampled digests
     * wrong. Never a rung.
     */
    SHARED_ACROSS_THREADS_EXHIBIT {
        @Override
        MessageDigest forBatch() {
            return SHARED;
        }

        @Override
        void digestOne(MessageDigest md, byte[] in, int off, int len, byte[] out, int outOff) {
            ONE_PER_BATCH.digestOne(md, in, off, len, out, outOff);
        }
    };

    private static final MessageDigest SHARED = Sha256.newDigest();
    private static final ThreadLocal<MessageDigest> THREAD_DIGEST = ThreadLocal.withInitial(Sha256::newDigest);

    /** The digest this policy uses for one batch, or null if it makes one per task. */
    abstract MessageDigest forBatch();

    /** Writes SHA-256 of {@code in[off, off + len)} at {@code out[outOff]} using {@code md} (per this policy). */
    abstract void digestOne(MessageDigest md, byte[] in, int off, int len, byte[] out, int outOff);

    /** Digests {@code count} task records at {@code tasksOff} into result records at {@code resultsOff}. */
    public final void digest(byte[] tasks, int tasksOff, int count, byte[] results, int resultsOff) {
        MessageDigest md = forBatch();
        for (int i = 0; i < count; i++) {
            int in = tasksOff + i * Frames.RECORD_BYTES;
            int out = resultsOff + i * Frames.RECORD_BYTES;
            digestOne(md, tasks, in + Frames.ID_BYTES, Frames.PAYLOAD_BYTES, results, out + Frames.ID_BYTES);
            System.arraycopy(tasks, in, results, out, Frames.ID_BYTES);
        }
    }

    /** Digests one message of any length exactly as this policy digests a payload (the NIST vectors use it). */
    public final void digestMessage(byte[] message, int off, int len, byte[] out, int outOff) {
        digestOne(forBatch(), message, off, len, out, outOff);
    }
}
