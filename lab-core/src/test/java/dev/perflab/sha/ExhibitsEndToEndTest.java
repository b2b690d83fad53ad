package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two exhibits run as whole pipelines over loopback, each signal asserted on its own so a failure says
 * which one the run showed. A run is one second of unthrottled tasks; the bug is a race, so a run is
 * repeated (at most {@link #RUNS} times) until it shows.
 */
class ExhibitsEndToEndTest {
    private static final int RUNS = 5;
    private static final double RUN_SECONDS = 1.0;

    /** A rung or exhibit's settings by id. */
    private static PipelineSettings exhibit(String id) {
        return ShaLadder.LADDER.resolve(id).factory();
    }

    /**
     * x-non-atomic-counter: the executor's end frame carries a count that lost updates, so it is less than
     * the results the collector actually received. Nothing else is wrong: every result arrives and verifies.
     * Both ends notice: the executor's count falls short of the tasks it read, and the collector's end
     * frame check finds fewer declared than arrived.
     */
    @Test
    void theNonAtomicCounterReportsFewerTasksThanTheCollectorReceived() throws Exception {
        List<String> runs = new ArrayList<>();
        boolean lost = false;
        for (int run = 0; run < RUNS && !lost; run++) {
            LoopbackPipeline.Result r = LoopbackPipeline.run(exhibit("x-non-atomic-counter"), 0, RUN_SECONDS);
            long generated = r.generator().generated();
            assertEquals(generated, r.collector().collected(), "every result still reaches the collector");
            assertEquals(0, r.collector().sampleErrors(), "the digests are right: only the count is wrong");
            long executed = r.executor().executed();
            assertEquals(executed, r.collector().executorTotal(), "the end frame carries the executor's count");
            assertTrue(executed <= generated, "a lost update can only lose counts: " + executed + " > " + generated);
            runs.add(generated + " collected, " + executed + " counted");
            lost = executed != r.collector().collected();
            if (lost) {
                assertTrue(r.executor().error().contains("the executed count itself is wrong"), r.executor().error());
                assertTrue(r.collector().error().contains(String.format("declared %,d results in its end frame, %,d arrived",
                        executed, generated)), r.collector().error());
            } else {
                assertNull(r.collector().error(), r.log().toString());
            }
        }
        System.out.println("x-non-atomic-counter end to end: " + runs);
        assertTrue(lost, "the executor's count matched the collector's in every run: " + runs);
    }

    /**
     * x-shared-digest: two workers digesting at once through the one shared {@code MessageDigest} mix their
     * inputs, so some results carry wrong digests, or a worker throws from the torn state
     * ({@code workerErrors}). The overlap is rare once the digest code is compiled (a digest takes well
     * under a microsecond, the reader much longer per task), so a 1,024-result sample of a one-second run
     * often held no wrong digest; the collector here verifies every result it kept (r4's collector keeps
     * every result), so a single torn digest among the run's results is caught. Wrong samples are counted
     * too, as the lab reports them.
     */
    @Test
    void theSharedDigestIsCaughtByVerifyingEveryResultOrByWorkerErrors() throws Exception {
        List<String> runs = new ArrayList<>();
        long wrong = 0;
        for (int run = 0; run < RUNS && wrong == 0; run++) {
            LoopbackPipeline.Result r = runVerifyingEveryResult("x-shared-digest");
            wrong = r.collector().resultErrors() + r.collector().sampleErrors() + r.executor().workerErrors();
            runs.add(String.format("%,d tasks: %,d of %,d results wrong (%d of %d samples), %d worker errors",
                    r.generator().generated(), r.collector().resultErrors(), r.collector().resultsVerified(),
                    r.collector().sampleErrors(), r.collector().samples().size(), r.executor().workerErrors()));
        }
        System.out.println("x-shared-digest end to end: " + runs);
        assertTrue(wrong > 0, "no wrong result and no worker error in " + runs);
    }

    /** The same whole-run check on the rung the exhibit breaks (r4) finds every result right. */
    @Test
    void verifyingEveryResultPassesOnTheCorrectRung() throws Exception {
        LoopbackPipeline.Result r = runVerifyingEveryResult("r4-timed-flush");
        assertNull(r.collector().error(), r.log().toString());
        assertTrue(r.collector().collected() > 0, "no result arrived");
        assertEquals(0, r.executor().workerErrors(), r.log().toString());
        assertEquals(0, r.collector().resultErrors(), r.collector().resultErrors() + " wrong digests from r4");
        assertEquals(0, r.collector().sampleErrors());
    }

    /** One run whose collector verifies every result it received; asserts it did. */
    private static LoopbackPipeline.Result runVerifyingEveryResult(String id) throws Exception {
        PipelineSettings settings = exhibit(id);
        LoopbackPipeline.Result r = LoopbackPipeline.run(settings, 0, RUN_SECONDS,
                (listener, collector, log) -> new Executor(settings, listener, collector, log),
                Collector::verifyEveryResult);
        assertEquals(r.collector().collected(), r.collector().resultsVerified(), "every result received is verified");
        return r;
    }
}
