package dev.perflab.cli.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Which engine actually sampled a profile.
 *
 * <p>For {@code event=cpu} async-profiler picks Linux perf events when the kernel lets it open them
 * ({@code /proc/sys/kernel/perf_event_paranoid}, a container's seccomp profile) and otherwise falls back,
 * silently, to the {@code ctimer} timer (or, last, a wall-clock sampler): nothing in JMH's output says so.
 * The one place 4.2 records it is its JFR output, as a {@code jdk.ActiveSetting} named {@code engine}
 * ({@code perf_events}, {@code ctimer}, {@code itimer}, {@code wall}, or {@code noop} when only the
 * alloc or lock tracers run). So every rung is recorded as JFR too, and the setting is read from there.
 */
public final class SamplingEngine {
    static final String UNKNOWN = "unknown";

    private SamplingEngine() {
    }

    /** The {@code engine} setting async-profiler wrote into a JFR recording, if it wrote one. */
    public static Optional<String> fromJfr(Path jfr) throws IOException {
        try (RecordingFile recording = new RecordingFile(jfr)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                if (e.getEventType().getName().equals("jdk.ActiveSetting") && "engine".equals(e.getString("name"))) {
                    return Optional.ofNullable(e.getString("value"));
                }
            }
        }
        return Optional.empty();
    }

    /** One line saying what sampled, e.g. {@code ctimer (timer fallback: perf events not available; …)}. */
    /**
     * The engine's name for a graph's title and the line under it: async-profiler's own, except {@code noop}, which it
     * writes when no CPU sampler ran (an {@code alloc} or {@code lock} profile) and which says nothing to a reader.
     */
    public static String label(String event, String engine) {
        if (!engine.equals("noop")) {
            return engine;
        }
        return event.equals("alloc") ? "JVMTI allocation samples" : event.equals("lock") ? "JVMTI lock events" : engine;
    }

    public static String describe(String event, String engine, String perfEventParanoid) {
        String paranoid = "perf_event_paranoid=" + perfEventParanoid;
        switch (engine) {
            case "perf_events":
                return "perf_events (Linux perf events" + (event.equals("cpu") ? ", cpu-clock" : "") + "; " + paranoid + ")";
            case "ctimer":
            case "itimer":
                return engine + (event.equals("cpu") ? " (timer fallback: perf events not available here; " + paranoid + ")"
                        : " (timer)");
            case "wall":
                return event.equals("cpu") ? "wall (wall-clock fallback: neither perf events nor ctimer available; " + paranoid + ")"
                        : "wall (wall-clock sampler)";
            case "noop":
                return event.equals("alloc") ? "alloc (JVMTI allocation sampling; no CPU sampler)"
                        : event.equals("lock") ? "lock (JVMTI lock contention events; no CPU sampler)"
                        : "noop (no sampling engine)";
            default:
                return engine;
        }
    }

    /** Whether the engine is a fallback rather than what {@code event} asked for (only cpu falls back). */
    public static boolean isFallback(String event, String engine) {
        return event.equals("cpu") && !engine.equals("perf_events") && !engine.equals(UNKNOWN);
    }

    /** The kernel setting that decides whether perf events are allowed, or {@code unknown}. */
    public static String perfEventParanoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }
}
