package dev.perflab.latency;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a JFR recording of one latency run ({@code --jfr FILE}) says about the recorded phase, the stretch
 * its {@link RunEvent} marks: every deoptimization, the safepoints and the GC pauses in it. These are the
 * JVM's causes of a stall; the hiccup meter shows the machine's. Read with {@code jdk.jfr.consumer}.
 *
 * @param recordedFrom  start of the recorded phase (intended start of its first command)
 * @param recordedUntil end of it (intended start of the last command run)
 * @param deopts        deoptimizations inside the recorded phase, in time order
 * @param events        events of any kind in the whole recording (a recording that saw nothing proves nothing)
 * @param safepoints    safepoints inside the recorded phase ({@code jdk.SafepointBegin}, which spans the whole
 *                      safepoint; JFR records those above its threshold: all with {@code settings=profile},
 *                      above 10 ms with {@code default})
 * @param longestSafepoint the longest of them
 * @param gcPauses      collections inside the recorded phase
 * @param longestGcPause the longest pause among them
 */
public record JfrFacts(Instant recordedFrom, Instant recordedUntil, List<Deopt> deopts, long events, long safepoints,
                       Duration longestSafepoint, long gcPauses, Duration longestGcPause) {

    /** One {@code jdk.Deoptimization} event. */
    public record Deopt(Duration afterRecordingStarted, String thread, String type, String method, int line,
                        String reason, String action) {
        /** e.g. {@code +0.352 s main dev.perflab.latency.LatencyHarness.send line 189 unstable_if/reinterpret}. */
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "+%.3f s %s %s.%s line %d %s/%s", afterRecordingStarted.toNanos() / 1e9,
                    thread, type, method, line, reason, action);
        }

        public boolean inPackage(String packagePrefix) {
            return type.startsWith(packagePrefix);
        }
    }

    /** Reads a recording holding one latency run; throws if it holds none. */
    public static JfrFacts read(Path recording) throws IOException {
        List<RecordedEvent> all = RecordingFile.readAllEvents(recording);
        RecordedEvent run = all.stream().filter(e -> e.getEventType().getName().equals(RunEvent.NAME)).findFirst()
                .orElseThrow(() -> new IOException(recording + ": no " + RunEvent.NAME
                        + " event (the run did not finish, or the recording did not include it)"));
        Instant from = run.getStartTime().plus(run.getDuration("recordedFrom"));
        Instant until = run.getStartTime().plus(run.getDuration("recordedUntil"));
        List<Deopt> deopts = new ArrayList<>();
        long safepoints = 0;
        Duration longestSafepoint = Duration.ZERO;
        long gcPauses = 0;
        Duration longestGcPause = Duration.ZERO;
        for (RecordedEvent e : all) {
            if (e.getStartTime().isBefore(from) || e.getStartTime().isAfter(until)) {
                continue;
            }
            switch (e.getEventType().getName()) {
                case "jdk.Deoptimization" -> deopts.add(deopt(e, from));
                case "jdk.SafepointBegin" -> {
                    safepoints++;
                    longestSafepoint = longer(longestSafepoint, e.getDuration());
                }
                case "jdk.GarbageCollection" -> {
                    gcPauses++;
                    longestGcPause = longer(longestGcPause, e.getDuration("longestPause"));
                }
                default -> { }
            }
        }
        deopts.sort((a, b) -> a.afterRecordingStarted().compareTo(b.afterRecordingStarted()));
        return new JfrFacts(from, until, List.copyOf(deopts), all.size(), safepoints, longestSafepoint, gcPauses,
                longestGcPause);
    }

    private static Deopt deopt(RecordedEvent e, Instant from) {
        RecordedMethod method = e.getValue("method");
        RecordedThread thread = e.getThread();
        return new Deopt(Duration.between(from, e.getStartTime()), thread == null ? "?" : thread.getJavaName(),
                method == null ? "?" : method.getType().getName(), method == null ? "?" : method.getName(),
                e.getInt("lineNumber"), e.getString("reason"), e.getString("action"));
    }

    private static Duration longer(Duration a, Duration b) {
        return b.compareTo(a) > 0 ? b : a;
    }

    /**
     * Deoptimizations in the harness ({@code dev.perflab.latency}) or in HdrHistogram on a thread that runs
     * commands: the caller's and the sender. The reporter and the hiccup meter never touch a command; a
     * deoptimization there delays a progress line or one hiccup sample, not a command.
     */
    public List<Deopt> harnessDeopts() {
        return deopts.stream().filter(d -> d.inPackage("dev.perflab.latency.") || d.inPackage("org.HdrHistogram."))
                .filter(d -> !d.thread().equals(LatencyHarness.REPORTER_THREAD)
                        && !d.thread().equals(HiccupMeter.THREAD))
                .toList();
    }

    /** Two lines for people: the JVM's possible causes of a stall during the recorded phase. */
    public String summary() {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "JFR, recorded phase: %d deoptimization%s (%d in the harness or HdrHistogram) · %d safepoint%s,"
                        + " longest %.3f ms · %d GC pause%s, longest %.3f ms",
                deopts.size(), deopts.size() == 1 ? "" : "s", harnessDeopts().size(), safepoints,
                safepoints == 1 ? "" : "s", longestSafepoint.toNanos() / 1e6, gcPauses, gcPauses == 1 ? "" : "s",
                longestGcPause.toNanos() / 1e6));
        deopts.stream().limit(SHOWN_DEOPTS).forEach(d -> text.append("\n  deopt ").append(d));
        if (deopts.size() > SHOWN_DEOPTS) {
            text.append("\n  … ").append(deopts.size() - SHOWN_DEOPTS).append(" more (jfr print --events jdk.Deoptimization)");
        }
        return text.toString();
    }

    private static final int SHOWN_DEOPTS = 10;
}
