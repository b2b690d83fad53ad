package dev.perflab.cli.toy;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

/** The toy component: everything a component can offer, in one class, registered by one line in a test. */
public final class ToyComponent implements Component {
    /** As short as JMH allows: one 100 ms iteration, no warm-up, one fork (the standard run: ToySumBenchmark's annotations, the same). */
    private static final JmhOptions TINY = new JmhOptions(1, 0, "100ms", 1, "100ms");

    @Override
    public Ladder<LongUnaryOperator> ladder() {
        return ToyLadder.LADDER;
    }

    @Override
    public List<JmhSuite> suites() {
        return List.of(JmhSuite.of("sum", ToySumBenchmark.class.getName(), Map.of(
                RunLength.SMOKE, TINY, RunLength.QUICK, TINY, RunLength.FULL, TINY)));
    }

    @Override
    public Optional<ProfileDefaults> profile() {
        return Optional.of(new ProfileDefaults("ToySumBenchmark.sum", Map.of("n", "1000"), new JmhOptions(1, 1, "1s", 2, "1s")));
    }

    @Override
    public Optional<Scenario<?>> scenario() {
        return Optional.of(new ToyScenario());
    }
}
