package dev.perflab.sha;

/**
 * Everything one rung of the SHA-256 pipeline sets, for all three roles. Rungs are built from the previous
 * rung with one {@code with…} call each (see {@link ShaLadder}), so a rung's difference is one line.
 *
 * @param generatorBatchTasks tasks per frame the generator writes; 1 = single 44-byte task frames, written
 *                            field by field through a {@code DataOutputStream}
 * @param executorRunTasks    tasks per unit of work the executor hands to its pool, and records per result
 *                            frame; 1 = per-task work, read field by field
 * @param bufferedStreams     Buffered{Input,Output}Stream of {@link #STREAM_BUFFER_BYTES} under the data streams
 * @param timedFlush          false: flush after every frame; true: a flusher thread flushes every
 *                            {@link #FLUSH_INTERVAL_MILLIS}
 * @param pool                the executor's thread pool
 * @param count               how the executor counts executed tasks
 * @param collectorReservoir  the collector keeps a fixed reservoir sample instead of every result
 * @param senderThread        executor workers hand result frames to one sender thread instead of writing
 *                            under a lock themselves
 * @param buffersOnce         frame buffers come from pools allocated at start, instead of new arrays per frame
 * @param digest              how digests are computed
 * @param generatorTickMillis with {@code --rate}, the generator sends what is due once per tick
 * @param streams             independent generator → executor → collector streams, each with its own two
 *                            connections and threads; 0 = one per {@link #CORES_PER_STREAM} cores of this
 *                            machine (see {@link #streamCount()})
 * @param wholeFrames         batch frames go to and from the socket whole (r15 on): one write call per frame,
 *                            reads of whatever has arrived into a buffer the frames are used from in place
 *                            ({@link FrameIn}); no stream buffer and no flusher thread
 * @param sharedPayloadMixes  the generator computes a frame's payloads with {@link Payloads#fillConsecutive}
 *                            (r16 on): the same bytes, each SplitMix64 output once instead of four times
 * @param unixSockets         where the lab places the three roles on one host ({@code ./lab run sha-pipeline},
 *                            the in-JVM pipeline of the tests), it connects them through Unix domain sockets
 *                            (r18 on) instead of loopback TCP; a role itself takes either kind of address
 */
public record PipelineSettings(int generatorBatchTasks, int executorRunTasks, boolean bufferedStreams,
                               boolean timedFlush, PoolPolicy pool, CountPolicy count,
                               boolean collectorReservoir, boolean senderThread, boolean buffersOnce,
                               DigestPolicy digest, int generatorTickMillis, int streams, boolean wholeFrames,
                               boolean sharedPayloadMixes, boolean unixSockets) {

    public static final int STREAM_BUFFER_BYTES = 64 * 1024;
    public static final int FLUSH_INTERVAL_MILLIS = 1;
    /** Bounded pool queue, in tasks; divided by the tasks per run for batch rungs. */
    public static final int QUEUE_CAPACITY_TASKS = 65_536;
    /** Frame buffers per pool when {@link #buffersOnce}. */
    public static final int POOLED_BUFFERS = 64;
    /** Results the collector samples and verifies (per stream). */
    public static final int SAMPLE_SIZE = 1024;
    /**
     * Cores per stream when {@code streams} is 0. A stream of r12 keeps four threads busy whatever the
     * machine (generator, executor reader and sender, collector reader) beside its digest workers; on 16
     * cores one stream used 51% of the CPU. Four cores per stream gives 4 streams on 16 cores and 1 on 2.
     */
    public static final int CORES_PER_STREAM = 4;
    /** Most streams a rung or option may ask for. */
    public static final int MAX_STREAMS = 64;
    /** Stream k's task ids start at k shifted this far left, so ids stay unique across streams. */
    public static final int STREAM_ID_SHIFT = 48;

    public PipelineSettings {
        if (count == CountPolicy.POOL_COMPLETED && executorRunTasks != 1) {
            throw new IllegalArgumentException("the pool's completed-task count counts tasks only when each pool task is one task");
        }
        if (generatorBatchTasks < 1 || generatorBatchTasks > Frames.MAX_RECORDS
                || executorRunTasks < 1 || executorRunTasks > Frames.MAX_RECORDS) {
            throw new IllegalArgumentException("batch sizes must be 1.." + Frames.MAX_RECORDS);
        }
        if (wholeFrames && (generatorBatchTasks != executorRunTasks || pool != PoolPolicy.NONE)) {
            throw new IllegalArgumentException("whole frames need one run per frame and no pool (run to completion)");
        }
        if (streams < 0 || streams > MAX_STREAMS) {
            throw new IllegalArgumentException("streams must be 0 (one per " + CORES_PER_STREAM + " cores) or 1.."
                    + MAX_STREAMS + ", got " + streams);
        }
    }

    /** How many streams run: {@code streams}, or one per {@link #CORES_PER_STREAM} cores when it is 0. */
    public int streamCount() {
        if (streams > 0) {
            return streams;
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return pool == PoolPolicy.NONE ? cores : Math.max(1, cores / CORES_PER_STREAM);
    }

    /** Workers of each stream's fixed pool: the report's cores + 1 for one stream, its share of the cores + 1 for several. */
    public int poolThreads() {
        int n = streamCount();
        return n == 1 ? PoolPolicy.poolThreads() : Math.max(1, Runtime.getRuntime().availableProcessors() / n) + 1;
    }

    /** True when the executor works per task and the collector reads result fields one by one. */
    public boolean perTask() {
        return executorRunTasks == 1;
    }

    public int queueCapacityRuns() {
        return Math.max(1, QUEUE_CAPACITY_TASKS / executorRunTasks);
    }

    public PipelineSettings withBatches(int generatorTasks, int executorTasks) {
        return new PipelineSettings(generatorTasks, executorTasks, bufferedStreams, timedFlush, pool, count,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withBufferedStreams() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, true, timedFlush, pool, count,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withTimedFlush() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, true, pool, count,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withPool(PoolPolicy newPool) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, newPool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withCount(CountPolicy newCount) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool, newCount,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withCollectorReservoir() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, true, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withSenderThread(int tickMillis) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, true, buffersOnce, digest, tickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withBuffersOnce() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, true, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    /**
     * Run to completion (r14): no pool and no sender thread; each stream's reader digests the run it read
     * and writes the results itself, and with {@code streams} 0 there is one stream per core.
     */
    public PipelineSettings withRunToCompletion() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, PoolPolicy.NONE,
                count, collectorReservoir, false, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    /**
     * Whole-frame socket I/O (r15): frames are written with one call each and read in place from a buffer
     * ({@link FrameIn}), with no stream buffers and no flusher thread. Batch rungs only.
     */
    public PipelineSettings withWholeFrames() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, false, false, pool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, true, sharedPayloadMixes, unixSockets);
    }

    /** The generator's payloads from shared mixes (r16): {@link Payloads#fillConsecutive}, the same bytes. */
    public PipelineSettings withSharedPayloadMixes() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, true, unixSockets);
    }

    /**
     * Unix domain sockets between roles on one host (r18): the same frames and the same code in every role,
     * only the kernel's path between the processes changes.
     */
    public PipelineSettings withUnixSockets() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, true);
    }

    /** {@code n} streams, or 0 for one per {@link #CORES_PER_STREAM} cores (one per core without a pool). */
    public PipelineSettings withStreams(int n) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis, n, wholeFrames, sharedPayloadMixes, unixSockets);
    }

    public PipelineSettings withDigest(DigestPolicy newDigest) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, buffersOnce, newDigest, generatorTickMillis, streams, wholeFrames, sharedPayloadMixes, unixSockets);
    }
}
