package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every correct rung passes {@link ShaContract}: end to end over loopback, counts conserved and every
 * sampled digest right; and, where the executor counts with its own counter, no add lost under contention.
 * One dynamic test per check and rung; {@code ./lab check sha-pipeline --rung ID} runs the same checks.
 */
class ShaPipelineTest {
    @TestFactory
    Stream<DynamicNode> everyCorrectRungPassesTheContract() {
        return ShaLadder.LADDER.correct().stream().map(ShaPipelineTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<PipelineSettings> rung) {
        return DynamicContainer.dynamicContainer(rung.id(), ShaLadder.LADDER.contract().orElseThrow()
                .checks(rung.factory()).stream()
                .map(check -> DynamicTest.dynamicTest(check.name(), () -> check.body().run())));
    }

    /**
     * With a rate, a run sends exactly rate × seconds tasks: a tick that wakes past the end still sends
     * what was due by then. (On a loaded machine a generator whose first tick came after the run's 0.5 s
     * once sent nothing at all.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"r0-task-per-thread", "r12-matched-batches"})
    void aRatedRunSendsRateTimesSecondsTasks(String id) throws Exception {
        LoopbackPipeline.Result r = LoopbackPipeline.run(ShaLadder.LADDER.resolve(id).factory(), 4_000, 0.25);
        assertNull(r.generator().error(), r.log().toString());
        assertEquals(1_000, r.generator().generated());
        assertEquals(1_000, r.collector().collected());
    }

    /**
     * r14 runs to completion: no pool and no sender thread, so a stream has one digesting thread, and the
     * cores are used by one stream per core; the counts still add up across those streams.
     */
    @Test
    void runToCompletionHasOneStreamPerCoreAndNoPool() throws Exception {
        PipelineSettings r14 = ShaLadder.LADDER.resolve("r14-run-to-completion").factory();
        assertEquals(PoolPolicy.NONE, r14.pool());
        assertEquals(false, r14.senderThread());
        assertEquals(null, r14.pool().create(r14.poolThreads(), r14.queueCapacityRuns(), new java.util.concurrent.atomic.AtomicLong()));
        assertEquals(Runtime.getRuntime().availableProcessors(), r14.streamCount());
        assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() / PipelineSettings.CORES_PER_STREAM),
                ShaLadder.R13.streamCount(), "r13 has a stream per 4 cores, and a pool in each");
        LoopbackPipeline.Result r = LoopbackPipeline.run(r14.withStreams(2), 0, 0.3);
        assertNull(r.executor().error(), r.log().toString());
        assertEquals(0, r.executor().backlogAtEnd(), "a run is digested before the next is read");
        assertEquals(r.generator().generated(), r.collector().collected());
    }

    /**
     * r15 is r14 with whole-frame socket I/O: no stream buffers and no flusher (each frame is written whole by
     * one call), frames read in place; every task and result still crosses, over several streams too.
     */
    @Test
    void wholeFramesNeedNoStreamBufferNorFlusher() throws Exception {
        PipelineSettings r15 = ShaLadder.LADDER.resolve("r15-whole-frames").factory();
        assertEquals(ShaLadder.R14.withWholeFrames(), r15);
        assertEquals(true, r15.wholeFrames());
        assertEquals(false, r15.bufferedStreams());
        assertEquals(false, r15.timedFlush());
        assertEquals(PoolPolicy.NONE, r15.pool());
        LoopbackPipeline.Result r = LoopbackPipeline.run(r15.withStreams(2), 0, 0.3);
        assertNull(r.generator().error(), r.log().toString());
        assertNull(r.executor().error(), r.log().toString());
        assertNull(r.collector().error(), r.log().toString());
        assertTrue(r.generator().generated() > 0);
        assertEquals(r.generator().generated(), r.executor().executed());
        assertEquals(r.generator().generated(), r.collector().collected());
        assertEquals(0, r.collector().sampleErrors());
    }

    @Test
    void wholeFramesNeedOneRunPerFrameAndNoPool() {
        assertThrows(IllegalArgumentException.class, () -> ShaLadder.R13.withWholeFrames());
        assertThrows(IllegalArgumentException.class,
                () -> ShaLadder.R14.withBatches(ShaLadder.BATCH_TASKS, ShaLadder.MISMATCHED_RUN_TASKS).withWholeFrames());
    }

    @Test
    void severalStreamsConserveCountsAcrossStreams() throws Exception {
        int streams = 3;
        LoopbackPipeline.Result r = LoopbackPipeline.run(ShaLadder.R13.withStreams(streams), 0, 0.5);
        assertNull(r.generator().error(), r.log().toString());
        assertNull(r.executor().error(), r.log().toString());
        assertNull(r.collector().error(), r.log().toString());
        long generated = r.generator().generated();
        assertEquals(generated, r.executor().generatorTotal());
        assertEquals(generated, r.executor().executed());
        assertEquals(generated, r.collector().executorTotal());
        assertEquals(generated, r.collector().collected());
        assertEquals(0, r.collector().sampleErrors());
        // one sample per stream, each from its own id range; a stream that collected fewer results than the
        // sample size (a loaded machine may send one 1,000-task batch per stream in 0.5 s) keeps them all
        int samples = r.collector().samples().size();
        assertTrue(samples <= streams * PipelineSettings.SAMPLE_SIZE, samples + " samples from " + streams + " streams");
        long busiestStream = (generated + streams - 1) / streams; // some stream collected at least this many
        assertTrue(samples >= Math.min(busiestStream, PipelineSettings.SAMPLE_SIZE), samples + " samples of " + generated + " results");
        Set<Long> seen = r.collector().samples().stream()
                .map(s -> s.id() >>> PipelineSettings.STREAM_ID_SHIFT).collect(Collectors.toSet());
        assertEquals(Set.of(0L, 1L, 2L), seen);
    }
}
