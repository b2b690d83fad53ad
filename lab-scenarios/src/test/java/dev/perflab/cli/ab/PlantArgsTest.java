package dev.perflab.cli.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How a planted slowdown reaches a fork ({@link AbForks#plantArgs}): the lab's own rows read its size at their hook;
 * a row of another project's jar ({@link AbPlan#withPlantAgent}) gets the planting agent too, told to plant at
 * exactly that row's method; the ruler, from the lab's jar, keeps its hook.
 */
class PlantArgsTest {
    private static final JmhOptions SHORT = new JmhOptions(1, 1, "100ms", 1, "100ms");

    private static AbPlan.Row row(String benchmark, boolean ruler, Path agent) {
        return new AbPlan.Row(1, new JmhProcess.Configuration(benchmark, Map.of()), SHORT, ruler, null, "suite", agent);
    }

    @Test
    void theLabsOwnRowsReadTheSizeAtTheirHook() {
        assertEquals(List.of("-Dperflab.plant=40/8"), AbForks.plantArgs(row("dev.perflab.orderbook.B.cancelLast", false, null), "40/8"));
    }

    @Test
    void aProjectsRowGetsTheAgentAtExactlyItsMethod() {
        Path agent = Path.of("/opt/perflab/lib/perflab-agent.jar");
        assertEquals(List.of("-javaagent:/opt/perflab/lib/perflab-agent.jar=benchmark=^example\\.Sums\\.chain$", "-Dperflab.plant=40/8"),
                AbForks.plantArgs(row("example.Sums.chain", false, agent), "40/8"));
    }

    @Test
    void theRulerKeepsItsHookInAPlanWithTheAgent() {
        AbPlan.Row ruler = row("dev.perflab.ruler.RulerBenchmark.sortCopy", true, null);
        assertEquals(ruler, ruler.withPlantAgent(Path.of("/a.jar")));
        assertEquals(Path.of("/a.jar"), row("example.Sums.chain", false, null).withPlantAgent(Path.of("/a.jar")).plantAgent());
    }
}
