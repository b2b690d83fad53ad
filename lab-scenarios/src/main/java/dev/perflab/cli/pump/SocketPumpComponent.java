package dev.perflab.cli.pump;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.Scenario;
import dev.perflab.ladder.Ladder;
import dev.perflab.pump.Pump;
import dev.perflab.pump.PumpLadder;
import java.util.List;
import java.util.Optional;

/**
 * The socket pumps (report 000) as the CLI sees them: an end-to-end {@link PumpScenario} (a sender and a
 * receiver process over TCP, beside iperf3's ceiling) that {@code ./lab run socket-pump} runs, and
 * {@code ./lab pump sender|receiver}. No JMH suite: a socket's rate is a two-process measurement.
 */
public final class SocketPumpComponent implements Component {
    @Override
    public Ladder<Pump> ladder() {
        return PumpLadder.LADDER;
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new PumpScenario(PumpLadder.LADDER));
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new PumpCommand());
    }

    /** iperf3 measures the ceiling every rung is a percentage of; {@code --link} needs iproute2 and root. */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(Prerequisite.iperf3(), Prerequisite.link());
    }
}
