package dev.perflab.proc;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JIT compilers' busy time in this JVM, for warm-ups that end when the compilers have gone quiet rather than
 * after a fixed time: a warm-up round during which they were busy for more than a small share of its wall time
 * left compiled code still to come, and a measurement started then would time the compiling as well.
 */
public final class JitClock {
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private JitClock() {
    }

    /** The compilers' accumulated busy time so far in milliseconds, or 0 where the JVM does not say. */
    public static long busyMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    /** The share of {@code wallMillis} the compilers were busy, given {@link #busyMillis()} before and after it. */
    public static double share(long busyBefore, long busyAfter, double wallMillis) {
        return wallMillis > 0 ? (busyAfter - busyBefore) / wallMillis : 0;
    }
}
