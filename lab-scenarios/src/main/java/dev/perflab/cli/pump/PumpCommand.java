package dev.perflab.cli.pump;

import dev.perflab.cli.component.GroupCommand;
import picocli.CommandLine.Command;

/**
 * {@code ./lab pump}: the socket pump's two roles, each runnable alone so a pump can span hosts.
 *
 * <pre>
 *  ./lab pump receiver --rung r5 --bind 127.0.0.1:7401
 *  ./lab pump sender   --rung r5 --connect 127.0.0.1:7401 --seconds 10
 * </pre>
 */
@Command(name = "pump", mixinStandardHelpOptions = true, description = {
        "Run one side of the socket pump (a day of market data over TCP, every message verified).",
        "Start the receiver, then the sender, both with the same --rung.",
        "./lab run socket-pump runs both for every rung, beside iperf3's ceiling, and prints the ladder."},
        subcommands = {ReceiverCommand.class, SenderCommand.class})
public final class PumpCommand extends GroupCommand {
}
