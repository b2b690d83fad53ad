package dev.perflab.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This machine's CPU time so far, all CPUs together, from Linux's {@code /proc/stat} (its first line, in clock
 * ticks): the total, and the part the kernel counts as <em>steal</em>, the time a virtual machine's CPUs were
 * ready to run but their host ran something else. A fork measured while steal was high ran on a slower machine
 * without any process of its own doing more: that is what {@code ./lab ab} records per fork, so a noisy run can
 * be told apart from a noisy neighbour. Bare metal, and hosts that do not report it, show 0.
 *
 * @param total every column of the line added up
 * @param steal the eighth column ({@code steal})
 */
public record CpuTimes(long total, long steal) {
    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** Now, or empty where there is no {@code /proc/stat} (not Linux) or it cannot be read. */
    public static Optional<CpuTimes> now() {
        try (var lines = Files.lines(PROC_STAT)) {
            return lines.findFirst().flatMap(CpuTimes::parse);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The aggregate line, {@code cpu  user nice system idle iowait irq softirq steal [guest guest_nice]}; empty for
     * any other line. Guest time is already counted in user and nice, so it is not added again.
     */
    static Optional<CpuTimes> parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu")) {
            return Optional.empty();
        }
        try {
            long total = 0;
            for (int i = 1; i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            return Optional.of(new CpuTimes(total, Long.parseLong(f[8])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The time between {@code before} and this. */
    public CpuTimes since(CpuTimes before) {
        return new CpuTimes(total - before.total, steal - before.steal);
    }

    /** Steal as a share of the total (0.02 is 2%); NaN when no time passed. */
    public double stealShare() {
        return total <= 0 ? Double.NaN : (double) steal / total;
    }
}
