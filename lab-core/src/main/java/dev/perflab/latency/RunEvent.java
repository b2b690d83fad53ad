package dev.perflab.latency;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * One latency run, in a JFR recording ({@code ./lab latency … --jfr FILE}): it spans the whole run and
 * says where the recorded phase lies, so a reader (JMC, {@code jfr print}, {@link JfrFacts}) can tell a
 * deoptimization, safepoint or GC during warm-up from one that hit the recorded commands.
 */
@Name(RunEvent.NAME)
@Label("Latency run")
@Category("perflab")
@Description("A latency harness run; the recorded phase is [start + recordedFrom, start + recordedUntil]")
final class RunEvent extends Event {
    static final String NAME = "dev.perflab.latency.Run";

    @Label("Target rate (commands/s)")
    double ratePerSecond;

    @Label("Threads")
    int threads;

    @Label("Sender")
    String sender;

    @Label("Warm-up commands")
    long warmupCommands;

    @Label("Recorded commands")
    long recordedCommands;

    @Label("Recorded from")
    @Description("From the event's start to the intended start of the first recorded command")
    @Timespan(Timespan.NANOSECONDS)
    long recordedFrom;

    @Label("Recorded until")
    @Description("From the event's start to the intended start of the last command run")
    @Timespan(Timespan.NANOSECONDS)
    long recordedUntil;
}
