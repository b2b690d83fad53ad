package dev.perflab.cli.mdf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.mdf.MdfRingLadder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ring suite's run lengths (the standard run is {@code MdfRingBenchmark}'s annotations, read back from
 * JMH's benchmark list; enough iterations for an error bar that can rank r4 against the peers) and
 * {@code ./lab profile mdf-ring}'s defaults.
 */
class MdfRingOptionsTest {
    private static final String DELIVER = "dev.perflab.bench.mdf.MdfRingBenchmark.deliver";

    /**
     * Quick, standard and full runs warm up for 2 s or more (r3 and r4 before C2) and measure at least 5
     * iterations: JMH's 99.9% error is 18 × the iteration spread with 3, 3.9 × with 5. The smoke run is the
     * gates' and keeps its calibrated shape.
     */
    @Test
    void rankingRunsWarmUpTwoSecondsAndMeasureAtLeastFiveIterations() {
        BenchmarkCatalog catalog = BenchmarkCatalog.ofThisClassPath();
        for (RunLength length : List.of(RunLength.QUICK, RunLength.STANDARD, RunLength.FULL)) {
            JmhOptions options = MdfRingComponent.RING.options(length, DELIVER, catalog);
            assertTrue(options.warmupSeconds() >= 2.0, length + ": " + options);
            assertTrue(options.iterations() >= 5, length + ": " + options);
        }
    }

    /** The profile's warm-up is as long as a ranking run's: a profile of r4 before C2 would show its interpreter. */
    @Test
    void profileDefaultsWarmUpTwoSeconds() {
        ProfileDefaults defaults = Registry.builtIn().byName(MdfRingLadder.COMPONENT).profile().orElseThrow();
        assertTrue(defaults.options().warmupSeconds() >= 2.0, defaults.toString());
    }
}
