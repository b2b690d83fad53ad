package dev.perflab.scenario;

import dev.perflab.proc.ChildProcess;
import java.util.List;

/**
 * The command line of {@code ./lab ARGS…} in a new JVM on this class path: how a scenario starts its roles
 * ({@code ./lab sha executor …}, {@code ./lab pump receiver …}) so that each role is the same command a user
 * can start by hand on another host.
 */
public final class LabCommand {
    /** The lab's entry point; named, not imported, since the commands' floor stands above every scenario. */
    public static final String MAIN_CLASS = "dev.perflab.cli.Lab";

    private LabCommand() {
    }

    /** {@code java FLAGS -cp … dev.perflab.cli.Lab ARGS…}, behind {@code prefix} (e.g. {@code ip netns exec NAME}). */
    public static List<String> of(List<String> prefix, List<String> jvmFlags, List<String> labArgs) {
        return ChildProcess.javaCommand(prefix, jvmFlags, MAIN_CLASS, labArgs);
    }
}
