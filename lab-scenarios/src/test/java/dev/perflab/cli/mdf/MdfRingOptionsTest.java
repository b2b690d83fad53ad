package dev.perflab.cli.mdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.ProfileDefaults;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.mdf.MdfRingLadder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ring suite's run lengths (standard = the benchmark's annotations; enough iterations for an error bar
 * that can rank r4 against the peers) and {@code ./lab profile mdf-ring}'s defaults. {@code lab-scenarios}
 * does not depend on {@code lab-benchmarks}, so the annotations are read from the source file.
 */
class MdfRingOptionsTest {
    private static final Path BENCHMARK = Path.of(System.getProperty("basedir", "."))
            .resolve("../lab-benchmarks/src/main/java/dev/perflab/bench/mdf/MdfRingBenchmark.java");

    @Test
    void standardRunIsTheBenchmarksAnnotations() throws Exception {
        assertTrue(Files.isRegularFile(BENCHMARK), "not found: " + BENCHMARK);
        String source = Files.readString(BENCHMARK);
        String warmup = "@Warmup\\(iterations = (\\d+), time = (\\d+)\\)";
        String measurement = "@Measurement\\(iterations = (\\d+), time = (\\d+), timeUnit = TimeUnit.MILLISECONDS\\)";
        JmhOptions annotated = new JmhOptions(Integer.parseInt(group(source, "@Fork\\(value = (\\d+)", 1)),
                Integer.parseInt(group(source, warmup, 1)), group(source, warmup, 2) + "s",
                Integer.parseInt(group(source, measurement, 1)), group(source, measurement, 2) + "ms");
        assertEquals(annotated, MdfRingComponent.RING.optionsFor(RunLength.STANDARD).orElseThrow());
    }

    /**
     * Quick, standard and full runs warm up for 2 s or more (r3 and r4 before C2) and measure at least 5
     * iterations: JMH's 99.9% error is 18 × the iteration spread with 3, 3.9 × with 5. The smoke run is the
     * gates' and keeps its calibrated shape.
     */
    @Test
    void rankingRunsWarmUpTwoSecondsAndMeasureAtLeastFiveIterations() {
        for (RunLength length : List.of(RunLength.QUICK, RunLength.STANDARD, RunLength.FULL)) {
            JmhOptions options = MdfRingComponent.RING.optionsFor(length).orElseThrow();
            assertTrue(options.warmupIterations() * seconds(options.warmupTime()) >= 2.0, length + ": " + options);
            assertTrue(options.iterations() >= 5, length + ": " + options);
        }
    }

    /** The profile's warm-up is as long as a ranking run's: a profile of r4 before C2 would show its interpreter. */
    @Test
    void profileDefaultsWarmUpTwoSeconds() {
        ProfileDefaults defaults = Registry.builtIn().byName(MdfRingLadder.COMPONENT).profile().orElseThrow();
        assertTrue(defaults.options().warmupIterations() * seconds(defaults.options().warmupTime()) >= 2.0, defaults.toString());
    }

    private static double seconds(String jmhTime) {
        return jmhTime.endsWith("ms") ? Double.parseDouble(jmhTime.replace("ms", "")) / 1000
                : Double.parseDouble(jmhTime.replace("s", ""));
    }

    private static String group(String source, String regex, int group) {
        Matcher m = Pattern.compile(regex).matcher(source);
        assertTrue(m.find(), "no " + regex + " in " + BENCHMARK);
        return m.group(group);
    }
}
