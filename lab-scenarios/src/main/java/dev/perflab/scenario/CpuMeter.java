package dev.perflab.scenario;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * CPU used by a set of processes over a window, as a share of the whole machine: the processes' CPU
 * time over the window ÷ (window × cores). 100% is every core busy for the whole window.
 *
 * <pre>
 *   start()  ── reads each process's CPU time and the clock
 *   … window …
 *   percent() ── (Σ cpu now − Σ cpu at start) ÷ ((now − start) × cores) × 100
 * </pre>
 *
 * Not thread-safe; one owner starts and reads it.
 */
public final class CpuMeter<P> {
    private final List<P> processes;
    private final ToLongFunction<P> cpuNanos;
    private final int cores;
    private long cpuStart;
    private long wallStart;

    public CpuMeter(List<P> processes, ToLongFunction<P> cpuNanos, int cores) {
        this.processes = List.copyOf(processes);
        this.cpuNanos = cpuNanos;
        this.cores = cores;
    }

    /** Starts the window. */
    public CpuMeter<P> start() {
        cpuStart = total();
        wallStart = System.nanoTime();
        return this;
    }

    /** The share of all cores the processes used since {@link #start()}, in percent. */
    public double percent() {
        long cpu = Math.max(0, total() - cpuStart); // never negative, even where a process's figure is lost
        long wall = System.nanoTime() - wallStart;
        return wall <= 0 ? 0 : 100.0 * cpu / (wall * (double) cores);
    }

    private long total() {
        return processes.stream().mapToLong(cpuNanos).sum();
    }
}
