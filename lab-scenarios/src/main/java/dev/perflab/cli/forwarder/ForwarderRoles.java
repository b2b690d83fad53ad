package dev.perflab.cli.forwarder;

import dev.perflab.cli.component.GroupCommand;
import picocli.CommandLine.Command;

/**
 * {@code ./lab mdf forwarder|client|simulator}: the forwarder's three roles, each runnable alone so the
 * forwarder can span hosts. The market-data ring owns the {@code mdf} group too ({@code generate},
 * {@code replay}); the lab adds these roles to it, so both components keep their commands in their own package.
 *
 * <pre>
 *  ./lab mdf forwarder --bind 127.0.0.1:7411               (first)
 *  ./lab mdf client    --connect 127.0.0.1:7411             (one per client)
 *  ./lab mdf simulator --connect 127.0.0.1:7411             (last: the feed)
 * </pre>
 */
@Command(name = "mdf", mixinStandardHelpOptions = true,
        description = "Run one role of the market-data forwarder alone: forwarder first, then clients, then the simulator.",
        subcommands = {ForwarderCommand.class, ClientCommand.class, SimulatorCommand.class})
public final class ForwarderRoles extends GroupCommand {
}
