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
     * x-shared-digest: the collector's verification of its sample finds wrong digests
     * ({@code sampleErrors}), or a worker throws from the torn digest state ({@code workerErrors}).
     * Both are counted and printed; the test needs one of them.
     */
    @Test
    void theSharedDigestIsCaughtBySampleVerificationOrWorkerErrors() throws Exception {
        List<String> runs = new ArrayList<>();
        long sampleErrors = 0;
        long workerErrors = 0;
        for (int run = 0; run < RUNS && sampleErrors + workerErrors == 0; run++) {
            LoopbackPipeline.Result r = LoopbackPipeline.run(exhibit("x-shared-digest"), 0, RUN_SECONDS);
            sampleErrors += r.collector().sampleErrors();
            workerErrors += r.executor().workerErrors();
            runs.add(r.generator().generated() + " tasks: " + r.collector().sampleErrors() + " of "
                    + r.collector().samples().size() + " samples wrong, " + r.executor().workerErrors()
                    + " worker errors");
        }
        System.out.println("x-shared-digest end to end: " + runs);
        assertTrue(sampleErrors + workerErrors > 0, "no wrong sample and no worker error in " + runs);
    }
}
