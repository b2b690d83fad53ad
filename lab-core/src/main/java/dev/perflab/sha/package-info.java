/**
 * The SHA-256 batch pipeline ladder (report 002, LADDERS.md §3): a generator sends tasks, an executor
 * computes SHA-256 of each task's payload, a collector counts, samples and verifies the results.
 *
 * <h2>Topology</h2>
 * <pre>
 *  ┌───────────┐  task frames   ┌──────────────────────────────────────┐ result frames ┌───────────┐
 *  │ Generator │ ───TCP───────▶ │ Executor                             │ ───TCP──────▶ │ Collector │
 *  │ ids 0,1,… │                │ reader ─▶ pool of workers ─▶ sender  │               │ count,    │
 *  │ end(n)    │                │           (digest)         (r8 on)   │ end(executed) │ sample,   │
 *  └───────────┘                └──────────────────────────────────────┘               │ verify    │
 *                                                                                      └───────────┘
 * </pre>
 * Start order: collector (listens), executor (listens, connects to the collector), generator (connects).
 * Each stream ends with an end frame carrying the sender's count, and each receiver checks it against
 * what arrived, so losses show up as an error with a count, never silently. From r13 on there are
 * several such streams side by side ({@link dev.perflab.sha.PipelineSettings#streamCount()}), one per
 * group of cores, each with its own connections and threads; the roles add their counts up. From r14 on
 * each stream is one thread per role (the executor's reads, digests and writes), one stream per core. From
 * r15 on each frame is written whole by one call and read in place ({@link dev.perflab.sha.FrameIn}): no
 * stream buffers and no flusher threads. From r18 on, where the lab starts the three roles on one host, the
 * two hops are Unix domain stream sockets ({@code unix:PATH}, {@link dev.perflab.net.Endpoint}) instead of
 * loopback TCP: the same frames and the same role code behind {@link dev.perflab.net.Connection}.
 *
 * <h2>Wire format (big-endian)</h2>
 * <pre>
 *  header (4 bytes)           task record (40 bytes)             result record (40 bytes)
 *  0      1      2      4     0            8                 40  0            8                 40
 *  +------+------+------+     +------------+------------------+  +------------+------------------+
 *  | type | vers | count|     |  id (i64)  | payload (32 B)   |  |  id (i64)  | SHA-256 (32 B)   |
 *  +------+------+------+     +------------+------------------+  +------------+------------------+
 *  type 1 tasks, 2 results, 3 end; version 1; count u16 in 1..4096 (end: 0, then the i64 total)
 *
 *  one task  = header + 1 record  = 44 bytes (the report's figure)
 *  a batch   = header + n records = 4 + 40·n bytes (40 bytes a task as n grows)
 *  end frame = header + i64 total = 12 bytes
 * </pre>
 * Every reader checks type, version and count before reading a body ({@link dev.perflab.sha.Frames}); a bad
 * frame closes that connection with a line naming the peer. Nothing is ever deserialized as a Java object.
 *
 * <h2>Rungs</h2>
 * {@link dev.perflab.sha.ShaLadder} builds each rung from the previous one with one change:
 * {@link dev.perflab.sha.PipelineSettings} holds every setting of the three roles. What changes the
 * executor's compute alone ({@link dev.perflab.sha.DigestPolicy}, run sizes, buffer reuse) is also measured
 * in process by JMH ({@code ShaExecutorBenchmark}), against the SHA-256 ceiling ({@code ShaCeilingBenchmark}).
 *
 * <h2>Liveness</h2>
 * Every socket read, TCP or Unix, times out after {@link dev.perflab.sha.Roles#LIVENESS_MILLIS}; a write
 * blocked that long closes its socket; accepts time out after {@link dev.perflab.net.Sockets#acceptTimeoutMillis()}.
 */
package dev.perflab.sha;
