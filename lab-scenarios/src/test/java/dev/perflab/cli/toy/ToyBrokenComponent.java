package dev.perflab.cli.toy;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/** The toy's rungs under another name, measured by {@link ToyBrokenBenchmark}: one trial of its suite throws. */
final class ToyBrokenComponent implements Component {
    static final String NAME = "broken-toy";
    private static final JmhOptions TINY = new JmhOptions(1, 0, "100ms", 1, "100ms");

    @Override
    public Ladder<LongUnaryOperator> ladder() {
        return new Ladder<>(NAME, "Toy with a trial that throws", ToyLadder.LADDER.entries());
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(JmhSuite.of("sum", ToyBrokenBenchmark.class.getName(), Map.of(RunLength.SMOKE, TINY)));
    }
}
