package dev.perflab.brick;

/**
 * Every setting of the brick mover's server and client; both sides of a run use the same one. Each rung of
 * {@link BrickLadder} is the previous one with one {@code with…} call.
 *
 * @param connections     TCP connections, and threads, per side
 * @param batchLines      requests a client thread writes at once, and responses the server flushes at once
 * @param fixedResponses  responses padded to {@link Protocol#FIXED_RESPONSE_BYTES}, so N of them are one read
 * @param table           how the server hands out lines and the client puts them in order
 * @param nio             {@code SocketChannel}s with direct buffers and {@code TCP_NODELAY} instead of socket streams
 * @param groups          page groups on the server: connection {@code c} claims rows in group {@code c % groups}
 * @param loadInBackground the server's page table is double-buffered and filled by a loader thread while it serves
 * @param claim           how a server thread takes a row of a page ({@link Table#PAGES} only): the CAS of r3 on, or
 *                        the learner's {@link StudentClaim} (the {@code student} exercise)
 */
public record MoverSettings(int connections, int batchLines, boolean fixedResponses, Table table, boolean nio, int groups,
                            boolean loadInBackground, Claim claim) {
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

    public MoverSettings {
        if (connections < 1 || batchLines < 1 || groups < 1 || groups > connections) {
            throw new IllegalArgumentException("connections, batchLines ≥ 1 and 1 ≤ groups ≤ connections");
        }
    }

    public MoverSettings withConnections(int n) {
        return new MoverSettings(n, batchLines, fixedResponses, table, nio, groups, loadInBackground, claim);
    }

    /** N requests per write and N fixed-size responses per flush. */
    public MoverSettings withBatches(int lines) {
        return new MoverSettings(connections, lines, true, table, nio, groups, loadInBackground, claim);
    }

    public MoverSettings withPageTable() {
        return new MoverSettings(connections, batchLines, fixedResponses, Table.PAGES, nio, groups, loadInBackground, claim);
    }

    public MoverSettings withNio() {
        return new MoverSettings(connections, batchLines, fixedResponses, table, true, groups, loadInBackground, claim);
    }

    /** The same rung with its rows claimed by {@code how}. */
    public MoverSettings withClaim(Claim how) {
        return new MoverSettings(connections, batchLines, fixedResponses, table, nio, groups, loadInBackground, how);
    }

    /** Threads in {@code n} groups, each on its own page, and a page table filled in the background. */
    public MoverSettings withGroupedPages(int n) {
        return new MoverSettings(connections, batchLines, fixedResponses, table, nio, n, true, claim);
    }
}
