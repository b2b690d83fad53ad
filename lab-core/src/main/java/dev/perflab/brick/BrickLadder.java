package dev.perflab.brick;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;

/**
 * The brick mover ladder (report 003, LADDERS.md §4): a server holds a file of lines, a client asks for
 * them and writes each line's transform into a result file in the server file's order. Each rung is the
 * previous one with one change, server and client together; every rung's result is byte-exact.
 *
 * <h2>Beyond the report: r6–r9, from a per-thread CPU profile</h2>
 * On 2 cores both JVMs share the machine, so what a rung costs is CPU, not waiting; when other work shares
 * the cores too, CPU seconds, not wall seconds, are what a rung changes. Per-thread CPU
 * ({@code /proc/PID/task/*}/stat, utime + stime) and async-profiler CPU samples of {@code ./lab brick serve}
 * and {@code ./lab brick fetch} showed where r5's time goes. In its connection threads a quarter to nearly
 * half of the samples are the socket read (mostly sleeping and being woken: {@code finish_task_switch}), and
 * a sixth to a fifth each the write and a 20 µs poll for a page (server: the loader's next page; client: its
 * page's slot); in its loader and switcher half the samples or more are that poll. Hence, one change each:
 * <ul>
 *   <li>r6: responses at their own length, packed: 2.7 GB of 256-byte responses for a 1 GiB file become
 *       about 0.9 GB, and the client's reads shrink with them.</li>
 *   <li>r7: 2 connections per side, not 12: 12 threads per JVM on 2 cores spend their time handing the
 *       cores to each other, and fewer threads also make fewer failed CASes on the page counters.</li>
 *   <li>r8: the loader and the switcher sleep until the thread that frees their slot or fills their page
 *       wakes them, instead of polling every 20 µs.</li>
 *   <li>r9: 1,024 requests per write instead of 64: with packed responses a batch of 64 was 5 KB, and every
 *       batch cost each side a read, a write, a sleep and a wake-up.</li>
 * </ul>
 * The same profile showed the page loader's {@link LineScanner} slow per byte: its byte loop kept the
 * scanner's fields in memory; the loop now runs in locals ({@code printableRun}), for every rung and the
 * reference alike (its output unchanged, {@code LineScannerTest}). Per-thread figures for each rung:
 * the brick logs in docs/measurements/README.md.
 */
public final class BrickLadder {
    public static final String COMPONENT = "brick";

    /** The report's connection count: 12 connections, and a thread per connection on each side. */
    public static final int CONNECTIONS = 12;
    /** Requests per write from r2 on (the report's N). */
    public static final int BATCH_LINES = 64;
    /**
     * r9's requests per write: with packed responses (about 80 bytes a line) a batch of 64 is 5 KB, so each
     * connection thread made a read and a write system call, and slept and woke, every 64 lines; 1,024 lines
     * are about 80 KB a write.
     */
    public static final int LARGE_BATCH_LINES = 1024;
    /** r5's page groups: connection {@code c} works in group {@code c % GROUPS}. */
    public static final int GROUPS = 4;
    /**
     * r7's connections per side: one per core of the lab's machine (2), in as many groups. Fixed rather than
     * {@code availableProcessors()}: server and client must agree on it wherever each runs.
     */
    public static final int CORES = 2;

    static final MoverSettings R0 = new MoverSettings(1, 1, MoverSettings.Responses.EACH, MoverSettings.Table.SEQUENTIAL, false, 1, false,
            MoverSettings.Claim.CAS, false);
    static final MoverSettings R1 = R0.withConnections(CONNECTIONS);
    static final MoverSettings R2 = R1.withBatches(BATCH_LINES);
    static final MoverSettings R3 = R2.withPageTable();
    static final MoverSettings R4 = R3.withNio();
    static final MoverSettings R5 = R4.withGroupedPages(GROUPS);
    static final MoverSettings R6 = R5.withPackedResponses();
    static final MoverSettings R7 = R6.withConnectionsInGroups(CORES);
    static final MoverSettings R8 = R7.withWakeups();
    static final MoverSettings R9 = R8.withBatchLines(LARGE_BATCH_LINES);
    /** r5's table with every thread in one group: one hot page whose counter every claim fights over. */
    static final MoverSettings X_HOT_PAGE = R4.withGroupedPages(1);
    /** r3 with the claim of a row written by the learner ({@link StudentClaim}). */
    static final MoverSettings STUDENT = R3.withClaim(MoverSettings.Claim.EXERCISE);

    public static final Ladder<MoverSettings> LADDER = new Ladder<>(COMPONENT,
            "brick mover (report 003): a client fetches every line of a server's file and writes each transformed, in order",
            List.of(
                    new Entry<>("r0-blocking-per-line", Kind.RUNG,
                            "one connection, blocking socket streams, one request and one response per round trip", R0),
                    new Entry<>("r1-connections", Kind.RUNG,
                            CONNECTIONS + " connections and threads per side; the client reassembles lines in order", R1),
                    new Entry<>("r2-batched-requests", Kind.RUNG,
                            BATCH_LINES + " requests per write, fixed " + Protocol.FIXED_RESPONSE_BYTES
                                    + "-byte responses flushed " + BATCH_LINES + " at a time", R2),
                    new Entry<>("r3-cas-page-table", Kind.RUNG,
                            "server: file loaded into fixed-size pages, rows claimed by CAS; client: rows written into pages, "
                                    + "a page-switcher thread maps full pages into the file", R3),
                    new Entry<>("r4-nio-direct", Kind.RUNG, "SocketChannels, direct buffers, TCP_NODELAY", R4),
                    new Entry<>("r5-grouped-pages", Kind.RUNG,
                            "connections in " + GROUPS + " groups, each claiming on its own page; a double-buffered page "
                                    + "table filled by a loader thread while serving", R5),
                    new Entry<>("r6-packed-responses", Kind.RUNG,
                            "responses at their own length, packed back to back in a batch's write; the client parses "
                                    + "variable-length frames (about 80 bytes a line on the wire instead of "
                                    + Protocol.FIXED_RESPONSE_BYTES + ")", R6),
                    new Entry<>("r7-connection-per-core", Kind.RUNG,
                            CORES + " connections and threads per side (one per core here) in " + CORES
                                    + " groups, instead of " + CONNECTIONS, R7),
                    new Entry<>("r8-woken-waits", Kind.RUNG,
                            "the server's page loader and the client's page switcher sleep until the thread that frees "
                                    + "a slot or fills a page wakes them, instead of polling every 20 µs", R8),
                    new Entry<>("r9-large-batches", Kind.RUNG, LARGE_BATCH_LINES + " requests per write instead of "
                            + BATCH_LINES + ": a read and a write system call, and a sleep and wake-up, per "
                            + LARGE_BATCH_LINES + " lines", R9),
                    new Entry<>("x-hot-page", Kind.EXHIBIT,
                            "r5 with every thread on one page: CAS retries on its counter counted and shown", X_HOT_PAGE),
                    new Entry<>("student", Kind.EXERCISE,
                            "exercise \"claim a row by CAS\": r3 with the claim of a page's row written by you "
                                    + "(StudentClaim, exercises/README.md)", STUDENT)))
            .withContract(new BrickContract());

    private BrickLadder() {
    }
}
