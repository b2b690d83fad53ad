package dev.perflab.brick;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * The server's page table (r3 on): the file's lines packed into fixed-size pages; connection threads claim
 * rows by CAS on a page's {@code claimed} counter, so no lock is held while a line is handed out.
 *
 * <pre>
 *  page (PAGE_BYTES of line bytes, at most MAX_ROWS rows)         slots (ring of pages)
 *  ┌────────────────────────────────────────────┐                  ┌────┬────┬────┬────┬─ ─ ─┐
 *  │ row 0 │ row 1 │ … │ row rows-1 │   unused   │  firstLine       │ p0 │ p1 │ p2 │ p3 │     │  page p in slot p % slots
 *  └────────────────────────────────────────────┘  claimed (CAS)   └────┴────┴────┴────┴─ ─ ─┘
 *   starts[r] .. starts[r+1]: row r's bytes          sent (add)
 *
 *  group g (connections c with c % groups == g) claims in page groupPage[g]: g, g + groups, g + 2·groups, …
 *  r3, r4:  one group, every page loaded before serving (slots = all pages)
 *  r5:      4 groups, 2 × groups slots: a loader thread fills the next pages while the current ones drain;
 *           a slot is refilled once every row of its page has been sent
 * </pre>
 *
 * <h2>Guarantees</h2>
 * Each row is claimed by exactly one successful CAS. A page's fields are written by the loader only while
 * {@code claimed} holds {@link #LOCKED} (no CAS can succeed on it), then published by the volatile store of
 * {@code claimed = 0}, and only then announced by {@code index = p}; a claimer reads them after its successful CAS, so it always sees the page its CAS
 * claimed in, even when a slot was refilled under it (the line number comes from the page, not from the
 * group's pointer). Failed CASes are counted per claimer ({@link LineSource.Claimer#casRetries}).
 * The claim itself is {@link #casClaim} (the {@code student} rung: the learner's {@link StudentClaim}).
 * With {@code wake} (r8 on) the loader, waiting for a slot to drain, parks; the server thread whose
 * {@code sent} increment is the page's last row unparks it. The loader re-checks the slot after every park
 * and a park's permit outlives an unpark that comes first, so no wake-up is lost; a park is also bounded by
 * {@link #WOKEN_WAIT_NANOS}.
 *
 * <h2>Why r3 is not faster than r2 here</h2>
 * r3 (and r4) load the whole file before the first line goes out: the load is on the clock and overlaps
 * nothing, where r2 reads line by line while it serves. On 2 cores the CAS buys little in return: r2's lock is
 * held for one line's copy, and 12 threads on 2 cores rarely find it taken. Timed with {@code ./lab brick
 * move}, the whole-file load took a large part of r3's time, and the garbage collector slowed it further: one
 * {@code byte[]} of 1 MiB per page, young and live, was copied by every young collection during the load
 * ({@code -Xlog:gc} showed the pauses growing with the table). Pages now sit side by side in arrays of
 * {@link #CHUNK_PAGES} pages, allocated straight in the old generation, so young collections no longer copy
 * them: fewer pauses, and far shorter ones. What is left is the design the report's post-mortem fixed: r5
 * fills a double-buffered table while it serves (figures: the brick logs in docs/measurements/README.md).
 */
public final class PageTable implements LineSource {
    /** Bytes of line content per page. */
    static final int PAGE_BYTES = 1 << 20;
    /** Rows per page at most (empty lines take no bytes). */
    static final int MAX_ROWS = 1 << 14;
    /** {@code claimed} while the loader fills a page: above any row count, so no claim succeeds. */
    static final int LOCKED = Integer.MAX_VALUE;
    /** Slots per group when loading in the background: one page draining, one filling. */
    static final int SLOTS_PER_GROUP = 2;
    private static final long WAIT_NANOS = 20_000;
    /**
     * With {@code wake} (r8 on) the loader parks until a server thread wakes it; this bounds a park all the
     * same, so a wake-up that could be missed costs at most this long.
     */
    static final long WOKEN_WAIT_NANOS = 1_000_000;

    /** {@code Page.claimed}, for a compare-and-set (the exercise's {@link StudentClaim} may use it). */
    static final VarHandle CLAIMED;
    private static final VarHandle SENT;
    private static final VarHandle GROUP_PAGE = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CLAIMED = l.findVarHandle(Page.class, "claimed", int.class);
            SENT = l.findVarHandle(Page.class, "sent", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Pages per array when the whole file is loaded: one {@code byte[]} of {@value #CHUNK_PAGES} MiB holds that
     * many pages side by side. An array that large is "humongous" for G1 whatever its region size (at most
     * 32 MiB, humongous from half a region), so it is allocated straight in the old generation and never
     * copied. One 1 MiB array per page is young and live: every young collection during the load copied the
     * whole table loaded so far (r3's load of 256 MB: 11 pauses, 1.4 s; see the class comment).
     */
    static final int CHUNK_PAGES = 32;

    /**
     * One page; see the class comment for who writes which field when. Its bytes are {@code data[base ..
     * base + PAGE_BYTES)}; {@code starts} holds absolute indexes into {@code data}.
     */
    static final class Page {
        final byte[] data;
        final int base;
        final int[] starts = new int[MAX_ROWS + 1];
        int rows;
        int firstLine;
        volatile int index = -1;
        volatile int claimed = LOCKED;
        volatile int sent;

        /** A page with its own array (the double-buffered table's few slots). */
        Page() {
            this(new byte[PAGE_BYTES], 0);
        }

        Page(byte[] data, int base) {
            this.data = data;
            this.base = base;
        }
    }

    /** Where the loader reads from (a test or benchmark may hand it an endless stream). */
    @FunctionalInterface
    public interface InputSupplier {
        InputStream open() throws IOException;
    }

    private final Path file;
    private final InputSupplier input;
    private final int groups;
    private final Page[] slots;
    private final int[] groupPage;
    private final Thread loader;
    private final RowClaim rowClaim;
    private final long sizeBytes;
    /** The loader sleeps until the server thread that sends a page's last row wakes it (r8 on). */
    private final boolean wake;
    /** The loader's current chunk of pages (whole-file load only) and the bytes of it handed to pages. */
    private byte[] chunk;
    private int chunkUsed;
    private volatile int totalPages = -1;
    private volatile int totalLines = -1;
    private volatile IOException loadFailure;

    /**
     * @param background fill the table in a loader thread while serving ({@code SLOTS_PER_GROUP × groups} pages),
     *                   else load every page now, before returning
     */
    public PageTable(Path file, int groups, boolean background) throws IOException {
        this(file, () -> Files.newInputStream(file), Files.size(file), groups, background, MoverSettings.Claim.CAS);
    }

    /** Claims rows as {@code claim} says (the {@code student} rung: the learner's {@link StudentClaim}). */
    public PageTable(Path file, int groups, boolean background, MoverSettings.Claim claim) throws IOException {
        this(file, () -> Files.newInputStream(file), Files.size(file), groups, background, claim);
    }

    /**
     * As above; with {@code wake} the loader, waiting for a slot whose page is still being sent, sleeps until
     * the thread that sends that page's last row wakes it, instead of polling every {@link #WAIT_NANOS} (r8).
     */
    public PageTable(Path file, int groups, boolean background, MoverSettings.Claim claim, boolean wake) throws IOException {
        this(file, () -> Files.newInputStream(file), Files.size(file), groups, background, rowClaim(claim), wake);
    }

    /** Opens its input through {@code input}; {@code sizeBytes} sizes the table when loading all of it. */
    public PageTable(Path file, InputSupplier input, long sizeBytes, int groups, boolean background) throws IOException {
        this(file, input, sizeBytes, groups, background, MoverSettings.Claim.CAS);
    }

    /** As above, claiming rows as {@code claim} says. */
    public PageTable(Path file, InputSupplier input, long sizeBytes, int groups, boolean background, MoverSettings.Claim claim)
            throws IOException {
        this(file, input, sizeBytes, groups, background, rowClaim(claim), false);
    }

    /** As above, claiming rows with {@code rowClaim} (a test's own claim). */
    PageTable(Path file, InputSupplier input, long sizeBytes, int groups, boolean background, RowClaim rowClaim)
            throws IOException {
        this(file, input, sizeBytes, groups, background, rowClaim, false);
    }

    /** As above; {@code wake}: the loader sleeps until woken (r8 on). */
    PageTable(Path file, InputSupplier input, long sizeBytes, int groups, boolean background, RowClaim rowClaim, boolean wake)
            throws IOException {
        this.file = file;
        this.wake = wake;
        this.rowClaim = rowClaim;
        this.sizeBytes = sizeBytes;
        this.input = input;
        this.groups = groups;
        this.groupPage = new int[groups];
        for (int g = 0; g < groups; g++) {
            groupPage[g] = g;
        }
        long size = sizeBytes;
        int slotCount = background ? SLOTS_PER_GROUP * groups
                : (int) Math.min(Integer.MAX_VALUE - 8, size / (PAGE_BYTES - Bricks.MAX_LINE_BYTES) + size / (2L * MAX_ROWS) + 2);
        this.slots = new Page[slotCount];
        if (background) {
            for (int i = 0; i < slotCount; i++) {
                slots[i] = new Page();
            }
            loader = new Thread(this::loadQuietly, "brick-page-loader");
            loader.setDaemon(true);
            loader.start();
        } else {
            loader = null;
            load();
        }
    }

    private void loadQuietly() {
        try {
            load();
        } catch (IOException e) {
            loadFailure = e;
        } catch (RuntimeException | Error e) {
            loadFailure = new IOException("page loader failed: " + e, null); // claimers must not wait for it
        }
    }

    private void load() throws IOException {
        try (InputStream in = input.open()) {
            LineScanner scanner = new LineScanner(file, in);
            int p = 0;
            long loadedBytes = 0;
            Page page = acquire(p, loadedBytes);
            page.firstLine = 0;
            while (scanner.next()) {
                int len = scanner.length();
                int end = page.starts[page.rows];
                if (page.rows == MAX_ROWS || end - page.base + len > PAGE_BYTES) {
                    publish(page, p);
                    int next = page.firstLine + page.rows;
                    page = acquire(++p, loadedBytes);
                    page.firstLine = next;
                    end = page.base;
                }
                System.arraycopy(scanner.buffer(), scanner.offset(), page.data, end, len);
                page.starts[++page.rows] = end + len;
                loadedBytes += len + Bricks.EOL_BYTES;
            }
            publish(page, p);
            totalLines = (int) scanner.lines();
            totalPages = p + 1;
        }
    }

    /**
     * The slot for page {@code p}, locked and empty; waits until its previous page was fully sent. A slot
     * never used yet (the whole file loaded) gets the next page of the current chunk, a new chunk sized to
     * what is left of the file ({@code loadedBytes} of {@code sizeBytes} loaded) when it is used up.
     */
    private Page acquire(int p, long loadedBytes) throws IOException {
        int s = p % slots.length;
        Page page = slots[s];
        if (page == null) {
            if (chunk == null || chunkUsed == chunk.length) {
                long pagesLeft = Math.max(1, (sizeBytes - loadedBytes) / PAGE_BYTES + 1);
                chunk = new byte[(int) Math.min(CHUNK_PAGES, pagesLeft) * PAGE_BYTES];
                chunkUsed = 0;
            }
            page = slots[s] = new Page(chunk, chunkUsed);
            chunkUsed += PAGE_BYTES;
        } else {
            while (page.index >= 0 && (page.claimed != page.rows || page.sent != page.rows)) {
                LockSupport.parkNanos(this, wake ? WOKEN_WAIT_NANOS : WAIT_NANOS);
                if (Thread.currentThread().isInterrupted()) {
                    throw new java.io.InterruptedIOException("page loader stopped");
                }
            }
        }
        page.claimed = LOCKED;
        page.sent = 0;
        page.rows = 0;
        page.starts[0] = page.base;
        return page;
    }

    /**
     * Opens a filled page: {@code claimed = 0} releases every field written while it was locked, then
     * {@code index = p} tells claimers waiting for page {@code p}. In the other order a claimer could see the
     * new index with the counter still {@link #LOCKED}, take the page for used up and skip it.
     */
    private static void publish(Page page, int p) {
        page.claimed = 0;
        page.index = p;
    }

    /** {@link #claimIn} found group {@code g}'s next page not loaded yet. */
    private static final long NOT_READY = -2;

    /**
     * Claims in the claimer's group first; a group whose pages are used up, or whose next page is not loaded
     * yet, sends the claimer on to the next group, so no thread waits while another group's page has rows.
     */
    @Override
    public long next(Claimer claimer, byte[] dst) throws IOException {
        for (;;) {
            boolean waiting = false;
            for (int k = 0; k < groups; k++) {
                long r = claimIn((claimer.group + k) % groups, claimer, dst);
                if (r >= 0) {
                    return r;
                }
                waiting |= r == NOT_READY;
            }
            if (!waiting) {
                return -1;
            }
            LockSupport.parkNanos(WAIT_NANOS);
        }
    }

    /** Claims a row in group {@code g}'s pages; -1 once the group has no page left, {@link #NOT_READY} if its page is not loaded yet. */
    private long claimIn(int g, Claimer claimer, byte[] dst) throws IOException {
        for (;;) {
            int p = (int) GROUP_PAGE.getVolatile(groupPage, g);
            Page page = loaded(p);
            if (page == null) {
                return totalPages >= 0 && p >= totalPages ? -1 : NOT_READY;
            }
            int r = page.index == p ? rowClaim.claim(page, claimer) : -1;
            if (r < 0) {
                // page p is used up (or already replaced by a later page in its slot): the group moves on
                GROUP_PAGE.compareAndSet(groupPage, g, p, p + groups);
                continue;
            }
            if (r >= page.rows) {
                throw new IllegalStateException("a claim returned row " + r + " of a page with " + page.rows
                        + " rows: a claim returns a row below page.rows, or -1");
            }
            int from = page.starts[r];
            int len = page.starts[r + 1] - from;
            int lineNo = page.firstLine + r;
            int n = BrickTransform.transform(lineNo, page.data, from, len, dst, 0);
            if ((int) SENT.getAndAdd(page, 1) + 1 == page.rows && wake && loader != null) {
                LockSupport.unpark(loader); // the page's last row: its slot is free for the loader (r8 on)
            }
            return LineSource.packed(lineNo, n);
        }
    }

    /**
     * How a thread takes one row of an open page: returns the row, which no other call returns for this page
     * (until the loader refills it), or -1 once every row of the page is taken. Called by every server
     * connection thread at once, on the same page.
     */
    @FunctionalInterface
    interface RowClaim {
        int claim(Page page, Claimer claimer);
    }

    /**
     * r3's claim, the reference: read the counter; if rows are left, CAS it one up; a failed CAS means another
     * thread took that row, so count the retry and read again. The counter never passes {@code rows}: the
     * loader refills a slot only once {@code claimed == rows} and every row was sent.
     */
    static int casClaim(Page page, Claimer claimer) {
        for (;;) {
            int r = page.claimed;
            if (r >= page.rows) {
                return -1;
            }
            if (CLAIMED.compareAndSet(page, r, r + 1)) {
                return r;
            }
            claimer.casRetries++;
        }
    }

    /** The rung's claim. */
    static RowClaim rowClaim(MoverSettings.Claim how) {
        return how == MoverSettings.Claim.EXERCISE ? new StudentClaim()::claim : PageTable::casClaim;
    }

    /**
     * The first page (still in its slot) whose counter says other than every row taken, as {@code "page P:
     * claimed C of R rows"}; null when all agree. For checks after every row was handed out.
     */
    String counterMismatch() {
        for (Page page : slots) {
            if (page != null && page.index >= 0 && page.claimed != page.rows) {
                return "page " + page.index + ": claimed counter at " + page.claimed + " after its " + page.rows
                        + " rows were handed out";
            }
        }
        return null;
    }

    /** Page {@code p} if loaded (or the later page that replaced it), else null; throws the loader's failure. */
    private Page loaded(int p) throws IOException {
        Page page = slots[p % slots.length];
        if (page != null && page.index >= p) {
            return page;
        }
        IOException failure = loadFailure;
        if (failure != null) {
            throw failure;
        }
        return null;
    }

    @Override
    public int totalLines() {
        return totalLines;
    }

    @Override
    public void close() {
        if (loader != null) {
            loader.interrupt();
        }
    }
}
