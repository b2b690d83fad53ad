package dev.perflab.mdf;

import dev.perflab.marketdata.MdfMessage;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * {@code r3-single-writer-ring}: r2's arena and offset index without the lock. One writer publishes each
 * message by a release store of the next sequence; readers load it with acquire and never block the
 * writer; a reader the writer has lapped notices and continues from history. The shared counters sit on
 * cache lines of their own.
 *
 * <p>Why faster: a reader no longer waits for the writer or for other readers (the report's threads blocked
 * on {@code synchronized}); the only shared writes are the writer's two counters, each read-mostly by
 * the readers, and each reader's own progress counter, on separate 128-byte lines (two lines, for the
 * adjacent-line prefetcher) so that no store invalidates a line another thread is reading. The report
 * planned "remove the synchronized on the read path"; the lab measures it.
 *
 * <h2>Publication protocol (the order of stores and loads is the whole design)</h2>
 * <pre>
 *  writer, message s at arena position p, record end e:
 *    1. INTENT    ← e              (setRelease)   "bytes before e − capacity are about to go"
 *    2. storeStoreFence                              1 is visible before any byte of 3
 *    3. arena[p..e) ← length, bytes; index[s] ← p  (plain)
 *    4. PUBLISHED ← s + 1          (setRelease)   3 is visible to whoever sees 4
 *
 *  reader, next sequence s:
 *    a. n ← PUBLISHED              (getAcquire)   sees 3 for every s &lt; n
 *    b. p ← index[s]; copy arena[p..]              (plain; the length read here may be torn, so a
 *                                                    length that could not sit at p means "lapped")
 *    c. loadLoadFence                              b's loads happen before d's
 *    d. i ← INTENT                 (getAcquire)
 *    e. i − p ≤ capacity and the copy's sequence is s  → the copy is intact; else lapped: history
 * </pre>
 * The jcstress test {@code RingPublicationStress} checks this protocol.
 *
 * <h2>Assumptions and guarantees</h2>
 * One writer thread; any number of readers, each on one thread. The first {@link #TRACKED_READERS}
 * readers publish their progress ({@link #slowestReader()}); later ones do not. No allocation after
 * construction except history rows; readers copy each message into their own buffer (r4 removes that).
 */
public class SingleWriterRing implements MdfRing {
    /** Readers whose progress the ring tracks (their counters are preallocated). */
    public static final int TRACKED_READERS = 8;
    /** Longs between two padded counters: 128 bytes, two cache lines. */
    static final int PADDED_STRIDE_LONGS = 16;
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int PUBLISHED = 0;
    private static final int INTENT = 1;
    private static final int FIRST_READER = 2;

    final RecordArena arena;
    final long[] positions;
    final int indexMask;
    final HistoryStore history;
    private final long[] counters;
    private final int stride;
    private final java.util.concurrent.atomic.AtomicInteger readers = new java.util.concurrent.atomic.AtomicInteger();
    private long tail;
    private long nextSequence = FIRST_SEQUENCE;

    public SingleWriterRing(RingSize size, HistoryStore history) {
        this(size, history, true);
    }

    /** {@code padded = false} is the exhibit {@code x-unpadded}: all counters in one cache line. */
    public SingleWriterRing(RingSize size, HistoryStore history, boolean padded) {
        this.arena = new RecordArena(size.arenaBytesPowerOfTwo(), true);
        this.positions = new long[size.windowPowerOfTwo()];
        this.indexMask = positions.length - 1;
        this.history = history;
        this.stride = padded ? PADDED_STRIDE_LONGS : 1;
        this.counters = new long[(FIRST_READER + TRACKED_READERS + 1) * stride];
        COUNTER.setRelease(counters, slot(PUBLISHED), FIRST_SEQUENCE);
    }

    final int slot(int counter) {
        return (counter + 1) * stride - (stride == 1 ? 1 : 0);
    }

    /** Distance in bytes between the writer's published counter and the first reader's counter. */
    public int counterSpacingBytes() {
        return (slot(FIRST_READER) - slot(PUBLISHED)) * Long.BYTES;
    }

    @Override
    public void append(ByteBuffer message) {
        MdfMessage.checkLength(message.remaining());
        long seq = MdfMessage.sequenceOf(message, message.position());
        if (seq != nextSequence) {
            throw new IllegalArgumentException("sequence " + seq + " appended; expected " + nextSequence);
        }
        int recordBytes = RecordArena.recordBytes(message.remaining());
        long start = arena.startOf(tail, recordBytes);
        long end = start + recordBytes;
        COUNTER.setRelease(counters, slot(INTENT), end);
        VarHandle.storeStoreFence();
        arena.write(start, message);
        positions[(int) (seq & indexMask)] = start;
        tail = end;
        nextSequence = seq + 1;
        COUNTER.setRelease(counters, slot(PUBLISHED), nextSequence);
    }

    /** The next sequence readers may not read yet (acquire). */
    final long published() {
        return (long) COUNTER.getAcquire(counters, slot(PUBLISHED));
    }

    /** Whether the record of {@code seq} at {@code start}, loaded before this call, was intact (steps c–e). */
    final boolean stillIntact(long start) {
        VarHandle.loadLoadFence();
        return arena.intact(start, (long) COUNTER.getAcquire(counters, slot(INTENT)));
    }

    /** Where {@code seq}'s record starts, or −1 when the index no longer holds it. */
    final long positionOf(long seq, long published) {
        return seq < published - positions.length ? -1 : positions[(int) (seq & indexMask)];
    }

    /** The lowest next-sequence of the tracked readers, or the published sequence if none. */
    public long slowestReader() {
        long min = published();
        for (int r = 0; r < Math.min(readers.get(), TRACKED_READERS); r++) {
            min = Math.min(min, (long) COUNTER.getAcquire(counters, slot(FIRST_READER + r)));
        }
        return min;
    }

    /** A counter slot for a new reader's progress, or −1 if all are taken. */
    final int claimProgressSlot(long fromSequence) {
        int r = readers.getAndIncrement();
        if (r >= TRACKED_READERS) {
            return -1;
        }
        int slot = slot(FIRST_READER + r);
        COUNTER.setRelease(counters, slot, fromSequence);
        return slot;
    }

    final void publishProgress(int slot, long next) {
        if (slot >= 0) {
            COUNTER.setRelease(counters, slot, next);
        }
    }

    /** Where a lapped reader resumes in the ring after reading history: half a window behind the writer. */
    final long resumePoint(long next, long published) {
        return Math.max(next + 1, published - positions.length / 2);
    }

    @Override
    public MdfReader reader(long fromSequence) {
        return new CopyingReader(fromSequence);
    }

    @Override
    public void close() {
    }

    /** Copies each message into its own buffer, checks it is intact, then delivers it. */
    private final class CopyingReader implements MdfReader {
        private final SequencedDelivery position;
        private final ByteBuffer scratch = ByteBuffer.allocate(MdfMessage.MAX_BYTES);
        private final int progressSlot;

        CopyingReader(long fromSequence) {
            position = new SequencedDelivery(history, fromSequence);
            progressSlot = claimProgressSlot(fromSequence);
        }

        @Override
        public int poll(MessageHandler handler) {
            long published = published();
            int delivered = 0;
            while (position.next() < published) {
                long seq = position.next();
                long start = positionOf(seq, published);
                if (start < 0 || !copyIfIntact(seq, start)) {
                    delivered += position.fromHistory(resumePoint(seq, published()), handler);
                    continue;
                }
                handler.onMessage(scratch);
                position.moveTo(seq + 1);
                delivered++;
            }
            publishProgress(progressSlot, position.next());
            return delivered;
        }

        private boolean copyIfIntact(long seq, long start) {
            int length = arena.plausibleLengthAt(start);
            if (length < 0) {
                return false;
            }
            arena.copy(start, length, scratch);
            return stillIntact(start) && MdfMessage.sequenceOf(scratch, 0) == seq;
        }

        @Override
        public long nextSequence() {
            return position.next();
        }
    }
}
