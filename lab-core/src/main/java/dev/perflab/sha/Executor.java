package dev.perflab.sha;

import dev.perflab.net.Connection;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The executor: accepts one generator, connects to the collector, digests every task and sends the results on.
 *
 * <pre>
 *  generator ──TCP──▶ reader ──▶ pool (digest) ──┬──▶ write under a lock ──TCP──▶ collector   (r0–r7)
 *                     thread     workers         └──▶ queue ─▶ sender thread ──TCP──▶         (r8–r13)
 *  generator ──TCP──▶ one thread: read a frame, digest it, write its results ──TCP──▶ collector (r14 on)
 *                     r15 on: the frame digested where FrameIn read it, the results written with one call
 * </pre>
 *
 * The reader reads one task (per-task rungs) or one run of {@code executorRunTasks} tasks (batch rungs)
 * at a time and hands it to the pool. At the generator's end frame it lets the pool finish, sends every
 * result, then an end frame carrying its executed count.
 *
 * <p>From r13 on the executor serves several streams ({@link PipelineSettings#streamCount()}): each is
 * this whole drawing, with its own generator connection, pool of {@link PipelineSettings#poolThreads()}
 * workers, sender and collector connection; nothing is shared but the listening socket. From r14 on a
 * stream has no pool and no sender ({@link PoolPolicy#NONE}): its reader digests each run before it reads
 * the next and writes the results itself, and there is one stream per core.
 *
 * <h2>Draining: every task read is executed, or the report says why not</h2>
 * With an unbounded pool queue (r0–r4) a fast generator outruns the executor, and when its end frame
 * arrives the queue may still hold most of the run (with many cores, several times the run's length in
 * work). The pool is then drained for as long as it takes, up to a deadline ({@code drainMillis}, given by
 * the harness from the run's length). A drain cut after a fixed 30 s, followed by {@code shutdownNow()},
 * would drop whatever was still queued without a word (the lost-task bug this replaces): the end frame would
 * carry the smaller executed count, executor and collector would agree, and the tasks would simply be gone,
 * reported as lost with no error. So a drain cut by the deadline is an error naming the deadline and the
 * tasks not executed, and so is any difference between tasks read and tasks executed, or between the
 * generator's declared total and the tasks read, whatever its cause (measurements:
 * the sha-pipeline logs in docs/measurements/README.md).
 *
 * <p>Faults: a malformed frame, a silent or vanished generator ends the generator connection with one
 * line naming it; the work already read is still finished and sent, with the end frame, so nothing
 * processed is lost. A vanished collector ends the run.
 */
public final class Executor {
    /**
     * What the executor did. {@code error} is null after a clean run.
     *
     * @param backlogAtEnd tasks read but not yet executed when the reader stopped (the generator's end frame)
     * @param drainSeconds how long the pool then took to finish them
     */
    public record Report(long received, long executed, long generatorTotal, long fullQueueWaits, long workerErrors,
                         long backlogAtEnd, double drainSeconds, String error) {
    }

    /** The drain deadline when none is given: long enough for any backlog a run of minutes can build. */
    public static final long DEFAULT_DRAIN_SECONDS = 600;

    private final PipelineSettings settings;
    private final Listener generatorListener;
    private final Endpoint collector;
    private final Consumer<String> log;
    private final AtomicReference<String> collectorFailure = new AtomicReference<>();
    private final AtomicLong fullQueueWaits = new AtomicLong();
    private final AtomicLong workerErrors = new AtomicLong();
    private final long drainMillis;
    /** Test hook: runs in the worker before each run of n tasks is digested (tests slow the executor down). */
    private volatile IntConsumer beforeEachRun = n -> {
    };
    /** Tasks read whole from the generator (reader thread only). */
    private long received;

    public Executor(PipelineSettings settings, Listener generatorListener, Endpoint collector,
                    Consumer<String> log) {
        this(settings, generatorListener, collector, TimeUnit.SECONDS.toMillis(DEFAULT_DRAIN_SECONDS), log);
    }

    /**
     * @param drainMillis how long the pool may take, after the generator's end, to finish the tasks already
     *                    read; past it the rest is reported as not executed (an error), never dropped silently
     */
    public Executor(PipelineSettings settings, Listener generatorListener, Endpoint collector,
                    long drainMillis, Consumer<String> log) {
        if (drainMillis <= 0) {
            throw new IllegalArgumentException("drain deadline must be > 0 ms, got " + drainMillis);
        }
        this.settings = settings;
        this.generatorListener = generatorListener;
        this.collector = collector;
        this.drainMillis = drainMillis;
        this.log = log;
    }

    /** Test hook: {@code hook} runs in the worker before each run is digested, with the run's task count. */
    Executor beforeEachRun(IntConsumer hook) {
        this.beforeEachRun = hook;
        return this;
    }

    /**
     * Serves the rung's streams (one unless r13 on): each accepts a generator of its own and connects to the
     * collector on its own, with its own pool; the report adds them up.
     */
    public Report run() {
        int n = settings.streamCount();
        if (n == 1) {
            return runStream();
        }
        List<Report> r = Streams.runEach(n, "executor", k -> {
            Executor stream = new Executor(settings, generatorListener, collector, drainMillis, log);
            stream.beforeEachRun = beforeEachRun;
            return stream.runStream();
        });
        return new Report(sum(r, Report::received), sum(r, Report::executed),
                Streams.totals(r.stream().map(Report::generatorTotal).collect(Collectors.toList())),
                sum(r, Report::fullQueueWaits), sum(r, Report::workerErrors), sum(r, Report::backlogAtEnd),
                r.stream().mapToDouble(Report::drainSeconds).max().orElse(0),
                Streams.errors(r.stream().map(Report::error).collect(Collectors.toList())));
    }

    private static long sum(List<Report> reports, ToLongFunction<Report> field) {
        return reports.stream().mapToLong(field).sum();
    }

    private Report runStream() {
        Connection generator = null;
        FrameOut out = null;
        try {
            out = new FrameOut(Roles.connect(collector, "collector"), settings, "executor");
            generator = Roles.accept(generatorListener, "generator");
            return serve(generator, out);
        } catch (IOException e) {
            String error = "executor: " + e.getMessage();
            log.accept(error);
            return new Report(0, 0, -1, 0, 0, 0, 0, error);
        } finally {
            Roles.closeQuietly(generator);
            Roles.closeQuietly(out);
        }
    }

    private Report serve(Connection generator, FrameOut out) throws IOException {
        String peer = generator.peer("generator");
        ThreadPoolExecutor pool = settings.pool().create(settings.poolThreads(), settings.queueCapacityRuns(), fullQueueWaits);
        CountPolicy.TaskCounter executed = settings.count().create(pool);
        ResultPath results = new ResultPath(settings, out, collectorFailure, log);
        InputStream raw = generator.in();
        FrameIn frames = settings.wholeFrames() ? new FrameIn(raw, Frames.TYPE_TASKS, peer) : null;
        DataInputStream in = frames != null ? null : new DataInputStream(settings.bufferedStreams()
                ? new BufferedInputStream(raw, PipelineSettings.STREAM_BUFFER_BYTES) : raw);
        long generatorTotal = -1;
        String error = null;
        try {
            while (collectorFailure.get() == null) {
                Frames.Header header = frames != null ? frames.next() : Frames.readHeader(in, Frames.TYPE_TASKS, peer);
                if (header == null) {
                    error = peer + " closed the connection without an end frame after " + received + " tasks";
                    break;
                }
                if (header.isEnd()) {
                    generatorTotal = frames != null ? frames.endTotal() : Frames.readEndTotal(in, peer);
                    break;
                }
                if (frames != null) {
                    // whole frames (r15 on): digest the frame where it was read, then read on
                    received += header.count();
                    digestRun(frames.buffer(), frames.recordsOffset(), header.count(), false, executed, results);
                } else {
                    readRuns(in, header.count(), pool, executed, results);
                }
            }
        } catch (IOException e) {
            error = Roles.describeFailure(e, peer);
        }
        if (error != null) {
            log.accept("executor: " + error + "; finishing the " + received + " tasks already read");
        }
        long backlog = received - executed.get();
        long drainStart = System.nanoTime();
        String notDrained = finish(pool, results);
        double drainSeconds = (System.nanoTime() - drainStart) / 1e9;
        long executedCount = executed.get();
        List<String> problems = new ArrayList<>();
        if (generatorTotal >= 0 && generatorTotal != received) {
            problems.add(String.format("%s declared %,d tasks in its end frame, %,d arrived", peer, generatorTotal, received));
        }
        if (executedCount != received) {
            problems.add(String.format("%,d tasks read, %,d counted as executed: %,d short (%s)", received, executedCount,
                    received - executedCount, notDrained != null ? notDrained + ", so they were not executed"
                            : workerErrors.get() > 0 ? workerErrors.get() + " worker runs failed"
                            : "no worker failed and the pool drained: the executed count itself is wrong"));
        } else if (workerErrors.get() > 0) {
            problems.add(workerErrors.get() + " worker runs failed");
        }
        problems.forEach(p -> log.accept("executor: " + p));
        if (error != null) {
            problems.add(0, error);
        }
        String failure = collectorFailure.get();
        if (failure == null) {
            try {
                out.finish(executedCount);
            } catch (IOException e) {
                failure = "collector " + collector + " closed the connection (" + e.getMessage() + ")";
            }
        }
        if (failure != null) {
            problems.add(failure);
            log.accept("executor: " + failure + " after " + executedCount + " tasks executed");
        }
        return new Report(received, executedCount, generatorTotal, fullQueueWaits.get(), workerErrors.get(), backlog,
                drainSeconds, problems.isEmpty() ? null : "executor: " + String.join("; ", problems));
    }

    /** Reads one frame's {@code count} tasks as runs of at most {@code executorRunTasks} and submits each. */
    private void readRuns(DataInputStream in, int count, ThreadPoolExecutor pool, CountPolicy.TaskCounter executed,
                         ResultPath results) throws IOException {
        int remaining = count;
        while (remaining > 0) {
            int n = Math.min(remaining, settings.executorRunTasks());
            byte[] tasks = results.taskBuffer(n);
            in.readFully(tasks, 0, n * Frames.RECORD_BYTES);
            received += n;
            remaining -= n;
            if (pool == null) {
                digestRun(tasks, n, executed, results); // run to completion (r14 on): no hand-off
            } else {
                pool.execute(() -> digestRun(tasks, n, executed, results));
            }
        }
    }

    /** Digests a run read into a task buffer of its own, gives the buffer back, counts and sends the results. */
    private void digestRun(byte[] tasks, int n, CountPolicy.TaskCounter executed, ResultPath results) {
        digestRun(tasks, 0, n, true, executed, results);
    }

    /**
     * Digests the {@code n} task records at {@code tasksOff}, counts them and sends their results.
     *
     * @param ownBuffer true when {@code tasks} is this run's task buffer, given back once digested; false when
     *                  the records lie in the connection's {@link FrameIn} buffer (r15 on)
     */
    private void digestRun(byte[] tasks, int tasksOff, int n, boolean ownBuffer, CountPolicy.TaskCounter executed,
                           ResultPath results) {
        try {
            beforeEachRun.accept(n);
            byte[] frame = results.resultBuffer(n);
            settings.digest().digest(tasks, tasksOff, n, frame, Frames.HEADER_BYTES);
            if (ownBuffer) {
                results.releaseTaskBuffer(tasks);
            }
            executed.add(n);
            results.send(frame, n);
        } catch (RuntimeException | InterruptedException e) {
            workerErrors.incrementAndGet();
            log.accept("executor: a worker failed on " + n + " tasks: " + e);
        }
    }

    /**
     * Lets the pool finish every task already read, then the sender send every result.
     *
     * @return null after a full drain, or why some tasks were not executed
     */
    private String finish(ThreadPoolExecutor pool, ResultPath results) {
        try {
            int dropped = PoolPolicy.drain(pool, drainMillis);
            results.drain();
            return dropped < 0 ? null : String.format("the drain deadline of %,.1f s passed with %,d pool tasks still queued;"
                    + " the generator outran the executor", drainMillis / 1000.0, dropped);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while draining the pool";
        }
    }

    /**
     * Where finished result frames go: written by the worker under the output's lock, or queued for one
     * sender thread; and where frame buffers come from: new arrays, or pools allocated once.
     */
    static final class ResultPath {
        private static final byte[] POISON = new byte[0];
        private final PipelineSettings settings;
        private final FrameOut out;
        private final AtomicReference<String> failure;
        private final Consumer<String> log;
        private final BlockingQueue<byte[]> outbox;
        private final BlockingQueue<byte[]> freeTasks;
        private final BlockingQueue<byte[]> freeResults;
        /**
         * Whole frames (r15 on): the stream's one result frame. The thread that digests a run writes it itself and
         * the write returns only when the kernel holds the bytes, so the frame is free again at once and stays in
         * cache; a pool of 64 would cycle through 64 frames.
         */
        private final byte[] oneResult;
        private final Thread sender;

        ResultPath(PipelineSettings settings, FrameOut out, AtomicReference<String> failure, Consumer<String> log) {
            this.settings = settings;
            this.out = out;
            this.failure = failure;
            this.log = log;
            this.outbox = settings.senderThread() ? new ArrayBlockingQueue<>(PipelineSettings.POOLED_BUFFERS) : null;
            this.freeTasks = settings.buffersOnce() ? pool(Frames.RECORD_BYTES * settings.executorRunTasks()) : null;
            this.freeResults = settings.buffersOnce() && !settings.wholeFrames()
                    ? pool(Frames.frameBytes(settings.executorRunTasks())) : null;
            this.oneResult = settings.wholeFrames() ? new byte[Frames.frameBytes(settings.executorRunTasks())] : null;
            this.sender = settings.senderThread() ? new Thread(this::sendLoop, "sha-sender") : null;
            if (sender != null) {
                sender.setDaemon(true);
                sender.start();
            }
        }

        private static BlockingQueue<byte[]> pool(int bytes) {
            BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(PipelineSettings.POOLED_BUFFERS);
            for (int i = 0; i < PipelineSettings.POOLED_BUFFERS; i++) {
                free.add(new byte[bytes]);
            }
            return free;
        }

        byte[] taskBuffer(int n) throws IOException {
            if (freeTasks == null) {
                return new byte[n * Frames.RECORD_BYTES];
            }
            try {
                return freeTasks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for a task buffer");
            }
        }

        void releaseTaskBuffer(byte[] tasks) {
            if (freeTasks != null) {
                freeTasks.add(tasks);
            }
        }

        byte[] resultBuffer(int n) throws InterruptedException {
            return oneResult != null ? oneResult : freeResults == null ? new byte[Frames.frameBytes(n)] : freeResults.take();
        }

        void send(byte[] frame, int n) throws InterruptedException {
            Frames.putHeader(frame, 0, Frames.TYPE_RESULTS, n);
            if (outbox != null) {
                outbox.put(frame);
                return;
            }
            write(frame);
        }

        private void write(byte[] frame) {
            if (failure.get() != null) {
                return;
            }
            int n = ((frame[2] & 0xFF) << 8) | (frame[3] & 0xFF);
            try {
                if (settings.perTask()) {
                    out.writeSingle(Frames.TYPE_RESULTS, Frames.getLong(frame, Frames.HEADER_BYTES), frame,
                            Frames.HEADER_BYTES + Frames.ID_BYTES);
                } else {
                    out.write(frame, Frames.frameBytes(n));
                }
            } catch (IOException e) {
                if (failure.compareAndSet(null, "collector closed the connection (" + e.getMessage() + ")")) {
                    out.close();
                }
            } finally {
                if (freeResults != null) {
                    freeResults.add(frame);
                }
            }
        }

        private void sendLoop() {
            try {
                for (byte[] frame = outbox.take(); frame != POISON; frame = outbox.take()) {
                    write(frame);
                }
            } catch (InterruptedException e) {
                log.accept("executor: sender thread interrupted");
            }
        }

        /** Waits until every queued result is written (the pool has already terminated). */
        void drain() throws InterruptedException {
            if (sender != null) {
                outbox.put(POISON);
                sender.join();
            }
        }
    }
}
