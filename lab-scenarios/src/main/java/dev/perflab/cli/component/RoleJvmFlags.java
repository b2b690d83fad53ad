package dev.perflab.cli.component;

import dev.perflab.scenario.Role;
import java.util.List;

/**
 * Extra JVM flags for some of a scenario run's role processes: how {@code ./lab profile COMPONENT --role ROLE}
 * puts async-profiler's agent into one role's JVM while the scenario starts every role as usual.
 *
 * <pre>
 *   ./lab profile forwarder --role forwarder --rung r2
 *     └─▶ Scenario.run(request with these flags)
 *           for each rung, for each role process it starts:
 *             flags(rung, role, process) ──▶ java [its own flags] [these flags] … ./lab forwarder forwarder …
 * </pre>
 *
 * A scenario that honours them says so ({@link Scenario#takesRoleJvmFlags()}). Called on the scenario's
 * thread, once per process started; implementations may record what they handed out.
 */
@FunctionalInterface
public interface RoleJvmFlags {
    /** No extra flags: what {@code ./lab run} passes. */
    RoleJvmFlags NONE = (rung, role, process) -> List.of();

    /**
     * @param rung    the id of the rung being run
     * @param role    the role, one of {@link Scenario#roles()}
     * @param process the process's own name ({@code client-2} for the second process of role {@code client})
     * @return flags to put before the main class, possibly none
     */
    List<String> flags(String rung, Role role, String process);
}
