package dev.perflab.brick;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The client's page table (r3 on): line {@code i} goes to row {@code i % ROWS} of page {@code i / ROWS};
 * connection threads copy each result straight into its row, with no lock, and a page-switcher thread
 * writes each full page to the file, in page order, then hands its slot to page {@code p + SLOTS}.
 *
 * <pre>
 *  slot s holds page p (p % SLOTS == s)        page-switcher thread
 *  ┌─────────────────────────────────────┐     for p = 0, 1, 2, …:
 *  │ row 0: len │ up to 256 bytes        │       wait until filled[p] == rows of p
 *  │ row 1: len │ …                      │       rows + \r\n → one buffer → FileChannel.write
 *  │ …          filled (atomic count)    │       slot s ← page p + SLOTS
 *  └─────────────────────────────────────┘
 * </pre>
 *
 * <h2>Guarantees</h2>
 * A writer copies into its row only once the slot's {@code page} (volatile) equals its page, and then
 * increments {@code filled} (a release); the switcher reads the rows after seeing {@code filled} reach the
 * page's row count (an acquire). The switcher resets {@code filled} before publishing the slot's next page.
 * Memory: {@code SLOTS × ROWS × ROW_BYTES}, allocated once.
 */
public final class ClientPages implements ResultSink {
    static final int ROWS = 1 << 12;
    static final int ROW_BYTES = Protocol.FIXED_RESPONSE_BYTES;
    /** Pages in the ring: enough for the spread of lines r5's groups have in flight at once. */
    static final int SLOTS = 32;
    private static final long WAIT_NANOS = 20_000;

    private static final class Slot {
        final byte[] rows = new byte[ROWS * ROW_BYTES];
        final short[] lengths = new short[ROWS];
        final AtomicInteger filled = new AtomicInteger();
        volatile int page;
    }

    private final FileChannel channel;
    private final Slot[] slots = new Slot[SLOTS];
    private final Thread switcher;
    private volatile int totalLines = -1;
    private volatile long written;
    private volatile boolean aborted;
    private volatile boolean closed;
    private volatile IOException failure;

    public ClientPages(FileChannel channel) {
        this.channel = channel;
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
            long deadline = System.nanoTime() + Wire.LIVENESS_MILLIS * 1_000_000L;
            while (slot.page != page) {
                waitABit();
                if (System.nanoTime() > deadline) {
                    throw new IOException("line " + lineNo + " waited " + Wire.LIVENESS_MILLIS
                            + " ms for its page: the lines before it never arrived", null);
                }
            }
        }
        src.get(at, slot.rows, row * ROW_BYTES, len);
        slot.lengths[row] = (short) len;
        slot.filled.incrementAndGet();
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
        byte[] out = new byte[ROWS * (ROW_BYTES + Bricks.EOL_BYTES)];
        try {
            for (int p = 0; ; p++) {
                Slot slot = slots[p % SLOTS];
                int rows;
                for (;;) {
                    int total = totalLines;
                    rows = total < 0 ? ROWS : (int) Math.min(ROWS, Math.max(0, total - (long) p * ROWS));
                    if (slot.filled.get() == rows) {
                        break;
                    }
                    if (aborted) {
                        return;
                    }
                    if (closed) { // every put is done, so this page's missing rows will never come
                        failure = new IOException("the server's file has " + total + " lines; line "
                                + ((long) p * ROWS + firstMissing(slot, rows)) + " never arrived", null);
                        return;
                    }
                    LockSupport.parkNanos(WAIT_NANOS);
                }
                if (rows == 0) {
                    return;
                }
                int n = 0;
                for (int r = 0; r < rows; r++) {
                    int len = slot.lengths[r];
                    System.arraycopy(slot.rows, r * ROW_BYTES, out, n, len);
                    n += len;
                    out[n++] = '\r';
                    out[n++] = '\n';
                }
                ByteBuffer buf = ByteBuffer.wrap(out, 0, n);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
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
        try {
            // every line that will come has come: the switcher only writes what is left
            switcher.join(Wire.LIVENESS_MILLIS);
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
    }
}
