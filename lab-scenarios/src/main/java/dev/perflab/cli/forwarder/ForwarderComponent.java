package dev.perflab.cli.forwarder;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.Scenario;
import dev.perflab.forwarder.ForwarderConfig;
import dev.perflab.forwarder.ForwarderLadder;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Optional;

/**
 * The market-data forwarder end to end (report 000) as the CLI sees it: {@code ./lab run mdf} runs
 * {@link ForwarderScenario} (Simulator, forwarder and clients as processes over TCP). The roles run alone as
 * {@code ./lab mdf simulator|forwarder|client} (subcommands of {@code ./lab mdf}, beside generate and replay).
 * No JMH suite: the ring has its own ({@code ./lab run mdf-ring}).
 */
public final class ForwarderComponent implements Component {
    @Override
    public Ladder<ForwarderConfig> ladder() {
        return ForwarderLadder.LADDER;
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new ForwarderScenario(ForwarderLadder.LADDER));
    }

    @Override
    public List<String> smokeRungs() {
        return List.of("naive", "tuned");
    }

    /** The roles as {@code ./lab mdf forwarder|client|simulator}, beside the ring's {@code generate} and {@code replay}. */
    @Override
    public List<Object> subcommands() {
        return List.of(new ForwarderRoles());
    }

    /** iperf3 measures the loopback ceiling each stage is a percentage of. */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(Prerequisite.iperf3());
    }
}
