package dev.perflab.cli.sha;

import dev.perflab.base.Machine;
import dev.perflab.scenario.CeilingInterval;
import java.util.List;

/** The printed ladder of {@code ./lab run sha-pipeline}: one row per rung, units in the heading. */
final class PipelineTable {
    private static final String ROW = "%-25s %13s %8s %9s %6s %12s %12s %12s %12s %8s %5s  %s";

    private PipelineTable() {
    }

    static String heading() {
        return String.format(ROW, "rung", "tasks/s", "× prev", "% ceiling", "CPU %", "tasks/CPU-s", "generated", "executed",
                "collected", "sampled", "bad", "check");
    }

    static String row(PipelineRow r, PipelineRow previous, double ceiling) {
        String gain = previous == null || previous.tasksPerSecond() <= 0 || r.exhibit() ? "—"
                : String.format("×%.2f", r.tasksPerSecond() / previous.tasksPerSecond());
        return String.format(ROW, r.rung(), String.format("%,.0f", r.tasksPerSecond()), gain,
                Double.isNaN(ceiling) ? "-" : String.format("%.1f%%", 100 * r.tasksPerSecond() / ceiling), String.format("%.0f", r.cpuPercent()),
                Double.isNaN(r.tasksPerCpuSecond(Machine.cores())) ? "?" : String.format("%,.0f", r.tasksPerCpuSecond(Machine.cores())),
                count(r.generated()), count(r.executed()), count(r.collected()), count(r.sampled()),
                count(r.sampleErrors()), r.verdict());
    }

    private static String count(long n) {
        return n < 0 ? "?" : String.format("%,d", n);
    }

    /** The lines under the table; {@code ceilingInterval} null where the ceiling was not measured ({@code --no-ceiling}). */
    static String footer(List<PipelineRow> rows, CeilingInterval ceilingInterval, PipelineNetwork network) {
        double ceiling = ceilingInterval == null ? Double.NaN : ceilingInterval.mean();
        StringBuilder s = new StringBuilder();
        PipelineRow best = null;
        for (PipelineRow r : rows) {
            if (!r.exhibit() && r.correct() && (best == null || r.tasksPerSecond() > best.tasksPerSecond())) {
                best = r;
            }
        }
        if (best != null && ceilingInterval == null) {
            s.append(String.format("best correct rung: %s, %,.0f tasks/s (no ceiling measured)%n", best.rung(), best.tasksPerSecond()));
        } else if (best != null) {
            s.append(String.format("best correct rung: %s, %,.0f tasks/s = %s of the all-core ceiling (%s)%n",
                    best.rung(), best.tasksPerSecond(), ceilingInterval.describePercent(best.tasksPerSecond()),
                    ceilingInterval.describe("tasks/s")));
            if (best.tasksPerSecond() > ceiling) {
                s.append("  above 100%: the ceiling and the rungs were measured at different moments of a busy machine, or the"
                        + " ceiling too briefly (smoke); the % means nothing here: run ./lab run sha-pipeline on a quiet machine\n");
            }
            double perCpu = best.tasksPerCpuSecond(Machine.cores());
            if (!Double.isNaN(perCpu)) {
                s.append(String.format("  per CPU-second of the three JVMs: %,.0f tasks = %.1f%% of the ceiling's %,.0f digests per"
                        + " CPU-second (ceiling ÷ %d cores; on a shared machine this, not tasks/s, compares rungs)%n", perCpu,
                        100 * perCpu * Machine.cores() / ceiling, ceiling / Machine.cores(), Machine.cores()));
            }
        }
        if (best != null) {
            PipelineRow first = rows.get(0);
            if (!first.exhibit() && first.tasksPerSecond() > 0 && first != best) {
                s.append(String.format("%s / %s: ×%.1f%n", best.rung(), first.rung(), best.tasksPerSecond() / first.tasksPerSecond()));
            }
        }
        if (network.theoreticalTasksPerSecond() > 0) {
            s.append(String.format("link limit: %,.0f tasks/s at 44 bytes a task (bits/s ÷ (44·8)); batch rungs send 40 bytes a task"
                    + " plus TCP/IP headers: at most %,.0f tasks/s%n",
                    network.theoreticalTasksPerSecond(), network.theoreticalTasksPerSecond() * 44 / 40));
        }
        s.append("tasks/s: collected results per second after the warm-up; CPU %: the three JVMs' CPU time over the "
                + "measured window ÷ (window × " + Machine.cores() + " cores); tasks/CPU-s: tasks/s ÷ (CPU % × "
                + Machine.cores() + " cores)\n");
        return s.toString();
    }
}
