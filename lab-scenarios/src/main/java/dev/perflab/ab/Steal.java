package dev.perflab.ab;

import dev.perflab.base.CpuTimes;
import java.util.List;
import java.util.Locale;

/**
 * How much CPU time this machine's host took for others while an {@code ab} run's forks ran ({@link CpuTimes}'
 * steal): over the whole run, and in the fork that lost the most. A quiet run on a virtual machine shows a small
 * fraction of 1% (the mdf-ring logs in docs/measurements/README.md); a run whose forks lost several percent ran partly on a slower machine, which widens the pairs'
 * spread and can move a ruler without any revision being at fault.
 *
 * @param run       steal over every fork's time together, as a share (0.01 is 1%); NaN when unknown
 * @param worstFork the highest share of one fork; NaN when unknown
 */
public record Steal(double run, double worstFork) {
    /** Not measured (no {@code /proc/stat}, or a run saved before steal was recorded). */
    public static final Steal UNKNOWN = new Steal(Double.NaN, Double.NaN);

    /** From each fork's CPU time ({@link CpuTimes#since}); {@link #UNKNOWN} without any. */
    public static Steal of(List<CpuTimes> forks) {
        long total = forks.stream().mapToLong(CpuTimes::total).sum();
        if (forks.isEmpty() || total <= 0) {
            return UNKNOWN;
        }
        long steal = forks.stream().mapToLong(CpuTimes::steal).sum();
        double worst = forks.stream().mapToDouble(CpuTimes::stealShare).filter(Double::isFinite).max().orElse(Double.NaN);
        return new Steal((double) steal / total, worst);
    }

    public boolean known() {
        return Double.isFinite(run);
    }

    /** "CPU steal …: 0.1% of the run's CPU time, 0.9% in the worst fork", or empty when unknown. */
    public String sentence() {
        return known() ? String.format(Locale.ROOT, "CPU steal (time this machine's host ran others on its CPUs): %s of the"
                + " run's CPU time, %s in the worst fork", percent(run), percent(worstFork)) : "";
    }

    /** Two decimals under 1%, where a quiet run's steal lies: 0.04%, 1.2%. */
    static String percent(double share) {
        double p = share * 100;
        return String.format(Locale.ROOT, p < 1 ? "%.2f%%" : "%.1f%%", p);
    }
}
