package dev.perflab.sha;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The executor: accepts one generator, connects to the collector, digests every task and sends the results on.
 *
 * <pre>
 *  generator ──TCP──▶ reader ──▶ pool (digest) ──┬──▶ write under a lock ──TCP──▶ collector   (r0–r7)
 *                     thread     workers         └──▶ queue ─▶ sender thread ──TCP──▶         (r8 on)
 * </pre>
 *
 * The reader reads one task (per-task rungs) or one run of {@code executorRunTasks} tasks (batch rungs)
 * at a time and hands it to the pool. At the generator's end frame it lets the pool finish, sends every
 * result, then an end frame carrying its executed count.
 *
 * <p>Faults: a malformed frame, a silent or vanished generator ends the generator connection with one
 * line naming it; the work already read is still finished and sent, with the end frame, so nothing
 * processed is lost. A vanished collector ends the run.
 */
public final class Executor {
    /** What the executor did. {@code error} is null after a clean run. */
    public record Report(long received, long executed, long generatorTotal, long fullQueueWaits, long workerErrors,
                         String error) {
    }

    private final PipelineSettings settings;
    private final ServerSocket generatorListener;
    private final InetSocketAddress collector;
    private final Consumer<String> log;
    private final AtomicReference<String> collectorFailure = new AtomicReference<>();
    private final AtomicLong fullQueueWaits = new AtomicLong();
    private final AtomicLong workerErrors = new AtomicLong();
    /** Tasks read whole from the generator (reader thread only). */
    private long received;

    public Executor(PipelineSettings settings, ServerSocket generatorListener, InetSocketAddress collector,
                    Consumer<String> log) {
        this.settings = settings;
        this.generatorListener = generatorListener;
        this.collector = collector;
        this.log = log;
    }

    public Report run() {
        Socket generator = null;
        FrameOut out = null;
        try {
            out = new FrameOut(Roles.connect(collector, "collector"), settings, "executor");
            generator = Roles.accept(generatorListener, "generator");
            return serve(generator, out);
        } catch (IOException e) {
            String error = "executor: " + e.getMessage();
            log.accept(error);
            return new Report(0, 0, -1, 0, 0, error);
        } finally {
            Roles.closeQuietly(generator);
            Roles.closeQuietly(out);
        }
    }

    private Report serve(Socket generator, FrameOut out) throws IOException {
        String peer = Roles.peer("generator", generator);
        ThreadPoolExecutor pool = settings.pool().create(settings.queueCapacityRuns(), fullQueueWaits);
        CountPolicy.TaskCounter executed = settings.count().create(pool);
        ResultPath results = new ResultPath(settings, out, collectorFailure, log);
        InputStream raw = generator.getInputStream();
        DataInputStream in = new DataInputStream(settings.bufferedStreams()
                ? new BufferedInputStream(raw, PipelineSettings.STREAM_BUFFER_BYTES) : raw);
        long generatorTotal = -1;
        String error = null;
        try {
            while (collectorFailure.get() == null) {
                Frames.Header header = Frames.readHeader(in, Frames.TYPE_TASKS, peer);
                if (header == null) {
                    error = peer + " closed the connection without an end frame after " + received + " tasks";
                    break;
                }
                if (header.isEnd()) {
                    generatorTotal = Frames.readEndTotal(in, peer);
                    break;
                }
                readRuns(in, header.count(), pool, executed, results);
            }
        } catch (IOException e) {
            error = Roles.describeFailure(e, peer);
        }
        if (error != null) {
            log.accept("executor: " + error + "; finishing the " + received + " tasks already read");
        }
        finish(pool, results);
        long executedCount = executed.get();
        String failure = collectorFailure.get();
        if (failure == null) {
            try {
                out.finish(executedCount);
            } catch (IOException e) {
                failure = "collector " + Roles.hostPort(collector) + " closed the connection (" + e.getMessage() + ")";
            }
        }
        if (failure != null) {
            error = error == null ? failure : error + "; " + failure;
            log.accept("executor: " + failure + " after " + executedCount + " tasks executed");
        }
        return new Report(received, executedCount, generatorTotal, fullQueueWaits.get(), workerErrors.get(),
                error == null ? null : "executor: " + error);
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
            pool.execute(() -> digestRun(tasks, n, executed, results));
        }
    }

    private void digestRun(byte[] tasks, int n, CountPolicy.TaskCounter executed, ResultPath results) {
        try {
            byte[] frame = results.resultBuffer(n);
            settings.digest().digest(tasks, 0, n, frame, Frames.HEADER_BYTES);
            results.releaseTaskBuffer(tasks);
            executed.add(n);
            results.send(frame, n);
        } catch (RuntimeException | InterruptedException e) {
            workerErrors.incrementAndGet();
            log.accept("executor: a worker failed on " + n + " tasks: " + e);
        }
    }

    private void finish(ThreadPoolExecutor pool, ResultPath results) {
        try {
            PoolPolicy.shutdownAndWait(pool, TimeUnit.SECONDS.toMillis(30));
            results.drain();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
        private final Thread sender;

        ResultPath(PipelineSettings settings, FrameOut out, AtomicReference<String> failure, Consumer<String> log) {
            this.settings = settings;
            this.out = out;
            this.failure = failure;
            this.log = log;
            this.outbox = settings.senderThread() ? new ArrayBlockingQueue<>(PipelineSettings.POOLED_BUFFERS) : null;
            this.freeTasks = settings.buffersOnce() ? pool(Frames.RECORD_BYTES * settings.executorRunTasks()) : null;
            this.freeResults = settings.buffersOnce() ? pool(Frames.frameBytes(settings.executorRunTasks())) : null;
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
            return freeResults == null ? new byte[Frames.frameBytes(n)] : freeResults.take();
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
