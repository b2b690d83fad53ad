package dev.perflab.scenario;

import dev.perflab.net.Endpoint;
import dev.perflab.net.Liveness;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a scenario's roles in their order, each listener's port handed to the roles that connect to it.
 *
 * <pre>
 *   roles: collector (listens) · executor (listens, → collector) · generator (→ executor)
 *
 *   start collector --bind HOST:0            ─▶ "listening on HOST:41001"
 *   start executor  --bind HOST:0 --connect collectorHost:41001 ─▶ "listening on HOST:41002"
 *   start generator --connect executorHost:41002
 * </pre>
 *
 * <p>Guarantee: if any role fails to start or to listen in time, every role already started is stopped
 * before the exception leaves; otherwise the caller owns the returned processes and closes them.
 */
public final class RoleChain {
    /** How long a listening role has to print its {@code listening on} line ({@link Liveness}: 30 s unless set). */
    public static Duration startTimeout() {
        return Liveness.limit();
    }

    /** Builds one role's command line. */
    @FunctionalInterface
    public interface Launch {
        /**
         * @param role    the role
         * @param connect {@code HOST:PORT} of the role it connects to, or null
         * @return the whole command line, e.g. from {@code ChildProcess.javaCommand}
         */
        List<String> command(Role role, String connect);
    }

    private RoleChain() {
    }

    /**
     * Starts every role, in order.
     *
     * @param hostOf where the other roles reach a listening role (e.g. {@code 127.0.0.1}, or its namespace's address)
     * @return the processes, in start order
     */
    public static List<RoleProcess> start(List<Role> roles, java.util.function.Function<Role, String> hostOf, Launch launch)
            throws IOException, InterruptedException {
        Map<String, String> addresses = new HashMap<>();
        Map<String, Role> byName = new HashMap<>();
        roles.forEach(r -> byName.put(r.name(), r));
        List<RoleProcess> started = new ArrayList<>();
        try {
            for (Role role : roles) {
                String connect = null;
                if (role.connectsTo() != null) {
                    connect = addresses.get(role.connectsTo());
                    if (connect == null) {
                        throw new IllegalArgumentException(role.name() + " connects to " + role.connectsTo()
                                + ", which is not a listening role started before it");
                    }
                }
                RoleProcess process = RoleProcess.start(role.name(), launch.command(role, connect));
                started.add(process);
                if (role.listens()) {
                    String printed = process.awaitAddress(startTimeout());
                    // a Unix socket's file is the address as printed; a TCP port is reached at hostOf's host
                    addresses.put(role.name(), printed.startsWith(Endpoint.UNIX_PREFIX) ? printed
                            : hostOf.apply(role) + ":" + process.awaitPort(startTimeout()));
                }
            }
            return started;
        } catch (IOException | InterruptedException | RuntimeException e) {
            started.forEach(RoleProcess::close);
            throw e;
        }
    }
}
