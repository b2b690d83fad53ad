package dev.perflab.net;

import java.time.Duration;
import java.util.List;

/**
 * How long the lab waits on a peer that has gone quiet before it names it and gives up: a role that has not
 * printed its {@code listening on} line, a brick server or client whose peer moves no byte. Thirty seconds by
 * default, long enough for a JVM to start on a loaded 2-core machine.
 *
 * <p>{@code -Dperflab.liveness.seconds=S} changes it for this JVM, and {@link dev.perflab.proc.ChildProcess}
 * hands the same flag to every JVM the lab starts, so one setting reaches every role of a run: a slower machine
 * can raise it ({@code LAB_JAVA_OPTS=-Dperflab.liveness.seconds=120 ./lab run brick}), and the fault tests lower
 * it so that a frozen peer is named in seconds rather than half a minute. Stateless; read on each call, so a
 * test may set the property for the runs it starts.
 */
public final class Liveness {
    /** The system property that sets the limit, in whole seconds (1 or more). */
    public static final String PROPERTY = "perflab.liveness.seconds";
    static final int DEFAULT_SECONDS = 30;

    private Liveness() {
    }

    /** The limit: the property's value, or 30 s when it is not set. */
    public static Duration limit() {
        String value = System.getProperty(PROPERTY);
        if (value == null) {
            return Duration.ofSeconds(DEFAULT_SECONDS);
        }
        int seconds;
        try {
            seconds = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            seconds = 0;
        }
        if (seconds < 1) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a whole number of seconds ≥ 1;"
                    + " give one such as -D" + PROPERTY + "=60, or leave it out for " + DEFAULT_SECONDS + " s");
        }
        return Duration.ofSeconds(seconds);
    }

    /** {@link #limit()} in milliseconds, as socket timeouts take it. */
    public static int millis() {
        return Math.toIntExact(limit().toMillis());
    }

    /** The flag that gives a child JVM this JVM's setting: one element, or none when the default holds. */
    public static List<String> childFlags() {
        return System.getProperty(PROPERTY) == null ? List.of() : List.of("-D" + PROPERTY + "=" + limit().toSeconds());
    }
}
