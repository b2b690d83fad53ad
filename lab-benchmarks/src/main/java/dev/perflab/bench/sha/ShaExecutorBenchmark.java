package dev.perflab.bench.sha;

import dev.perflab.bench.Planted;
import dev.perflab.sha.Frames;
import dev.perflab.sha.Payloads;
import dev.perflab.sha.PipelineSettings;
import dev.perflab.sha.Sha256;
import dev.perflab.sha.ShaLadder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The executor's work alone, in process, on one thread: one generator frame of
 * {@value ShaLadder#BATCH_TASKS} tasks turned into result frames exactly as the rung's executor does it
 * (see {@code Executor.readRuns} and {@code digestRun}): split into runs of {@code executorRunTasks}, a
 * task buffer and a result buffer per run (new arrays, or the same ones when the rung allocates buffers
 * once), the rung's {@code DigestPolicy}, the result header. The score is tasks/s
 * ({@code @OperationsPerInvocation}); {@code -prof gc} gives bytes allocated per task.
 *
 * <h2>What it leaves out</h2>
 * Sockets, streams, the pool hand-off and the sender thread: the end-to-end run
 * ({@code ./lab run sha-pipeline}) measures those. Only the rungs that change this work are listed
 * ({@link ExecutorRungs#ids()}, kept equal to the {@code @Param} list by a test). A rung with buffers
 * allocated once reuses one task and one result buffer here, where the executor cycles through
 * {@value PipelineSettings#POOLED_BUFFERS} of each, so here they stay in cache.
 *
 * <h2>Pitfalls avoided</h2>
 * The copy of the run's records into the task buffer stands in for the socket read, so a rung that reuses
 * buffers is not credited with skipping it. Each invocation's last result frame is kept in a field, and the
 * tear-down re-computes one of its digests, so the work cannot be dead code and a wrong digest fails the run.
 *
 * <h2>What to expect</h2>
 * {@code gc.alloc.rate.norm} is exact and follows from the code: r0 432 B/task (a digest object, the
 * payload copy, the digest array, a 56 B task and a 64 B result array), r7 392 B/task (one task and one result
 * array per 100 tasks, 80 B/task), r9 312 B/task (no frame arrays), r10 50 B/task (the 48 B array {@code digest()} returns),
 * r11 and r12 0 B/task. In tasks/s, r10–r12 (a digest object reused across tasks) come close to the one-thread
 * ceiling ({@link ShaCeilingBenchmark#intrinsicOneThread}), and r0–r9 stay about 30% below it (figures:
 * the sha-pipeline logs in docs/measurements/README.md).
 *
 * <h2>Run</h2>
 * {@code ./lab run sha-pipeline --jmh --benchmark executeFrame}, or
 * {@code java -jar lab-benchmarks/target/benchmarks.jar ShaExecutorBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ShaExecutorBenchmark {
    @Param({"r0-task-per-thread", "r7-batches", "r9-buffers-once", "r10-digest-per-batch",
            "r11-thread-local-digest", "r12-matched-batches"})
    String rung;

    private PipelineSettings settings;
    private final byte[] frame = new byte[Frames.frameBytes(ShaLadder.BATCH_TASKS)];
    private byte[] reusedTasks;
    private byte[] reusedResults;
    private byte[] lastResults;

    @Setup
    public void setUp() {
        settings = ShaLadder.LADDER.resolve(rung).factory();
        Frames.fillTasks(frame, 0, ShaLadder.BATCH_TASKS);
        reusedTasks = new byte[settings.executorRunTasks() * Frames.RECORD_BYTES];
        reusedResults = new byte[Frames.frameBytes(settings.executorRunTasks())];
    }

    @Benchmark
    @OperationsPerInvocation(ShaLadder.BATCH_TASKS)
    public byte[] executeFrame() {
        Planted.work();
        int runTasks = settings.executorRunTasks();
        byte[] results = null;
        for (int first = 0; first < ShaLadder.BATCH_TASKS; first += runTasks) {
            int n = Math.min(runTasks, ShaLadder.BATCH_TASKS - first);
            byte[] tasks = settings.buffersOnce() ? reusedTasks : new byte[n * Frames.RECORD_BYTES];
            System.arraycopy(frame, Frames.recordOffset(0, first), tasks, 0, n * Frames.RECORD_BYTES);
            results = settings.buffersOnce() ? reusedResults : new byte[Frames.frameBytes(n)];
            settings.digest().digest(tasks, 0, n, results, Frames.HEADER_BYTES);
            Frames.putHeader(results, 0, Frames.TYPE_RESULTS, n);
        }
        lastResults = results;
        return results;
    }

    @TearDown
    public void check() {
        int record = Frames.recordOffset(0, 0);
        long id = Frames.getLong(lastResults, record);
        byte[] expected = Sha256.of(Payloads.of(id));
        byte[] actual = Arrays.copyOfRange(lastResults, record + Frames.ID_BYTES, record + Frames.RECORD_BYTES);
        if (!Arrays.equals(expected, actual)) {
            throw new IllegalStateException(rung + ": wrong digest for task " + id);
        }
    }
}
