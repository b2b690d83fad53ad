package dev.perflab.cli.orderbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.RunLength;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The replay suite's standard run is the benchmark's own annotations, so that running the class directly
 * ({@code java -jar benchmarks.jar OrderBookReplayBenchmark}) measures what {@code ./lab run orderbook} does.
 * {@code lab-scenarios} does not depend on {@code lab-benchmarks}, so this reads the annotations from the
 * source file (their time unit is JMH's default, seconds).
 */
class ReplayOptionsTest {
    private static final Path BENCHMARK = Path.of(System.getProperty("basedir", "."))
            .resolve("../lab-benchmarks/src/main/java/dev/perflab/bench/orderbook/OrderBookReplayBenchmark.java");

    @Test
    void standardRunIsTheBenchmarksAnnotations() throws Exception {
        assertTrue(Files.isRegularFile(BENCHMARK), "not found: " + BENCHMARK);
        String source = Files.readString(BENCHMARK);
        int forks = Integer.parseInt(group(source, "@Fork\\((\\d+)\\)", 1));
        String warmup = "@Warmup\\(iterations = (\\d+), time = (\\d+)\\)";
        String measurement = "@Measurement\\(iterations = (\\d+), time = (\\d+)\\)";
        JmhOptions annotated = new JmhOptions(forks,
                Integer.parseInt(group(source, warmup, 1)), group(source, warmup, 2) + "s",
                Integer.parseInt(group(source, measurement, 1)), group(source, measurement, 2) + "s");
        assertEquals(annotated, OrderBookComponent.REPLAY.optionsFor(RunLength.STANDARD).orElseThrow());
    }

    /** Each run length keeps a warm-up and at least 4 iterations: with 3, JMH's error is 18 × the spread. */
    @Test
    void everyRunLengthWarmsUpAndMeasuresAtLeastFourIterations() {
        for (RunLength length : RunLength.values()) {
            OrderBookComponent.REPLAY.optionsFor(length).ifPresent(options -> {
                assertTrue(options.warmupIterations() >= 1, length + ": " + options);
                assertTrue(options.iterations() >= 4, length + ": " + options);
            });
        }
    }

    private static String group(String source, String regex, int group) {
        Matcher m = Pattern.compile(regex).matcher(source);
        assertTrue(m.find(), "no " + regex + " in " + BENCHMARK);
        return m.group(group);
    }
}
