package dev.perflab.sha;

import dev.perflab.net.Connection;
import dev.perflab.net.Listener;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The collector: accepts one executor, counts its results, samples them, and at the end re-computes
 * each sampled digest from the task id ({@link Payloads}) to verify it.
 *
 * <p>Up to r5 it keeps every result in a list, as the report's collector did until it ran out of memory
 * (step 8), and samples the list at the end; from r6 on it keeps only a {@link Reservoir}. From r15 on it
 * reads whole frames with {@link FrameIn} and offers each result to the reservoir where it was read.
 *
 * <p>Throughput is counted over one wall-clock window ({@link CollectorWindow}) that opens {@code warmupSeconds}
 * after the first result and closes when the generator stops ({@code measureSeconds} later), so start-up, JIT
 * warm-up and the drain of the executor's backlog stay out of the figure.
 *
 * <p>From r13 on there is one reader per stream ({@link PipelineSettings#streamCount()}), each with its own
 * count and reservoir, all counting in that one window; tasks/s is their results in it over its length, and
 * every stream's sample is verified.
 *
 * <p>Threads: one thread reads (one per stream); {@link #collected()} (this stream's count) may be read by
 * any thread while it runs.
 */
public final class Collector {
    /** One sampled result and whether its digest verified. */
    public record Sample(long id, byte[] payload, byte[] digest, boolean verified) {
    }

    /**
     * What the collector saw. {@code executorTotal} is -1 when no end frame came; {@code error} null if clean.
     * {@code resultsVerified} and {@code resultErrors} count the results verified beyond the sample and the
     * wrong ones among them: both 0 unless a test asked for every result to be verified
     * ({@link #verifyEveryResult()}).
     */
    public record Report(long collected, long executorTotal, double tasksPerSecond, double windowSeconds,
                         List<Sample> samples, long sampleErrors, long resultsVerified, long resultErrors,
                         String error) {
    }

    private final PipelineSettings settings;
    private final Listener listener;
    private final CollectorWindow window;
    private final CollectorWindow.Stream counts;
    private final Consumer<String> log;
    private final AtomicLong collected = new AtomicLong();
    private final List<byte[]> everyResult = new ArrayList<>();
    private final Reservoir reservoir = new Reservoir(PipelineSettings.SAMPLE_SIZE, 42);
    /** Test hook: verify every kept result at the end, not only the sample (rungs that keep every result). */
    private boolean verifyEveryResult;
    /** Runs once per stream, on its reader thread, when the stream's first results arrive. */
    private Runnable onFirstResults = () -> {
    };
    /** Whether this stream's first results have come (its reader thread only). */
    private boolean flowing;
    private long resultsVerified;
    private long resultErrors;

    /** A collector whose window closes at the last result (the length of the measurement is not known). */
    public Collector(PipelineSettings settings, Listener listener, double warmupSeconds, Consumer<String> log) {
        this(settings, listener, warmupSeconds, 0, log);
    }

    /**
     * @param warmupSeconds  results in the first S seconds after the first result are left out of tasks/s
     * @param measureSeconds how long the generator sends after its warm-up: the window closes then; 0 closes it at
     *                       the last result
     */
    public Collector(PipelineSettings settings, Listener listener, double warmupSeconds, double measureSeconds,
                     Consumer<String> log) {
        this(settings, listener, new CollectorWindow(warmupSeconds, measureSeconds), log);
    }

    private Collector(PipelineSettings settings, Listener listener, CollectorWindow window, Consumer<String> log) {
        this.settings = settings;
        this.listener = listener;
        this.window = window;
        this.counts = window.new Stream();
        this.log = log;
    }

    /**
     * Test hook: at the end, verify every result kept rather than only a {@link PipelineSettings#SAMPLE_SIZE}
     * sample, so a race that corrupts one digest in a hundred thousand (x-shared-digest) is still caught in a
     * short run. Only rungs whose collector keeps every result (r0–r5) can: from r6 on it keeps a reservoir.
     */
    Collector verifyEveryResult() {
        if (settings.collectorReservoir() || settings.streamCount() != 1) {
            throw new IllegalStateException("only a one-stream collector that keeps every result can verify every result");
        }
        verifyEveryResult = true;
        return this;
    }

    /**
     * {@code action} runs once per stream, on that stream's reader thread, when its first results arrive:
     * the evidence of flow a role prints for the process that started it ({@code RoleProtocol.FLOWING}).
     */
    public Collector onFirstResults(Runnable action) {
        this.onFirstResults = action;
        return this;
    }

    /** Results received so far. */
    public long collected() {
        return collected.get();
    }

    /**
     * Collects the rung's streams (one unless r13 on), each from an executor connection of its own into a
     * sample of its own; the report adds the counts and rates up and joins the samples.
     */
    public Report run() {
        int n = settings.streamCount();
        if (n == 1) {
            return runStream();
        }
        List<Collector> streams = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            streams.add(new Collector(settings, listener, window, log).onFirstResults(onFirstResults));
        }
        List<Report> r = Streams.runEach(n, "collector", k -> streams.get(k).runStream());
        List<Sample> samples = new ArrayList<>();
        r.forEach(one -> samples.addAll(one.samples()));
        long counted = streams.stream().mapToLong(c -> c.counts.counted()).sum();
        return new Report(r.stream().mapToLong(Report::collected).sum(),
                Streams.totals(r.stream().map(Report::executorTotal).collect(Collectors.toList())),
                window.rate(counted), window.seconds(), samples,
                r.stream().mapToLong(Report::sampleErrors).sum(), 0, 0,
                Streams.errors(r.stream().map(Report::error).collect(Collectors.toList())));
    }

    private Report runStream() {
        Connection executor = null;
        String error = null;
        long executorTotal = -1;
        try {
            executor = Roles.accept(listener, "executor");
            String peer = executor.peer("executor");
            InputStream raw = executor.in();
            try {
                executorTotal = settings.wholeFrames() ? read(new FrameIn(raw, Frames.TYPE_RESULTS, peer))
                        : read(new DataInputStream(settings.bufferedStreams()
                        ? new BufferedInputStream(raw, PipelineSettings.STREAM_BUFFER_BYTES) : raw), peer);
                if (executorTotal < 0) {
                    error = peer + " closed the connection without an end frame after " + collected() + " results";
                } else if (executorTotal != collected()) {
                    error = String.format("%s declared %,d results in its end frame, %,d arrived", peer, executorTotal,
                            collected());
                }
            } catch (IOException e) {
                error = Roles.describeFailure(e, peer) + " after " + collected() + " results";
            } catch (OutOfMemoryError e) {
                everyResult.clear();
                error = "out of memory keeping every result after " + collected() + " results (the report's step 8;"
                        + " from r6 on the collector keeps a reservoir)";
            }
        } catch (IOException e) {
            error = e.getMessage();
        } finally {
            Roles.closeQuietly(executor);
        }
        if (error != null) {
            error = "collector: " + error;
            log.accept(error);
        }
        List<Sample> samples = verifySample();
        long errors = samples.stream().filter(s -> !s.verified()).count();
        return new Report(collected(), executorTotal, window.rate(counts.counted()), window.seconds(), samples, errors,
                resultsVerified, resultErrors, error);
    }

    /** Reads frames until the end frame; returns the executor's total, or -1 at an early end of stream. */
    private long read(DataInputStream in, String peer) throws IOException {
        byte[] reused = settings.buffersOnce() ? new byte[Frames.MAX_FRAME_BYTES] : null;
        byte[] record = new byte[Frames.RECORD_BYTES];
        while (true) {
            Frames.Header header = Frames.readHeader(in, Frames.TYPE_RESULTS, peer);
            if (header == null) {
                return -1;
            }
            if (header.isEnd()) {
                return Frames.readEndTotal(in, peer);
            }
            int bytes = header.count() * Frames.RECORD_BYTES;
            if (settings.perTask()) {
                for (int i = 0; i < header.count(); i++) {
                    byte[] one = settings.collectorReservoir() ? record : new byte[Frames.RECORD_BYTES];
                    Frames.putLong(one, 0, in.readLong());
                    in.readFully(one, Frames.ID_BYTES, Frames.DIGEST_BYTES);
                    keep(one, 0);
                }
            } else {
                byte[] body = reused != null ? reused : new byte[bytes];
                in.readFully(body, 0, bytes);
                for (int off = 0; off < bytes; off += Frames.RECORD_BYTES) {
                    keep(body, off);
                }
            }
            tick(header.count());
        }
    }

    /** Whole frames (r15 on): each frame's results are sampled where they were read; returns as {@link #read(DataInputStream, String)}. */
    private long read(FrameIn in) throws IOException {
        while (true) {
            Frames.Header header = in.next();
            if (header == null) {
                return -1;
            }
            if (header.isEnd()) {
                return in.endTotal();
            }
            int from = in.recordsOffset();
            int to = from + header.count() * Frames.RECORD_BYTES;
            for (int off = from; off < to; off += Frames.RECORD_BYTES) {
                keep(in.buffer(), off);
            }
            tick(header.count());
        }
    }

    private void keep(byte[] records, int off) {
        if (settings.collectorReservoir()) {
            reservoir.offer(records, off);
        } else {
            everyResult.add(off == 0 && records.length == Frames.RECORD_BYTES
                    ? records : Arrays.copyOfRange(records, off, off + Frames.RECORD_BYTES));
        }
    }

    private void tick(int n) {
        collected.addAndGet(n);
        counts.tick(n, System.nanoTime());
        if (!flowing) {
            flowing = true;
            onFirstResults.run();
        }
    }

    private List<Sample> verifySample() {
        if (!settings.collectorReservoir()) {
            for (byte[] result : everyResult) {
                reservoir.offer(result, 0);
                if (verifyEveryResult) {
                    resultsVerified++;
                    byte[] expected = Sha256.of(Payloads.of(Frames.getLong(result, 0)));
                    if (!Arrays.equals(result, Frames.ID_BYTES, Frames.RECORD_BYTES, expected, 0, Frames.DIGEST_BYTES)) {
                        resultErrors++;
                    }
                }
            }
            everyResult.clear();
        }
        List<Sample> samples = new ArrayList<>(reservoir.size());
        for (int i = 0; i < reservoir.size(); i++) {
            long id = reservoir.id(i);
            byte[] payload = Payloads.of(id);
            byte[] digest = reservoir.digest(i);
            samples.add(new Sample(id, payload, digest, Arrays.equals(digest, Sha256.of(payload))));
        }
        return samples;
    }
}
