package dev.perflab.bench.orderbook;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Waits until this JVM's JIT compilers have nothing queued or in progress, read from HotSpot's
 * {@code Compiler.queue} diagnostic command (what {@code jcmd PID Compiler.queue} prints):
 * <pre>
 *   Current compiles:
 *   C2 CompilerThread0  1457       4       java.lang.StringBuilder::toString (35 bytes)
 *
 *   C1 compile queue:
 *   Empty
 *
 *   C2 compile queue:
 *   1449       4       java.lang.CharacterDataLatin1::toUpperCase (53 bytes)
 * </pre>
 * Drained means no task line (a compile id, or a compiler thread at work) is left.
 *
 * <p>Why: on 2 cores shared with other work, the warm-up's compilations queue up behind a starved C2
 * thread. In one replay fork C2 finished compiling r3's book methods long after warm-up, and the score
 * doubled in the very next iteration (measurements: the orderbook logs in docs/measurements/README.md); a fixed
 * warm-up cannot know how long that backlog is. Waiting here, untimed, with the benchmark thread idle, gives
 * the compiler threads the CPU.
 */
final class JitQueue {
    /** A line naming a compile task: a compile id, or a compiler thread in "Current compiles". */
    private static final Pattern TASK = Pattern.compile("(?m)^\\s*(\\d|C\\d CompilerThread)");
    private static final long POLL_MILLIS = 20;
    /** The longest wait for the JIT's backlog before a suite's first measured iteration (it is reported when hit). */
    static final long WAIT_MAX_MILLIS = 30_000;

    private JitQueue() {
    }

    /** Whether {@code Compiler.queue} output lists no task. */
    static boolean drained(String queue) {
        return !TASK.matcher(queue).find();
    }

    /**
     * Waits until the compile queues are drained, or {@code maxMillis} have passed; returns the milliseconds
     * waited, or -1 when the queue cannot be read (not HotSpot), in which case it does not wait.
     */
    static long awaitDrained(long maxMillis) {
        long start = System.nanoTime();
        try {
            ObjectName command = new ObjectName("com.sun.management:type=DiagnosticCommand");
            while (true) {
                String queue = (String) ManagementFactory.getPlatformMBeanServer().invoke(command, "compilerQueue",
                        new Object[] {null}, new String[] {String[].class.getName()});
                long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                if (drained(queue) || waited >= maxMillis) {
                    return waited;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (JMException | ClassCastException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        }
    }

    /**
     * Reads the queue once, untimed, before the warm-up (a trial set-up). The wait before measuring reads it through
     * the platform MBean server, whose first use loads classes and runs JDK maps with keys of its own; run first
     * between warm-up and measurement, it made the C2 code of {@code HashMap.getNode}, {@code putVal},
     * {@code removeNode} and {@code TreeMap.getEntry} not entrant in every exchange-core naive fork (the JIT's own
     * log, {@code -XX:+PrintCompilation}), so a book built on JDK maps met its first measured iterations
     * recompiling, and a book of its own arrays did not. Read once here, that happens before the warm-up, which
     * compiles the maps again with the MBean server's use already seen.
     */
    static void touch() {
        awaitDrained(0);
    }

    /**
     * What a suite calls, untimed, before its first measured iteration: waits up to {@link #WAIT_MAX_MILLIS} for the
     * warm-up's compilations to finish and prints the wait in JMH's log.
     */
    static void settleBeforeMeasuring() {
        long waited = awaitDrained(WAIT_MAX_MILLIS);
        System.out.println(waited < 0 ? "(JIT queue not readable on this JVM: measuring without waiting)"
                : waited >= WAIT_MAX_MILLIS ? "(JIT queue still busy after " + waited + " ms: measuring anyway)"
                : "(JIT queue drained " + waited + " ms after warm-up)");
    }
}
