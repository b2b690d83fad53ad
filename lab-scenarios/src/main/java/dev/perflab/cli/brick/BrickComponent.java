package dev.perflab.cli.brick;

import dev.perflab.brick.BrickLadder;
import dev.perflab.brick.MoverSettings;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Scenario;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Optional;

/**
 * The brick mover (report 003) as the CLI sees it: the ladder, the end-to-end run {@code ./lab run brick}
 * ({@link BrickScenario}: server and client as two JVMs over loopback per rung), and {@code ./lab brick}.
 */
public final class BrickComponent implements Component {
    @Override
    public Ladder<MoverSettings> ladder() {
        return BrickLadder.LADDER;
    }

    @Override
    public Optional<Scenario> scenario() {
        return Optional.of(new BrickScenario());
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new BrickCommand());
    }
}
