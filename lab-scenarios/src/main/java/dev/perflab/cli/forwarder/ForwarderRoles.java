package dev.perflab.cli.forwarder;

import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.Registry;
import dev.perflab.forwarder.ForwarderLadder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ./lab forwarder forwarder|client|simulator}: the forwarder's three roles, each runnable alone so the
 * forwarder can span hosts.
 *
 * <pre>
 *  ./lab forwarder forwarder --bind 127.0.0.1:7411          (first)
 *  ./lab forwarder client    --connect 127.0.0.1:7411        (one per client)
 *  ./lab forwarder simulator --connect 127.0.0.1:7411        (last: the feed)
 * </pre>
 *
 * The roles used to hang under the ring's {@code ./lab mdf} group; {@link Former} keeps them there for one
 * release, each printing one line naming the new group before it runs.
 */
@Command(name = ForwarderLadder.COMPONENT, mixinStandardHelpOptions = true,
        description = "Run one role of the market-data forwarder alone: forwarder first, then clients, then the simulator.",
        subcommands = {ForwarderCommand.class, ClientCommand.class, SimulatorCommand.class})
public final class ForwarderRoles extends GroupCommand {
    /** The group the roles had before the component was renamed. */
    static final String FORMER_GROUP = "mdf";

    /**
     * {@code ./lab mdf forwarder|client|simulator}: the same roles under the former group, which the ring's
     * {@code ./lab mdf generate|replay} also uses (the lab merges the two groups' subcommands).
     */
    @Command(name = FORMER_GROUP, mixinStandardHelpOptions = true, hidden = true,
            description = "Former group of the forwarder's roles: use ./lab forwarder forwarder|client|simulator.",
            subcommands = {ForwarderCommand.class, ClientCommand.class, SimulatorCommand.class})
    public static final class Former extends GroupCommand {
    }

    /** Prints {@code mdf is now forwarder} on stderr when a role was called through the former group. */
    static void noteIfFormer(CommandSpec role) {
        CommandSpec parent = role.parent();
        if (parent != null && parent.name().equals(FORMER_GROUP)) {
            role.commandLine().getErr().println(Registry.renamedNote(FORMER_GROUP, ForwarderLadder.COMPONENT));
            role.commandLine().getErr().flush();
        }
    }
}
