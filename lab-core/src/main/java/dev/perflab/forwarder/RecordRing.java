package dev.perflab.forwarder;

import dev.perflab.mdf.HistoryStore;
import dev.perflab.mdf.MdfRing;
import dev.perflab.mdf.MessageHandler;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * The forwarder's ring of the day's records exactly as they arrived, verified: each block from the feed is copied in
 * whole (length, message, CRC-32C, record after record), so a client's stream from any sequence on is one
 * contiguous span of the ring, sent as it is: one write per span, two buffers (a gathering write) where it wraps.
 *
 * <pre>
 *   arena (direct, circular, {@code capacity} bytes; absolute positions grow forever, index = position &amp; mask)
 *   ┌───────────────────────────────────────────────────────────────────────────────────────┐
 *   │ …│ len │ msg s │ crc │ len │ msg s+1 │ crc │ … │ len │ msg P │ crc │  (free / oldest) │…
 *   └───────────────────────────────────────────────────────────────────────────────────────┘
 *   ends[s &amp; indexMask] = absolute end of record s;  record s = [ends[s − 1], ends[s])   (ends of 0 = 0)
 *   a reader at sequence n sends [ends[n − 1], ends[m]) for n..m published: no per-message work at all
 * </pre>
 *
 * <h2>Publication protocol</h2>
 * <pre>
 *  writer, one block of sequences f..l, bytes [t, t + b):
 *    1. INTENT_SEQ ← l, INTENT_END ← t + b   (setRelease)  "records before t + b − capacity, sequences before
 *                                                             l − window are about to go"
 *    2. storeStoreFence
 *    3. arena ← the block's bytes; ends[f..l] ← their ends      (plain)
 *    4. PUBLISHED ← l                          (setRelease)  3 is visible to whoever sees 4
 *
 *  reader at n, sending n..m (m ≤ PUBLISHED, acquire):
 *    a. start ← ends[n − 1], end ← ends[m]                       (plain, after the acquire)
 *    b. loadLoadFence; INTENT_SEQ, INTENT_END (getAcquire)
 *    c. the index still held n − 1..m (INTENT_SEQ − (n − 1) &lt; index size) and the bytes are intact
 *       (INTENT_END − start ≤ capacity): send; else the reader is lapped and reads history
 *    d. after the send (a non-blocking write: what the socket takes now): loadLoadFence; INTENT_END − start ≤
 *       capacity, or what was sent may be torn ({@link Reader.Lapped}: the session resets its client); a record
 *       the write cut is copied out whole and checked the same way, so the reader stays at a record boundary
 * </pre>
 *
 * <h2>Assumptions and guarantees</h2>
 * One writer thread ({@link #append}); readers on any threads, each {@link Reader} on one. Sequences are
 * consecutive from {@link MdfRing#FIRST_SEQUENCE}, every block's records in order. A reader delivers each record
 * once, in order, byte-equal to what arrived; a reader more than {@code windowMessages} behind the writer (or whose
 * bytes were overwritten) gets the messages it missed from the history store instead. Counters on padded
 * lines of their own. No allocation after construction except a lapped reader's history reads.
 */
public final class RecordRing implements AutoCloseable {
    /** The ring id a configuration names for this ring, sized for a day (as mdf-ring's {@code RingSize.DAY}). */
    public static final String DAY = "record-ring";
    /** The ring id of the report's window: the newest 5,000 messages. */
    public static final String WINDOW_5000 = "record-ring-5000";
    /** Bytes a day of up to 400,000 messages of up to 520 bytes as records needs at most is more; 128 MiB holds the lab's day (84 MB). */
    static final int DAY_ARENA_BYTES = 128 << 20;
    static final int DAY_WINDOW_MESSAGES = 400_000;
    static final int SMALL_WINDOW_MESSAGES = 5_000;
    /** A record is at most 4 + 512 + 4 bytes. */
    static final int MAX_RECORD_BYTES = 4 + 512 + 4;
    /** Most messages one span covers: bounds a write, so lap checks and catch-up progress come regularly. */
    static final int MAX_SPAN_MESSAGES = 16 * 1024;

    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int STRIDE = 16;
    private static final int PUBLISHED = STRIDE - 1;
    private static final int INTENT_SEQ = 2 * STRIDE - 1;
    private static final int INTENT_END = 3 * STRIDE - 1;

    private final ByteBuffer arena;
    private final int capacity;
    private final int mask;
    private final long[] ends;
    private final int indexMask;
    private final int windowMessages;
    private final HistoryStore history;
    private final long[] counters = new long[4 * STRIDE];
    private long tail;

    /** The ring a configuration's id names: {@link #DAY} or {@link #WINDOW_5000}. */
    public static RecordRing named(String id, HistoryStore history) {
        if (id.equals(DAY)) {
            return new RecordRing(DAY_ARENA_BYTES, DAY_WINDOW_MESSAGES, history);
        }
        if (id.equals(WINDOW_5000)) {
            return new RecordRing(Integer.highestOneBit(SMALL_WINDOW_MESSAGES * MAX_RECORD_BYTES) << 1, SMALL_WINDOW_MESSAGES, history);
        }
        throw new IllegalArgumentException("no record ring '" + id + "'; known: " + DAY + ", " + WINDOW_5000);
    }

    /**
     * @param arenaBytes     a power of two, at least two of the largest block the feed hands over
     * @param windowMessages how far behind the writer a reader may be and still read from the ring
     */
    public RecordRing(int arenaBytes, int windowMessages, HistoryStore history) {
        if (Integer.bitCount(arenaBytes) != 1 || arenaBytes < 2 * Forwarder.FEED_READ_BYTES || windowMessages < 2) {
            throw new IllegalArgumentException("record ring of " + arenaBytes + " bytes, " + windowMessages
                    + " messages; need a power of two ≥ " + 2 * Forwarder.FEED_READ_BYTES + " and ≥ 2 messages");
        }
        this.arena = ByteBuffer.allocateDirect(arenaBytes);
        this.capacity = arenaBytes;
        this.mask = arenaBytes - 1;
        int index = Integer.highestOneBit(windowMessages - 1) << 2;
        this.ends = new long[index];
        this.indexMask = index - 1;
        this.windowMessages = windowMessages;
        this.history = history;
    }

    /** Writer thread: the block's records, as they arrived, after the history store had them. */
    public void append(FeedBlock block) {
        int n = block.count();
        int from = block.start();
        int bytes = block.end() - from;
        long first = block.firstSequence();
        long last = first + n - 1;
        if (first != published() + 1) {
            throw new IllegalArgumentException("sequence " + first + " appended; expected " + (published() + 1));
        }
        long end = tail + bytes;
        COUNTER.setRelease(counters, INTENT_SEQ, last);
        COUNTER.setRelease(counters, INTENT_END, end);
        VarHandle.storeStoreFence();
        int at = (int) (tail & mask);
        int firstPiece = Math.min(bytes, capacity - at);
        arena.put(at, block.buffer(), from, firstPiece);
        if (firstPiece < bytes) {
            arena.put(0, block.buffer(), from + firstPiece, bytes - firstPiece);
        }
        for (int i = 0; i < n; i++) {
            ends[(int) ((first + i) & indexMask)] = tail + (block.messageAt(i) + block.length(i) + 4 - from);
        }
        tail = end;
        COUNTER.setRelease(counters, PUBLISHED, last);
    }

    /** The last sequence readers may read (acquire). */
    long published() {
        return (long) COUNTER.getAcquire(counters, PUBLISHED);
    }

    /** Where record {@code sequence} ends (absolute); 0 before the first. */
    private long endOf(long sequence) {
        return sequence < MdfRing.FIRST_SEQUENCE ? 0 : ends[(int) (sequence & indexMask)];
    }

    public Reader reader(long fromSequence) {
        if (fromSequence < MdfRing.FIRST_SEQUENCE) {
            throw new IllegalArgumentException("start sequence " + fromSequence + "; sequences start at " + MdfRing.FIRST_SEQUENCE);
        }
        return new Reader(fromSequence);
    }

    @Override
    public void close() {
    }

    /**
     * One client's position in the ring, always at a record boundary. {@link #prepare} lays the next span of whole
     * records out as one or two read-only views of the arena; the caller writes what the socket takes of them and
     * {@link #commit}s that many bytes: whole records are passed, and the rest of a record the write cut is copied
     * out so the position stays at a boundary (a lapped reader can then go on from history, never mid-record).
     * One thread.
     */
    public final class Reader {
        /** The span just sent (or the record cut from it) may have been overwritten while it was sent. */
        public static final class Lapped extends RuntimeException {
            Lapped(long sequence) {
                super("the ring overwrote records from sequence " + sequence + " while they were sent", null, false, false);
            }
        }

        private final ByteBuffer[] views = {arena.asReadOnlyBuffer(), arena.asReadOnlyBuffer()};
        private int viewCount;
        private long next;
        private long spanStart;
        private long spanTo;
        private long spanBytes;

        Reader(long fromSequence) {
            this.next = fromSequence;
        }

        public long nextSequence() {
            return next;
        }

        /**
         * Lays out the records published from {@link #nextSequence()} on (up to {@link #MAX_SPAN_MESSAGES}) as the
         * span {@link #views()}; a reader the writer lapped first gets the messages it missed from history, one by
         * one, delivered to {@code fromHistory}.
         *
         * @return messages delivered from history (0 unless lapped); {@link #spanMessages()} is the span's size
         */
        public int prepare(MessageHandler fromHistory) {
            spanTo = next - 1;
            spanBytes = 0;
            viewCount = 0;
            long last = published();
            if (next > last) {
                return 0;
            }
            int delivered = 0;
            if (last - (next - 1) >= windowMessages || !intact(next - 1, endOf(next - 1))) {
                long resume = Math.max(next + 1, last - windowMessages / 2);
                history.read(next, resume, fromHistory);
                delivered = (int) (resume - next);
                next = resume;
                spanTo = next - 1;
                last = published();
                if (next > last) {
                    return delivered;
                }
            }
            long to = Math.min(last, next + MAX_SPAN_MESSAGES - 1);
            long start = endOf(next - 1);
            long end = endOf(to);
            if (!intact(next - 1, start)) {
                return delivered;
            }
            int at = (int) (start & mask);
            int bytes = (int) (end - start);
            int firstPiece = Math.min(bytes, capacity - at);
            views[0].limit(at + firstPiece).position(at);
            viewCount = 1;
            if (firstPiece < bytes) {
                views[1].limit(bytes - firstPiece).position(0);
                viewCount = 2;
            }
            spanStart = start;
            spanTo = to;
            spanBytes = bytes;
            return delivered;
        }

        /** Messages in the span {@link #prepare} laid out (0: none). */
        public long spanMessages() {
            return spanTo - next + 1;
        }

        /** The span: {@code views()[0 .. viewCount())}, read only; valid until the next {@link #prepare}. */
        public ByteBuffer[] views() {
            return views;
        }

        public int viewCount() {
            return viewCount;
        }

        /**
         * {@code written} bytes of the span went to the socket (all, some, or none): checks they were intact, moves
         * past the whole records written, and copies the rest of a record the write cut into {@code rest} (cleared,
         * then flipped: what still has to follow on the wire); that record counts as delivered.
         *
         * @return records delivered by this write
         * @throws Lapped when what was written (or the cut record) may have been overwritten while it was read
         */
        public int commit(long written, ByteBuffer rest) {
            rest.clear().flip();
            if (written == 0 || spanMessages() == 0) {
                return 0;
            }
            VarHandle.loadLoadFence();
            if ((long) COUNTER.getAcquire(counters, INTENT_END) - spanStart > capacity) {
                throw new Lapped(next);
            }
            long first = next;
            if (written == spanBytes) {
                next = spanTo + 1;
                return (int) (next - first);
            }
            long pos = spanStart + written;
            long lo = next - 1;
            long hi = spanTo;
            while (hi - lo > 1) {
                long mid = (lo + hi) >>> 1;
                if (endOf(mid) <= pos) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if (endOf(lo) == pos) {
                next = lo + 1;
            } else {
                long end = endOf(hi);
                int at = (int) (pos & mask);
                int bytes = (int) (end - pos);
                int firstPiece = Math.min(bytes, capacity - at);
                rest.clear();
                rest.put(rest.position(), arena, at, firstPiece);
                if (firstPiece < bytes) {
                    rest.put(firstPiece, arena, 0, bytes - firstPiece);
                }
                rest.limit(bytes);
                if (!intact(lo, pos)) {
                    throw new Lapped(hi);
                }
                next = hi + 1;
            }
            return (int) (next - first);
        }

        /** Steps b–c: the index still holds the ends from {@code lastBefore} on and the bytes from {@code start} are intact. */
        private boolean intact(long lastBefore, long start) {
            VarHandle.loadLoadFence();
            long intentSeq = (long) COUNTER.getAcquire(counters, INTENT_SEQ);
            long intentEnd = (long) COUNTER.getAcquire(counters, INTENT_END);
            return intentSeq - lastBefore < ends.length && intentEnd - start <= capacity;
        }
    }
}
