package dev.perflab.sha;

import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;

/**
 * The SHA-256 pipeline ladder (report 002, LADDERS.md §3). Each rung is the previous one with one change,
 * written as one {@code with…} call; the summary says what changed and which report step it is.
 *
 * <p>The report's steps 1 and 2 (a lost-update counter and a shared {@code MessageDigest}) are bugs, so
 * they are exhibits ({@code x-…}: r0 with the bug put back, see {@link CountPolicy#UNSYNCHRONIZED_EXHIBIT} and
 * {@link DigestPolicy#SHARED_ACROSS_THREADS_EXHIBIT}); r0 already has both
 * fixes. Step 9 changed nothing but the target. Steps 14 (a 100 Mbit NIC) and 16 (a newer JDK) are not code: {@code --link} and {@code --jdk}
 * show them. r13 to r17 go beyond the report: several r12 streams, so the pipeline's single-threaded
 * stages scale with the cores (r13); run to completion, one thread per stream and one stream per core
 * (r14); whole-frame socket I/O without stream buffers or flusher threads (r15); payloads that share
 * their mixes in the generator (r16); frames of 4,096 tasks (r17); and Unix domain sockets between roles
 * on one host (r18). The last entry is the learner's ({@code student}, an exercise): checked and run only when named.
 */
public final class ShaLadder {
    public static final String COMPONENT = "sha-pipeline";

    /** Tasks per generator frame from r7 on, and per executor run from r12 on. */
    public static final int BATCH_TASKS = 1000;
    /** The executor's run size from r7 to r11: smaller than the generator's batches, as in the report. */
    public static final int MISMATCHED_RUN_TASKS = 100;
    /** r8's generator tick, the report's "a batch every 10 ms" (applies with --rate). */
    public static final int TICK_MILLIS = 10;

    static final PipelineSettings R0 = new PipelineSettings(1, 1, false, false, PoolPolicy.CACHED, CountPolicy.ATOMIC, false,
            false, false, DigestPolicy.NEW_PER_TASK, 1, 1, false, false, false);
    static final PipelineSettings R1 = R0.withPool(PoolPolicy.CORES_PLUS_ONE);
    static final PipelineSettings R2 = R1.withCount(CountPolicy.POOL_COMPLETED);
    static final PipelineSettings R3 = R2.withBufferedStreams();
    static final PipelineSettings R4 = R3.withTimedFlush();
    static final PipelineSettings R5 = R4.withPool(PoolPolicy.CORES_PLUS_ONE_BOUNDED);
    static final PipelineSettings R6 = R5.withCollectorReservoir();
    /** The pool's completed-task count counts pool tasks, not tasks, once a pool task is a batch: back to an atomic. */
    static final PipelineSettings R7 = R6.withCount(CountPolicy.ATOMIC).withBatches(BATCH_TASKS, MISMATCHED_RUN_TASKS);
    static final PipelineSettings R8 = R7.withSenderThread(TICK_MILLIS);
    static final PipelineSettings R9 = R8.withBuffersOnce();
    static final PipelineSettings R10 = R9.withDigest(DigestPolicy.ONE_PER_BATCH);
    static final PipelineSettings R11 = R10.withDigest(DigestPolicy.THREAD_LOCAL_INTO_OUTPUT);
    static final PipelineSettings R12 = R11.withBatches(BATCH_TASKS, BATCH_TASKS);
    /**
     * Beyond the report: one stream per group of cores. r12 keeps four threads busy in every stream
     * (generator, executor reader and sender, collector reader), whatever the core count, so on a machine with
     * many cores it reaches a small share of the all-core ceiling and leaves much of the CPU unused (figures:
     * the sha-pipeline logs in docs/measurements/README.md). r13 runs one whole r12 stream per
     * {@link PipelineSettings#CORES_PER_STREAM} cores (4 on 16 cores, 1 on 2), each with its own two
     * connections, threads and share of the workers; counts are added up across streams and each stream's
     * end frames still conserve them.
     */
    static final PipelineSettings R13 = R12.withStreams(0);
    /**
     * Beyond the report: run to completion. In r12 and r13 every 1,000-task run changes threads
     * twice (reader → pool worker → sender), each hand-off a queue, a wake-up and on 2 cores often a context
     * switch, and three workers plus a reader and a sender share 2 cores with the generator and the
     * collector. r14 has no pool and no sender thread: the stream's one thread reads a frame, digests it
     * while it is still in cache and writes the results, and the cores are used by running one whole stream
     * per core ({@link PipelineSettings#streamCount()}) instead of one pool per stream. Backpressure is TCP's:
     * a busy executor stops reading and its socket buffer fills, so a backlog waits unread in the socket,
     * never read and unexecuted.
     *
     * <p>Evidence: async-profiler on r12's three JVMs put about half of their CPU in the digest loop; the rest
     * went to the executor's socket reads and its hand-offs (reader → pool, worker → sender: a twelfth of the
     * executor in queue and park/unpark code alone), the sender's writes, two 1 ms timer threads, the
     * generator's payloads and writes and the collector's reads. In r14's profile the hand-off code is gone,
     * but the digest loop's share was no higher: the 1 ms flushers, now one per stream, took a tenth of the
     * executor (r15 removes them). Fewer wake-ups per task pay where other work contends for the cores; with
     * both cores free for the pipeline r14 gains nothing over r12 (measurements:
     * the sha-pipeline logs in docs/measurements/README.md).
     */
    static final PipelineSettings R14 = R13.withRunToCompletion();
    /**
     * Beyond the report: whole-frame socket I/O. r14 still wrote through a 64 KiB
     * {@code BufferedOutputStream} drained by a flusher thread every 1 ms in the generator and the executor, and
     * read through a {@code BufferedInputStream}: every frame copied into the stream's buffer and out again,
     * a header read field by field, and a timer thread waking 1,000 times a second per connection, which took
     * 7–9% of the generator's and the executor's CPU in r14's profile. r15 writes each frame with one call
     * (it is whole when written, so nothing waits for a flush and there is no flusher), and reads with
     * {@link FrameIn}: one read takes whatever has arrived into a buffer, and the executor digests (the
     * collector samples) the records where they lie. Since the thread that digests a run also writes it, and
     * the write returns once the kernel holds the bytes, a stream needs one result frame, reused while it is in
     * cache, not a pool of 64 cycled through (2.5 MB, more than a core's L2).
     *
     * <p>An earlier trial of "whole frames without stream buffers or flusher" (before r14) was slower than r12
     * for a cause not found; through an unbuffered {@code DataInputStream} each 4-byte header costs four read
     * calls on the socket ({@link Frames#readHeader(java.io.DataInputStream, int, String)}), which {@link FrameIn}
     * avoids. Profile and measurements: the sha-pipeline logs in docs/measurements/README.md.
     */
    static final PipelineSettings R15 = R14.withWholeFrames();
    /**
     * Beyond the report: cheaper payloads in the generator. A task's payload is four SplitMix64
     * outputs, those of states (id + 1)·γ to (id + 4)·γ ({@link Payloads#fill}), so task id + 1's payload shares
     * three outputs with task id's. r16's generator computes each output of a frame once
     * ({@link Payloads#fillConsecutive}: n + 3 mixes for n tasks instead of 4·n) and writes it where it
     * belongs; the bytes on the wire are the same, and the collector still rebuilds each sampled payload from
     * its id alone. In r15's profile filling payloads was about a quarter of the generator's samples and half
     * of its sending thread's.
     */
    static final PipelineSettings R16 = R15.withSharedPayloadMixes();
    /**
     * Beyond the report: frames of {@link Frames#MAX_RECORDS} = 4,096 tasks instead of the report's 1,000, in
     * every stage. In r16's profile (async-profiler, 1 ms CPU samples of the three JVMs) the collector's stream
     * threads spent 42% of their samples in the kernel's context switch and the executor's 7%: each frame is a
     * read, a write and a wake-up on each side, and six busy threads share two cores. A frame four times larger
     * is a quarter of those per task.
     *
     * <p>The gain is small: in alternated runs of {@code ./lab run sha-pipeline --rung r16,r17}, r17 was level
     * with r16 or a few percent ahead in tasks/s (measurements: the sha-pipeline logs in docs/measurements/README.md).
     * Tried on r15 before r15 kept one result frame per stream, 4,096-task frames had been slower
     * (the sha-pipeline logs in docs/measurements/README.md).
     */
    static final PipelineSettings R17 = R16.withBatches(Frames.MAX_RECORDS, Frames.MAX_RECORDS);
    /**
     * Beyond the report: Unix domain sockets between roles that share a host. In r16's profile
     * the kernel's send and receive path was 16% of the executor's threads and most of the collector's and
     * the generator's own work; loopback TCP runs each byte through the whole TCP/IP stack (segments, acks,
     * the loopback device, a softirq) to reach a process on the same machine. An {@code AF_UNIX} stream socket
     * queues the sender's buffer on the receiver's socket directly. Same frames, same role code
     * ({@link dev.perflab.net.Connection}); only the address the lab hands the roles changes, so r18 runs only
     * where the lab starts all three on one host (not across {@code --link}'s namespaces, nor between hosts).
     *
     * <p>Why it should pay: a probe with one thread writing 164 KB frames and one reading them in one JVM spent
     * about half to four fifths as much CPU per byte over a Unix socket as over loopback TCP, and every task
     * crosses two such hops.
     *
     * <p>Alternated runs of {@code ./lab run sha-pipeline --rung r17,r18}, each with its own ceiling, put r18 a
     * sixth to over a quarter ahead of r17 in tasks/s, whichever ran first (measurements:
     * the sha-pipeline logs in docs/measurements/README.md).
     */
    static final PipelineSettings R18 = R17.withUnixSockets();

    public static final Ladder<PipelineSettings> LADDER = new Ladder<PipelineSettings>(COMPONENT,
            "SHA-256 pipeline (report 002): generator → executor → collector over TCP", List.of(
            new Entry<>("r0-task-per-thread", Kind.RUNG,
                    "44-byte task frames, unbuffered data streams, flush per task, cached pool, collector keeps every result",
                    R0),
            new Entry<>("r1-pool-cores-plus-1", Kind.RUNG, "step 3: fixed pool of cores + 1 threads", R1),
            new Entry<>("r2-pool-counters", Kind.RUNG,
                    "step 4: executed count read from the pool's completed-task count, no atomic per task", R2),
            new Entry<>("r3-buffered-streams", Kind.RUNG,
                    "step 5: 64 KiB buffered streams, so a frame is one write, not one per field", R3),
            new Entry<>("r4-timed-flush", Kind.RUNG, "step 6: a flusher thread every 1 ms instead of a flush per task", R4),
            new Entry<>("r5-bounded-queue", Kind.RUNG,
                    "step 7: bounded pool queue; when full the reader waits (nothing rejected or lost)", R5),
            new Entry<>("r6-reservoir", Kind.RUNG,
                    "step 8: collector keeps a 1,024-result reservoir sample, not every result", R6),
            new Entry<>("r7-batches", Kind.RUNG,
                    "step 10: 1,000-task frames; the executor runs 100 tasks per pool task and frame, counted by an atomic add per run", R7),
            new Entry<>("r8-sender-thread", Kind.RUNG,
                    "step 11: workers queue result frames for one sender thread; generator ticks every 10 ms", R8),
            new Entry<>("r9-buffers-once", Kind.RUNG, "step 11: frame buffers from pools allocated once", R9),
            new Entry<>("r10-digest-per-batch", Kind.RUNG, "step 12: one MessageDigest per batch, reset and reused", R10),
            new Entry<>("r11-thread-local-digest", Kind.RUNG,
                    "step 13: thread-local digest written straight into the result buffer", R11),
            new Entry<>("r12-matched-batches", Kind.RUNG,
                    "step 15: 1,000 tasks per frame and per run in every stage", R12),
            new Entry<>("r13-stream-per-4-cores", Kind.RUNG,
                    "beyond the report: one r12 stream (own connections, threads and share of the workers) per "
                            + PipelineSettings.CORES_PER_STREAM + " cores, counts added up", R13),
            new Entry<>("r14-run-to-completion", Kind.RUNG,
                    "beyond the report: no pool, no sender thread; each stream's one thread reads a frame, digests it and"
                            + " writes the results, one stream per core", R14),
            new Entry<>("r15-whole-frames", Kind.RUNG,
                    "beyond the report: each frame written with one call and read in place from a connection buffer;"
                            + " no stream buffers, no flusher threads", R15),
            new Entry<>("r16-shared-payload-mixes", Kind.RUNG,
                    "beyond the report: the generator computes each SplitMix64 output of a frame's payloads once"
                            + " (consecutive payloads share three of four); the same bytes", R16),
            new Entry<>("r17-big-frames", Kind.RUNG,
                    "beyond the report: 4,096-task frames in every stage, a quarter of the reads, writes and wake-ups per task", R17),
            new Entry<>("r18-unix-sockets", Kind.RUNG,
                    "beyond the report: roles on one host connected by Unix domain sockets instead of loopback TCP", R18),
            new Entry<>("x-non-atomic-counter", Kind.EXHIBIT,
                    "step 1's bug: r0 counting executed tasks with count += n on a volatile long from every worker (loses counts)",
                    R0.withCount(CountPolicy.UNSYNCHRONIZED_EXHIBIT)),
            new Entry<>("x-shared-digest", Kind.EXHIBIT,
                    "step 2's bug: r4 with one MessageDigest shared by every worker (wrong digests)",
                    R4.withDigest(DigestPolicy.SHARED_ACROSS_THREADS_EXHIBIT)),
            new Entry<>("student", Kind.EXERCISE,
                    "exercise \"stop losing counts\": r0 with the executor's counter written by you (StudentCounter, exercises/README.md)",
                    R0.withCount(CountPolicy.EXERCISE))))
            .withContract(new ShaContract());

    private ShaLadder() {
    }
}
