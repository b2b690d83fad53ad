package dev.perflab;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints why a test did not run, where Maven's console shows it: a test skipped because an optional tool is
 * missing (iperf3, iproute2, root, perf events) says which and how to get it, not only in surefire's XML.
 * Registered for every test of this module through {@code META-INF/services}.
 */
public final class SkipReasons implements TestExecutionListener {
    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        System.out.println("[perflab] skipped " + test.getDisplayName() + ": " + reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            String reason = result.getThrowable().map(Throwable::getMessage).orElse("aborted");
            System.out.println("[perflab] skipped " + test.getLegacyReportingName() + ": " + reason);
        }
    }
}
