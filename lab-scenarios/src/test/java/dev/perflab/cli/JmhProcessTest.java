package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Reading JMH's output: its refusal when another run holds the machine-wide lock. */
class JmhProcessTest {
    @Test
    void anotherRunHoldingTheLockIsOneLineNamingTheLockFile() {
        StringWriter console = new StringWriter();
        JmhProcess.Progress progress = new JmhProcess.Progress("suite", 1, new StringWriter(), new PrintWriter(console));
        // JMH 1.37's output when /tmp/jmh.lock is taken: "ERROR: " then the exception's stack trace
        progress.line("ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be running."
                + " Unable to acquire the JMH lock (/tmp/jmh.lock), exiting. Use -Djmh.ignoreLock=true to forcefully continue.");
        progress.line("\tat org.openjdk.jmh.runner.Runner.run(Runner.java:211)");
        progress.line("Caused by: java.lang.IllegalStateException: nothing");
        assertEquals("/tmp/jmh.lock", progress.lockFile());
        assertEquals("", console.toString(), "no stack trace on the console");
        LabException e = JmhProcess.lockHeld(progress.lockFile());
        assertEquals(1, e.getMessage().lines().count());
        assertTrue(e.getMessage().contains("another JMH run holds /tmp/jmh.lock"), e.getMessage());
        assertTrue(e.getMessage().contains("wait"), e.getMessage());
        assertEquals(LabException.CHECK_FAILED, e.exitCode());
    }

    @Test
    void anOrdinaryRunHoldsNoLock() {
        JmhProcess.Progress progress = new JmhProcess.Progress("suite", 1, new StringWriter(), new PrintWriter(new StringWriter()));
        progress.line("# Run progress: 0.00% complete, ETA 00:00:10");
        assertNull(progress.lockFile());
    }
}
