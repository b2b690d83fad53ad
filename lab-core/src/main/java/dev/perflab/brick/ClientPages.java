package dev.perflab.brick;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The client's page table (r3 on): line {@code i} goes to row {@code i % ROWS} of page {@code i / ROWS};
 * connection threads copy each result straight into its row, with no lock, and a page-switcher thread
 * maps each full page into the output file, in page order, then hands its slot to page {@code p + SLOTS}.
 *
 * <pre>
 *  slot s holds page p (p % SLOTS == s)        page-switcher thread
 *  ┌─────────────────────────────────────┐     for p = 0, 1, 2, …:
 *  │ row 0: len │ up to 256 bytes        │       wait until filled[p] == rows of p
 *  │ row 1: len │ …                      │       rows + \r\n → one buffer → one bulk put into the file's
 *  │ …          filled (atomic count)    │       mapped window at filePos (a new WINDOW_BYTES window when
 *  └─────────────────────────────────────┘       the page does not fit); slot s ← page p + SLOTS
 *                                              at the end: the file truncated to filePos (the last window's tail)
 * </pre>
 * The report's switcher mapped full pages into the output file; so does this one ({@link Output#MAPPED}): one
 * {@code mmap} per {@link #WINDOW_BYTES}, no system call per page. It gains nothing measurable over
 * {@code FileChannel.write} of the same buffer: timed alone (2 threads putting 4M lines of 100 bytes, 408 MB,
 * a throwaway harness, the two alternating), mapped and written took about the same time; what a write saves
 * in page faults on the new file pages it pays in the copy into the page cache. Copying each row into the
 * window with its own {@code put} (no page buffer) took about twice as long: a direct buffer's per-call checks
 * cost more than one extra copy through a heap array (figures: the brick logs in docs/measurements/README.md).
 * {@link Output#WRITE} is kept for outputs that cannot be mapped ({@code /dev/null} in
 * {@code PageTableBenchmark}).
 *
 * <h2>Guarantees</h2>
 * A writer copies into its row only once the slot's {@code page} (volatile) equals its page, and then
 * increments {@code filled} (a release); the switcher reads the rows after seeing {@code filled} reach the
 * page's row count (an acquire). The switcher resets {@code filled} before publishing the slot's next page.
 * With {@code wake} (r8 on) the switcher parks while it waits; the writer whose increment fills a page, and
 * {@link #finish} and {@link #abort} (which change what it waits for), unpark it. It re-checks after every park
 * and a permit given before the park is kept, so no wake-up is lost; a park is also bounded by
 * {@link #WOKEN_WAIT_NANOS}.
 * Memory: {@code SLOTS × ROWS × ROW_BYTES}, allocated once.
 */
public final class ClientPages implements ResultSink {
    static final int ROWS = 1 << 12;
    static final int ROW_BYTES = Protocol.FIXED_RESPONSE_BYTES;
    /** Pages in the ring: enough for the spread of lines r5's groups have in flight at once. */
    static final int SLOTS = 32;
    /** Bytes of the output file mapped at once; the file grows a window at a time and is truncated at the end. */
    static final long WINDOW_BYTES = 64L << 20;

    /** How full pages reach the file. */
    public enum Output {
        /** Copied into a {@link MappedByteBuffer} window of the file (the rungs). */
        MAPPED,
        /** Assembled in a buffer and written with {@code FileChannel.write} (any channel, {@code /dev/null} too). */
        WRITE
    }
    private static final long WAIT_NANOS = 20_000;
    /** With {@code wake} (r8 on) the switcher parks until woken; this bounds a park all the same. */
    static final long WOKEN_WAIT_NANOS = 1_000_000;

    private static final class Slot {
        final byte[] rows = new byte[ROWS * ROW_BYTES];
        final short[] lengths = new short[ROWS];
        final AtomicInteger filled = new AtomicInteger();
        volatile int page;
    }

    private final FileChannel channel;
    private final Output output;
    private final Slot[] slots = new Slot[SLOTS];
    private final Thread switcher;
    /** The switcher sleeps until the writer that fills a page (or finish, or abort) wakes it (r8 on). */
    private final boolean wake;
    private volatile int totalLines = -1;
    private volatile long written;
    private volatile boolean aborted;
    private volatile boolean closed;
    private volatile IOException failure;

    /** Maps full pages into {@code channel}'s file, which must be open for reading and writing. */
    public ClientPages(FileChannel channel) {
        this(channel, Output.MAPPED);
    }

    public ClientPages(FileChannel channel, Output output) {
        this(channel, output, false);
    }

    /**
     * With {@code wake} the switcher, waiting for a page to fill, sleeps until the writer of its last row wakes
     * it, instead of polling every {@link #WAIT_NANOS} (r8).
     */
    public ClientPages(FileChannel channel, Output output, boolean wake) {
        this.wake = wake;
        this.channel = channel;
        this.output = output;
        for (int s = 0; s < SLOTS; s++) {
            slots[s] = new Slot();
            java.util.Arrays.fill(slots[s].lengths, (short) -1);
            slots[s].page = s;
        }
        switcher = new Thread(this::switchPages, "brick-page-switcher");
        switcher.setDaemon(true);
        switcher.start();
    }

    @Override
    public void put(int lineNo, ByteBuffer src, int at, int len) throws IOException {
        int page = lineNo / ROWS;
        int row = lineNo % ROWS;
        Slot slot = slots[page % SLOTS];
        if (slot.page != page) {
            long deadline = System.nanoTime() + Wire.livenessMillis() * 1_000_000L;
            while (slot.page != page) {
                waitABit();
                if (System.nanoTime() > deadline) {
                    throw new IOException("line " + lineNo + " waited " + Wire.livenessMillis()
                            + " ms for its page: the lines before it never arrived", null);
                }
            }
        }
        src.get(at, slot.rows, row * ROW_BYTES, len);
        slot.lengths[row] = (short) len;
        if (slot.filled.incrementAndGet() == ROWS && wake) {
            LockSupport.unpark(switcher); // the page's last row (a shorter last page: finish wakes it)
        }
    }

    private void waitABit() throws IOException {
        if (aborted) {
            throw new InterruptedIOException("aborted");
        }
        IOException f = failure;
        if (f != null) {
            throw f;
        }
        LockSupport.parkNanos(WAIT_NANOS);
    }

    private void switchPages() {
        PageOut out = output == Output.MAPPED ? new MappedOut() : new WrittenOut();
        byte[] page = new byte[ROWS * (ROW_BYTES + Bricks.EOL_BYTES)];
        try {
            for (int p = 0; ; p++) {
                Slot slot = slots[p % SLOTS];
                int rows;
                for (;;) {
                    // closed is read before totalLines: finish writes totalLines first, so a switcher that sees
                    // closed also sees the final count (read the other way round, it could judge a short last
                    // page against the -1 it read before finish, and report a line as missing that never existed)
                    boolean done = closed;
                    int total = totalLines;
                    rows = total < 0 ? ROWS : (int) Math.min(ROWS, Math.max(0, total - (long) p * ROWS));
                    if (slot.filled.get() == rows) {
                        break;
                    }
                    if (aborted) {
                        return;
                    }
                    if (done) { // every put is done, so this page's missing rows will never come
                        failure = new IOException("the server's file has " + total + " lines; line "
                                + ((long) p * ROWS + firstMissing(slot, rows)) + " never arrived", null);
                        return;
                    }
                    LockSupport.parkNanos(this, wake ? WOKEN_WAIT_NANOS : WAIT_NANOS);
                }
                if (rows == 0) {
                    return;
                }
                int n = 0;
                for (int r = 0; r < rows; r++) {
                    int len = slot.lengths[r];
                    System.arraycopy(slot.rows, r * ROW_BYTES, page, n, len);
                    n += len;
                    page[n++] = '\r';
                    page[n++] = '\n';
                }
                out.page(page, n);
                written += rows;
                java.util.Arrays.fill(slot.lengths, 0, rows, (short) -1);
                slot.filled.set(0);
                slot.page = p + SLOTS;
                if (rows < ROWS) {
                    return;
                }
            }
        } catch (IOException e) {
            failure = e;
        } catch (InternalError e) {
            // How the JVM reports a SIGBUS from a mapped file, at some later instruction of this thread: a
            // store into a page the file system could not back (a full disk) or past a file cut short
            if (e.getMessage() == null || !e.getMessage().contains("unsafe memory access")) {
                throw e;
            }
            failure = new IOException("a store into the result file's mapped pages faulted:"
                    + " the disk is full, or the file was cut short meanwhile", null);
        } finally {
            try {
                out.end();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
    }

    /** Where the switcher puts a full page, assembled: its rows in order, each followed by {@code \r\n}. Switcher thread only. */
    private interface PageOut {
        void page(byte[] page, int bytes) throws IOException;

        /** After the last page (or a failure): the file holds exactly the pages put so far. */
        void end() throws IOException;
    }

    /** Each page copied into a mapped window of the file; a new window at {@code filePos} when a page does not fit. */
    private final class MappedOut implements PageOut {
        private MappedByteBuffer window;
        private long windowStart;
        private long filePos;

        @Override
        public void page(byte[] page, int bytes) throws IOException {
            if (window == null || filePos + bytes > windowStart + window.capacity()) {
                windowStart = filePos;
                window = channel.map(FileChannel.MapMode.READ_WRITE, windowStart, Math.max(WINDOW_BYTES, bytes));
            }
            window.put((int) (filePos - windowStart), page, 0, bytes);
            filePos += bytes;
        }

        @Override
        public void end() throws IOException {
            // mapping a window grew the file to the window's end: cut the tail no page filled
            if (channel.isOpen() && channel.size() > filePos) {
                channel.truncate(filePos);
            }
        }
    }

    /** Each page written with {@code FileChannel.write}. */
    private final class WrittenOut implements PageOut {
        @Override
        public void page(byte[] page, int bytes) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(page, 0, bytes);
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        }

        @Override
        public void end() {
        }
    }

    /** The first row of a page no put has filled (a row's length stays -1 until filled). */
    private static int firstMissing(Slot slot, int rows) {
        for (int r = 0; r < rows; r++) {
            if (slot.lengths[r] < 0) {
                return r;
            }
        }
        return rows;
    }

    @Override
    public void finish(int totalLines) throws IOException {
        this.totalLines = totalLines;
        this.closed = true; // after every connection thread has ended: no put can come any more
        LockSupport.unpark(switcher);
        try {
            // every line that will come has come: the switcher only writes what is left
            switcher.join(Wire.livenessMillis());
            if (switcher.isAlive()) {
                abort();
                throw new IOException("the server's file has " + totalLines + " lines; " + written
                        + " were written and the rest never arrived", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the last pages were written");
        }
        if (failure != null) {
            throw failure;
        }
        if (written != totalLines) {
            throw new IOException("the server's file has " + totalLines + " lines; " + written + " were written");
        }
    }

    @Override
    public long written() {
        return written;
    }

    @Override
    public void abort() {
        aborted = true;
        LockSupport.unpark(switcher);
    }
}
