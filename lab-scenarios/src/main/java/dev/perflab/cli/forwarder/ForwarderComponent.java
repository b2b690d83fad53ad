package dev.perflab.cli.forwarder;

import dev.perflab.cli.component.Component;
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
    public Optional<Scenario> scenario() {
        return Optional.of(new ForwarderScenario(ForwarderLadder.LADDER));
    }

    @Override
    public List<String> smokeRungs() {
        return List.of("naive", "tuned");
    }

    /** The roles' subcommands hang under {@code ./lab mdf} ({@link dev.perflab.cli.MdfCommand}). */
    @Override
    public List<Object> subcommands() {
        return List.of();
    }
}
