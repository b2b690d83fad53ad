package dev.perflab.cli.sha;

import dev.perflab.scenario.LabCommand;
import dev.perflab.scenario.RoleProcess;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Starts one role of the pipeline as its own JVM: {@code java -cp <this class path> dev.perflab.cli.Lab sha ROLE …}. */
final class ShaRoles {
    private ShaRoles() {
    }

    /** The command line of {@code ./lab sha ROLE args…} in a new JVM, behind {@code prefix} (e.g. ip netns exec NAME). */
    static List<String> command(List<String> prefix, String role, List<String> jvmFlags, List<String> args) {
        List<String> labArgs = new ArrayList<>(List.of("sha", role));
        labArgs.addAll(args);
        return LabCommand.of(prefix, jvmFlags, labArgs);
    }

    static RoleProcess start(List<String> prefix, String role, List<String> jvmFlags, List<String> args) throws IOException {
        return RoleProcess.start(role, command(prefix, role, jvmFlags, args));
    }
}
