package dev.perflab.sha;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Contract;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The contract every correct rung of the SHA-256 pipeline passes, as named checks over its
 * {@link PipelineSettings}:
 * <ol>
 *   <li>{@code counterLosesNoAddUnderContention} (rungs whose executor counts with its own counter, not the
 *       pool's completed-task count): {@link #CONTENTION_THREADS} threads add to the rung's counter at once,
 *       {@link #CONTENTION_ROUNDS} times; the counter must end at exactly the sum of the adds. This is the
 *       report's step-1 bug caught in isolation, where it shows far more often than in a whole pipeline.</li>
 *   <li>{@code countsAreConservedAndSampledDigestsVerify}: the three roles run over loopback for
 *       {@link #PIPELINE_SECONDS}; every count on the way (generated, received, executed, end frames,
 *       collected) is equal, and every sampled digest equals the reference {@link Sha256} (the differential
 *       part: each sampled result is compared with the JDK's SHA-256 of the same payload).</li>
 * </ol>
 * {@code ShaPipelineTest} runs these for every correct rung; {@code ./lab check sha-pipeline --rung ID} for
 * one (the learner's {@code student}).
 *
 * <p>Threads: a check starts its own threads and joins them (or waits for the pipeline's roles) before it
 * returns; nothing outlives it.
 */
public final class ShaContract implements Contract<PipelineSettings> {
    public static final int CONTENTION_THREADS = 4;
    public static final int CONTENTION_ADDS_PER_THREAD = 500_000;
    public static final int CONTENTION_ROUNDS = 5;
    public static final double PIPELINE_SECONDS = 0.5;
    /** A pipeline check that moved fewer tasks than this did not test anything. */
    public static final long MIN_PIPELINE_TASKS = 100;
    /** Log lines a failure message quotes. */
    private static final int LOG_LINES_SHOWN = 5;

    @Override
    public List<Check> checks(PipelineSettings settings) {
        List<Check> checks = new ArrayList<>();
        if (settings.count() != CountPolicy.POOL_COMPLETED) {
            checks.add(new Check("counterLosesNoAddUnderContention", () -> counterLosesNoAdd(settings.count())));
        }
        checks.add(new Check("countsAreConservedAndSampledDigestsVerify", () -> pipelineConserves(settings)));
        return checks;
    }

    private static void counterLosesNoAdd(CountPolicy policy) throws InterruptedException {
        long expected = (long) CONTENTION_THREADS * CONTENTION_ADDS_PER_THREAD;
        for (int round = 1; round <= CONTENTION_ROUNDS; round++) {
            long lost = lostCounts(policy.create(null), CONTENTION_THREADS, CONTENTION_ADDS_PER_THREAD);
            if (lost != 0) {
                throw new AssertionError("count policy " + policy + ": " + CONTENTION_THREADS + " threads added 1 "
                        + CONTENTION_ADDS_PER_THREAD + " times each (" + expected + " in all), the counter says "
                        + (expected - lost) + " in round " + round + ": " + lost + " adds lost; an add from one "
                        + "thread must never overwrite another's");
            }
        }
    }

    /**
     * {@code threads} threads, started together, each call {@code counter.add(1)} {@code addsPerThread} times;
     * returns how many adds the counter lost (0 for a correct counter).
     */
    public static long lostCounts(CountPolicy.TaskCounter counter, int threads, int addsPerThread)
            throws InterruptedException {
        together(threads, () -> {
            for (int i = 0; i < addsPerThread; i++) {
                counter.add(1);
            }
        });
        return (long) threads * addsPerThread - counter.get();
    }

    /**
     * Runs {@code work} on {@code threads} new threads released at once, and joins them all.
     *
     * @throws IllegalStateException carrying the first exception a thread threw (the others are suppressed)
     */
    public static void together(int threads, Runnable work) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    work.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException | Error e) {
                    failures.add(e);
                }
            });
            thread.start();
            started.add(thread);
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            Throwable first = failures.get(0);
            if (first instanceof RuntimeException) {
                throw (RuntimeException) first;
            }
            throw (Error) first;
        }
    }

    private static void pipelineConserves(PipelineSettings settings) throws Exception {
        LoopbackPipeline.Result r = LoopbackPipeline.run(settings, 0, PIPELINE_SECONDS);
        expect(r.generator().error() == null, () -> "generator failed: " + r.generator().error() + "; " + excerpt(r.log()));
        expect(r.executor().error() == null, () -> "executor failed: " + r.executor().error() + "; " + excerpt(r.log()));
        expect(r.collector().error() == null, () -> "collector failed: " + r.collector().error() + "; " + excerpt(r.log()));
        expect(r.executor().workerErrors() == 0, () -> r.executor().workerErrors() + " executor workers failed; "
                + excerpt(r.log()));
        long generated = r.generator().generated();
        expect(generated > MIN_PIPELINE_TASKS, () -> "generated only " + generated + " tasks in " + PIPELINE_SECONDS + " s");
        expectCount("the generator's end frame, as the executor read it", generated, r.executor().generatorTotal());
        expectCount("tasks the executor received", generated, r.executor().received());
        expectCount("tasks the executor counted as executed", generated, r.executor().executed());
        expectCount("the executor's end frame, as the collector read it", generated, r.collector().executorTotal());
        expectCount("results the collector received", generated, r.collector().collected());
        expectSampled(settings.streamCount(), generated, r.collector().samples().size());
        expectCount("sampled digests that differ from the JDK's SHA-256", 0, r.collector().sampleErrors());
    }

    /** The first distinct lines of a pipeline's log, enough to name a failure without printing thousands of lines. */
    private static String excerpt(List<String> log) {
        List<String> distinct = log.stream().distinct().limit(LOG_LINES_SHOWN).toList();
        return "log (" + log.size() + " lines, first " + distinct.size() + " distinct): " + String.join(" | ", distinct);
    }

    /**
     * The collector keeps {@link PipelineSettings#SAMPLE_SIZE} results per stream (fewer when a stream moved
     * fewer): exactly {@code min(generated, SAMPLE_SIZE)} with one stream; with several, between that and
     * {@code min(generated, streams × SAMPLE_SIZE)}, since how the tasks split among the streams is not known here.
     */
    private static void expectSampled(int streams, long generated, long sampled) {
        long atLeast = Math.min(generated, PipelineSettings.SAMPLE_SIZE);
        long atMost = Math.min(generated, (long) streams * PipelineSettings.SAMPLE_SIZE);
        if (sampled < atLeast || sampled > atMost) {
            throw new AssertionError("results sampled over " + streams + " stream(s): expected "
                    + (atLeast == atMost ? Long.toString(atLeast) : atLeast + " to " + atMost) + " but was " + sampled);
        }
    }

    private static void expectCount(String what, long expected, long actual) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    private static void expect(boolean condition, java.util.function.Supplier<String> message) {
        if (!condition) {
            throw new AssertionError(message.get());
        }
    }
}
