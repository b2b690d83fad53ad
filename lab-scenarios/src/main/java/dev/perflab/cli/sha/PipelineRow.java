package dev.perflab.cli.sha;

import dev.perflab.scenario.Conservation;
import java.util.List;

/**
 * One rung's end-to-end result, from the three roles' summaries. Counts are -1 where a role printed none.
 *
 * @param cpuPercent CPU time of the three processes over the measured window, as a share of all cores
 */
record PipelineRow(String rung, boolean exhibit, double tasksPerSecond, long generated, long executed, long collected,
                   long sampled, long sampleErrors, double cpuPercent, List<String> errors) {

    /** The pipeline's conservation check: generated → executed → collected. */
    Conservation counts() {
        return Conservation.of("generated", generated, "executed", executed, "collected", collected);
    }

    /**
     * Tasks per CPU-second of the three JVMs: tasks/s ÷ (CPU % × cores). On a machine shared with other jobs
     * tasks/s depends on what else runs, but the work each CPU-second buys does not (much): compare it with the
     * ceiling's digests per CPU-second (ceiling ÷ cores). NaN when no CPU was measured.
     */
    double tasksPerCpuSecond(int cores) {
        double cpuSecondsPerSecond = cpuPercent / 100 * cores;
        return cpuSecondsPerSecond > 0 ? tasksPerSecond / cpuSecondsPerSecond : Double.NaN;
    }

    /** Tasks that did not make it from the generator to the collector (0 for a correct run). */
    long lost() {
        return counts().lost();
    }

    /** Generated, executed and collected agree, every role ended cleanly, and every sampled digest verified. */
    boolean correct() {
        return errors.isEmpty() && counts().holds() && sampleErrors == 0;
    }

    String verdict() {
        if (correct()) {
            return "ok";
        }
        StringBuilder s = new StringBuilder();
        if (lost() != 0) {
            s.append(lost() < 0 ? "counts missing" : String.format("lost %,d", lost()));
        }
        if (executed != collected && executed >= 0 && collected >= 0) {
            s.append(s.length() > 0 ? "; " : "").append(String.format("executor says %,d, collector %,d", executed, collected));
        }
        if (sampleErrors > 0) {
            s.append(s.length() > 0 ? "; " : "").append(String.format("%d wrong digests (%.1f%% of the sample)",
                    sampleErrors, 100.0 * sampleErrors / Math.max(1, sampled)));
        }
        if (!errors.isEmpty()) {
            s.append(s.length() > 0 ? "; " : "").append("errors");
        }
        return (exhibit ? "broken as exhibited: " : "FAILED: ") + s;
    }
}
