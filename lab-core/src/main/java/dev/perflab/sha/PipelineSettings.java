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
 */
public record PipelineSettings(int generatorBatchTasks, int executorRunTasks, boolean bufferedStreams,
                               boolean timedFlush, PoolPolicy pool, CountPolicy count,
                               boolean collectorReservoir, boolean senderThread, boolean buffersOnce,
                               DigestPolicy digest, int generatorTickMillis) {

    public static final int STREAM_BUFFER_BYTES = 64 * 1024;
    public static final int FLUSH_INTERVAL_MILLIS = 1;
    /** Bounded pool queue, in tasks; divided by the tasks per run for batch rungs. */
    public static final int QUEUE_CAPACITY_TASKS = 65_536;
    /** Frame buffers per pool when {@link #buffersOnce}. */
    public static final int POOLED_BUFFERS = 64;
    /** Results the collector samples and verifies. */
    public static final int SAMPLE_SIZE = 1024;

    public PipelineSettings {
        if (count == CountPolicy.POOL_COMPLETED && executorRunTasks != 1) {
            throw new IllegalArgumentException("the pool's completed-task count counts tasks only when each pool task is one task");
        }
        if (generatorBatchTasks < 1 || generatorBatchTasks > Frames.MAX_RECORDS
                || executorRunTasks < 1 || executorRunTasks > Frames.MAX_RECORDS) {
            throw new IllegalArgumentException("batch sizes must be 1.." + Frames.MAX_RECORDS);
        }
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
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withBufferedStreams() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, true, timedFlush, pool, count,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withTimedFlush() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, true, pool, count,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withPool(PoolPolicy newPool) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, newPool,
                count, collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withCount(CountPolicy newCount) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool, newCount,
                collectorReservoir, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withCollectorReservoir() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, true, senderThread, buffersOnce, digest, generatorTickMillis);
    }

    public PipelineSettings withSenderThread(int tickMillis) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, true, buffersOnce, digest, tickMillis);
    }

    public PipelineSettings withBuffersOnce() {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, true, digest, generatorTickMillis);
    }

    public PipelineSettings withDigest(DigestPolicy newDigest) {
        return new PipelineSettings(generatorBatchTasks, executorRunTasks, bufferedStreams, timedFlush, pool,
                count, collectorReservoir, senderThread, buffersOnce, newDigest, generatorTickMillis);
    }
}
