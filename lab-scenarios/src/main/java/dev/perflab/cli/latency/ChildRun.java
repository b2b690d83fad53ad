package dev.perflab.cli.latency;

import dev.perflab.base.MemorySize;
import dev.perflab.latency.Arrivals;
import dev.perflab.latency.Sender;
import dev.perflab.latency.TimingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything one child JVM needs for one latency run: its JVM flags (collector, heap, young generation)
 * and the arguments of {@link LatencyChild}. Validated by {@link LatencyCommand} before any child starts.
 *
 * @param component   the component whose latency workload the child drives (a name in the registry)
 * @param rung        resolved rung id
 * @param young       fixed young generation, or null for the collector's default
 * @param percentiles extra percentiles the child must report (e.g. an SLO's), besides the standard ones
 * @param hlog        interval log to write, or null
 * @param sender      how the thread holding the schedule waits
 * @param jvmArgs     extra flags for the child JVM ({@code --jvm-arg}), after the collector and heap flags
 * @param jfr         JFR recording to write ({@code --jfr}), or null
 * @param crashLogDir where the child JVM writes its crash log ({@code hs_err_pid<pid>.log}) if it crashes:
 *                    beside the run's output files, never the working directory ({@link LatencyCommand})
 */
record ChildRun(String component, String rung, double rate, double seconds, double warmup, Set<TimingMode> modes, int prefill,
                Arrivals arrivals, int threads, GcChoice gc, MemorySize heap, MemorySize young,
                List<Double> percentiles, Path hlog, Sender sender, List<String> jvmArgs, Path jfr, Path crashLogDir) {
    /** Seed of the order flow and of a Poisson schedule: fixed, so runs differ only where asked. */
    static final long SEED = 1;

    ChildRun withGc(GcChoice newGc, MemorySize newYoung) {
        return new ChildRun(component, rung, rate, seconds, warmup, modes, prefill, arrivals, threads, newGc, heap, newYoung,
                percentiles, hlog, sender, jvmArgs, jfr, crashLogDir);
    }

    /**
     * The same run writing its interval log and recording elsewhere (null: none): the command stages them under
     * temporary names and renames them over {@code --hlog} and {@code --jfr} only when the run ends whole.
     */
    ChildRun withFiles(Path newHlog, Path newJfr) {
        return new ChildRun(component, rung, rate, seconds, warmup, modes, prefill, arrivals, threads, gc, heap, young,
                percentiles, newHlog, sender, jvmArgs, newJfr, crashLogDir);
    }

    ChildRun withRate(double newRate) {
        return new ChildRun(component, rung, newRate, seconds, warmup, modes, prefill, arrivals, threads, gc, heap, young,
                percentiles, hlog, sender, jvmArgs, jfr, crashLogDir);
    }

    /**
     * The collector and heap flags: one of -XX:+Use…GC, then -Xms and -Xmx, then -Xmn if a young size is
     * fixed; then JFR if asked ({@value #JFR_SETTINGS} settings: every safepoint, deoptimizations with their
     * stacks); then the {@code --jvm-arg} flags, last, so they win.
     */
    List<String> jvmFlags() {
        List<String> flags = new ArrayList<>(List.of(gc.flag(), "-Xms" + heap.text(), "-Xmx" + heap.text()));
        if (young != null) {
            flags.add("-Xmn" + young.text());
        }
        if (jfr != null) {
            flags.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=" + JFR_SETTINGS);
        }
        flags.addAll(jvmArgs);
        return flags;
    }

    static final String JFR_SETTINGS = "profile";

    /** The arguments after the child's main class. */
    List<String> childArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--component", component,
                "--rung", rung,
                "--rate", number(rate),
                "--seconds", number(seconds),
                "--warmup", number(warmup),
                "--modes", modes.stream().sorted().map(TimingMode::id).collect(Collectors.joining(",")),
                "--prefill", Integer.toString(prefill),
                "--arrivals", arrivals.id(),
                "--threads", Integer.toString(threads),
                "--sender", sender.id(),
                "--seed", Long.toString(SEED),
                "--gc", gc.id(),
                "--heap", heap.text(),
                "--young", young == null ? youngLabel() : young.text()));
        for (double p : percentiles) {
            args.addAll(List.of("--percentile", number(p)));
        }
        if (hlog != null) {
            args.addAll(List.of("--hlog", hlog.toString()));
        }
        return args;
    }

    /** The young generation as shown to people: a size, "default", or "n/a" for a single-generation ZGC. */
    String youngLabel() {
        if (young != null) {
            return young.text();
        }
        return gc.hasYoungGeneration() ? "default" : "n/a";
    }

    /** e.g. {@code G1 · heap 1g · young 768m}. */
    String gcLabel() {
        return gc.title() + " · heap " + heap.text() + " · young " + youngLabel();
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value) : String.format(Locale.ROOT, "%s", value);
    }
}
