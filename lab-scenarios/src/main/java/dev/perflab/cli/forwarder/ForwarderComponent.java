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
 * The market-data forwarder end to end (report 000) as the CLI sees it: {@code ./lab run forwarder}
 * runs {@link ForwarderScenario} (Simulator, forwarder and clients as processes over TCP). The roles run alone as
 * {@code ./lab forwarder simulator|forwarder|client}.
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

    /**
     * The roles as {@code ./lab forwarder forwarder|client|simulator}, and for one release also under their former
     * group {@code ./lab mdf} (beside the ring's {@code generate} and {@code replay}), where each prints one line
     * naming the new group.
     */
    @Override
    public List<Object> subcommands() {
        return List.of(new ForwarderRoles(), new ForwarderRoles.Former());
    }

    /** {@code ./lab run mdf}, {@code ./lab check mdf}, {@code ./lab profile mdf}: the name before the rename. */
    @Override
    public List<String> formerNames() {
        return List.of(ForwarderRoles.FORMER_GROUP);
    }

    /** iperf3 measures the loopback ceiling each stage is a percentage of. */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(Prerequisite.iperf3());
    }
}
