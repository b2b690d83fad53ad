package dev.perflab.cli.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Which engine actually sampled. For {@code event=cpu} async-profiler uses Linux perf events when the
 * kernel lets it ({@code /proc/sys/kernel/perf_event_paranoid}, container seccomp rules) and otherwise
 * falls back to a timer ({@code ctimer}, or {@code itimer}), warning about it in the profiled JVM's
 * output, which JMH passes on into its log. Other events have their own engines (alloc: TLAB callbacks,
 * lock: JVMTI contention events, wall: wall-clock timer).
 */
public final class SamplingEngine {
    private SamplingEngine() {
    }

    /** Reads the engine from the profiled run's log lines. */
    public static String fromLog(String event, List<String> logLines, String perfEventParanoid) {
        if (!event.equals("cpu")) {
            switch (event) {
                case "alloc":
                    return "alloc: JVM TLAB/allocation sampling callbacks";
                case "lock":
                    return "lock: JVMTI monitor contention events";
                default:
                    return event + ": async-profiler's wall-clock timer";
            }
        }
        for (String line : logLines) {
            String l = line.toLowerCase(Locale.ROOT);
            if (l.contains("ctimer")) {
                return "ctimer (timer fallback: perf events unavailable; perf_event_paranoid=" + perfEventParanoid + ")";
            }
            if (l.contains("itimer")) {
                return "itimer (timer fallback: perf events unavailable; perf_event_paranoid=" + perfEventParanoid + ")";
            }
            if (l.contains("perf_event_open") && (l.contains("fail") || l.contains("denied") || l.contains("not permitted"))) {
                return "timer fallback (async-profiler: " + line.trim() + ")";
            }
        }
        return "perf events (cpu-clock; no fallback warning from async-profiler; perf_event_paranoid=" + perfEventParanoid + ")";
    }

    /** The kernel setting that decides whether perf events are allowed, or {@code unknown}. */
    public static String perfEventParanoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
