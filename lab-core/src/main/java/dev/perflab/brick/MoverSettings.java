package dev.perflab.brick;

/**
 * Every setting of the brick mover's server and client; both sides of a run use the same one. Each rung of
 * {@link BrickLadder} is the previous one with one {@code with…} call.
 *
 * @param connections     TCP connections, and threads, per side
 * @param batchLines      requests a client thread writes at once, and responses the server flushes at once
 * @param responses       how responses are framed and read: one at a time, padded to a fixed size, or packed
 * @param table           how the server hands out lines and the client puts them in order
 * @param nio             {@code SocketChannel}s with direct buffers and {@code TCP_NODELAY} instead of socket streams
 * @param groups          page groups on the server: connection {@code c} claims rows in group {@code c % groups}
 * @param loadInBackground the server's page table is double-buffered and filled by a loader thread while it serves
 * @param claim           how a server thread takes a row of a page ({@link Table#PAGES} only): the CAS of r3 on, or
 *                        the learner's {@link StudentClaim} (the {@code student} exercise)
 * @param wake            ({@link Table#PAGES} only) the server's page loader and the client's page switcher sleep
 *                        until the thread that frees a slot or fills a page wakes them, instead of polling
 */
public record MoverSettings(int connections, int batchLines, Responses responses, Table table, boolean nio, int groups,
                            boolean loadInBackground, Claim claim, boolean wake) {
    /** How the server frames a batch's responses and the client reads them ({@link Protocol} draws them). */
    public enum Responses {
        /** Header + result at its own length; the client reads each with two reads, header then body (r0, r1). */
        EACH,
        /** Each response padded to {@link Protocol#FIXED_RESPONSE_BYTES}: N requests are answered by one read of 256·N bytes (r2–r5). */
        FIXED,
        /** Header + result at its own length, back to back: the client parses N variable-length frames from its reads (r6 on). */
        PACKED
    }

    /** How lines are handed out and reassembled. */
    public enum Table {
        /** Server: one reader under a lock hands out the next line. Client: a reorder buffer in front of the file. */
        SEQUENTIAL,
        /** Server: pages of rows claimed by CAS. Client: rows written into pages, a switcher writes full pages. */
        PAGES
    }

    /** How a server thread claims the next row of a page in the page table. */
    public enum Claim {
        /** A compare-and-set on the page's counter, retried on failure, never past the page's last row (r3 on). */
        CAS,
        /** The learner's {@link StudentClaim} (exercise "claim a row by CAS"); only the {@code student} rung uses it. */
        EXERCISE
    }

    /** Responses padded to {@link Protocol#FIXED_RESPONSE_BYTES}. */
    public boolean fixedResponses() {
        return responses == Responses.FIXED;
    }

    public MoverSettings {
        if (connections < 1 || batchLines < 1 || groups < 1 || groups > connections) {
            throw new IllegalArgumentException("connections, batchLines ≥ 1 and 1 ≤ groups ≤ connections");
        }
    }

    public MoverSettings withConnections(int n) {
        return new MoverSettings(n, batchLines, responses, table, nio, groups, loadInBackground, claim, wake);
    }

    /** N requests per write and N fixed-size responses per flush. */
    public MoverSettings withBatches(int lines) {
        return new MoverSettings(connections, lines, Responses.FIXED, table, nio, groups, loadInBackground, claim, wake);
    }

    public MoverSettings withPageTable() {
        return new MoverSettings(connections, batchLines, responses, Table.PAGES, nio, groups, loadInBackground, claim, wake);
    }

    public MoverSettings withNio() {
        return new MoverSettings(connections, batchLines, responses, table, true, groups, loadInBackground, claim, wake);
    }

    /** The same rung with its rows claimed by {@code how}. */
    public MoverSettings withClaim(Claim how) {
        return new MoverSettings(connections, batchLines, responses, table, nio, groups, loadInBackground, how, wake);
    }

    /** Responses at their own length, packed back to back in a batch's write. */
    public MoverSettings withPackedResponses() {
        return new MoverSettings(connections, batchLines, Responses.PACKED, table, nio, groups, loadInBackground, claim, wake);
    }

    /** {@code n} connections (and threads) per side in {@code n} groups: one group, one page, per connection. */
    public MoverSettings withConnectionsInGroups(int n) {
        return new MoverSettings(n, batchLines, responses, table, nio, n, loadInBackground, claim, wake);
    }

    /** {@code lines} requests per write and responses per batch, the framing unchanged. */
    public MoverSettings withBatchLines(int lines) {
        return new MoverSettings(connections, lines, responses, table, nio, groups, loadInBackground, claim, wake);
    }

    /** The loader and the switcher woken by the thread that frees a slot or fills a page, instead of polling. */
    public MoverSettings withWakeups() {
        return new MoverSettings(connections, batchLines, responses, table, nio, groups, loadInBackground, claim, true);
    }

    /** Threads in {@code n} groups, each on its own page, and a page table filled in the background. */
    public MoverSettings withGroupedPages(int n) {
        return new MoverSettings(connections, batchLines, responses, table, nio, n, true, claim, wake);
    }
}
