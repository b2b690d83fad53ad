package dev.perflab.cli.forwarder;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.GroupCommand;
import dev.perflab.cli.component.Registry;
import dev.perflab.forwarder.ForwarderLadder;
import java.io.PrintWriter;
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

    /** A role's warm-up over days of the given size; returns the seconds it took. */
    @FunctionalInterface
    interface WarmUpCall {
        double run(int messages) throws Exception;
    }

    /**
     * Runs a role's warm-up before it connects ({@code messages} 0: none) and prints one line saying so, e.g.
     * {@code client-1 warmed up: days of 60,000 messages read from memory, 0.4 s in all}; a warm-up that fails
     * is one line and exit 1 (the real day would fail the same way).
     */
    static void warmUp(CommandSpec role, String who, String how, int messages, WarmUpCall call) {
        if (messages == 0) {
            return;
        }
        double seconds;
        try {
            seconds = call.run(messages);
        } catch (Exception e) {
            throw new LabException(who + ": the warm-up failed: " + e.getMessage(), LabException.CHECK_FAILED);
        }
        PrintWriter out = role.commandLine().getOut();
        out.printf("%s warmed up: days of %,d messages %s, %.1f s in all%n", who, messages, how, seconds);
        out.flush();
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
