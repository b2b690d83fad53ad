package dev.perflab.bench.sha;

import dev.perflab.ladder.Entry;
import dev.perflab.sha.PipelineSettings;
import dev.perflab.sha.ShaLadder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The rungs whose executor work differs from the previous rung's: digest policy, tasks per run, or buffer
 * reuse. Pool, stream and collector changes do not show in process, so those rungs are left out of
 * {@link ShaExecutorBenchmark}.
 */
public final class ExecutorRungs {
    private ExecutorRungs() {
    }

    /**
     * Ids of the ladder's rungs (exhibits excluded), in order, kept where the executor's work changes; r0 always.
     * The benchmark digests one frame of {@link ShaLadder#BATCH_TASKS} tasks, so a run longer than that (r17's
     * 4,096-task frames, whose gain is fewer socket reads and wake-ups) is the same work here as a run of one frame.
     */
    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        Object previous = null;
        for (Entry<PipelineSettings> rung : ShaLadder.LADDER.rungs()) {
            PipelineSettings s = rung.factory();
            List<Object> work = List.of(s.digest(), Math.min(s.executorRunTasks(), ShaLadder.BATCH_TASKS), s.buffersOnce());
            if (!Objects.equals(work, previous)) {
                ids.add(rung.id());
            }
            previous = work;
        }
        return ids;
    }
}
