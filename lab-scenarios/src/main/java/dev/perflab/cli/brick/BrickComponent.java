package dev.perflab.cli.brick;

import dev.perflab.brick.BrickLadder;
import dev.perflab.brick.MoverSettings;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Prerequisite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The brick mover (report 003) as the CLI sees it: the ladder, the end-to-end run {@code ./lab run brick}
 * ({@link BrickScenario}: server and client as two JVMs over loopback per rung), its JMH suites behind
 * {@code --jmh} (the page tables' paths, the transform per line), and {@code ./lab brick}.
 */
public final class BrickComponent implements Component {
    private static final String PKG = "dev.perflab.bench.brick.";

    /** The server's claim path and the client's write path with 1, 2 and 4 threads, with and without groups. */
    static final JmhSuite PAGE_TABLE = JmhSuite.of("page-table", PKG + "PageTableBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "300ms", 2, "300ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 3, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    /** The transform of one line, bytes in place against strings. */
    static final JmhSuite TRANSFORM = JmhSuite.of("transform", PKG + "BrickTransformBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "300ms", 2, "300ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 3, "1s"),
            RunLength.FULL, new JmhOptions(3, 5, "2s", 10, "2s")));

    @Override
    public Ladder<MoverSettings> ladder() {
        return BrickLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(PAGE_TABLE, TRANSFORM);
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new BrickScenario());
    }

    @Override
    public List<Object> subcommands() {
        return List.of(new BrickCommand());
    }

    /** {@code --link} needs iproute2 and root. */
    @Override
    public List<Prerequisite> prerequisites() {
        return List.of(Prerequisite.link());
    }
}
