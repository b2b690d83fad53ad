package dev.perflab.cli.forwarder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import dev.perflab.scenario.link.LinkNamespaces;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab run forwarder --place forwarder=hostA,client=hostB,late=hostB}: the forwarder (and the Simulator, which
 * follows it) in one network namespace, the clients in another, one machine playing both hosts. Every message
 * reaches every client, each host's clock offset is measured and printed before the first configuration, and the
 * latencies carry it. Where namespaces cannot be made (not root, no iproute2) the test is skipped with the reason.
 */
class ForwarderPlacementTest {
    private static final Pattern OFFSET = Pattern.compile("clock: hostB − hostA = ([+-][\\d.]+) µs ± ([\\d.]+) µs");

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    @Test
    @Timeout(300)
    void theForwarderAndItsClientsInTwoNamespacesDeliverEveryMessageAndTheLatencyCarriesTheClockOffset() throws Exception {
        Optional<String> unavailable = LinkNamespaces.unavailableReason();
        assumeTrue(unavailable.isEmpty(), () -> "skipped: " + unavailable.orElse(""));
        assertEquals(0, lab.run("run", "forwarder", "--smoke", "--rung", "r2", "--rate", "20000", "--no-ceiling", "--place", "forwarder=hostA,client=hostB,late=hostB",
                "--out", dir.toString()), lab.err.toString() + lab.out);
        String out = lab.out.toString();
        assertTrue(out.contains("host hostA: forwarder, simulator · netns perflab-recv-"), out);
        assertTrue(out.contains("host hostB: client, late · netns perflab-send-"), out);
        Matcher m = OFFSET.matcher(out);
        assertTrue(m.find(), "the clock offset is printed: " + out);
        double offset = Double.parseDouble(m.group(1));
        double bound = Double.parseDouble(m.group(2));
        assertTrue(Math.abs(offset) <= bound + 0.1, "two namespaces share one kernel clock: 0 within the bound, was " + m.group());
        assertTrue(out.indexOf("clock: hostB − hostA") < out.indexOf("latency client-1"), "the offset comes before any latency");
        assertTrue(out.contains("every client of every configuration got the whole day"), out);
        assertTrue(out.contains("(publish → client, from intended send time; clock hostB − hostA = "), out);
        JsonNode row = new ObjectMapper().readTree(dir.resolve("forwarder.json").toFile()).get(0);
        JsonNode metrics = row.path("secondaryMetrics");
        for (String zero : List.of("lost", "gaps", "duplicates", "reorderings", "errors")) {
            assertEquals(0, metrics.path(zero).path("score").asDouble(), zero + " in " + row);
        }
        assertEquals(ForwarderScenario.SMOKE_DAY_MESSAGES, metrics.path("late").path("score").asLong(), row.toString());
        assertEquals(1, metrics.path("lateComplete").path("score").asDouble());
        assertEquals("us", metrics.path("clockOffset").path("scoreUnit").asText(), metrics.toString());
        assertEquals(offset, metrics.path("clockOffset").path("score").asDouble(), 0.06, metrics.toString());
        assertEquals(bound, metrics.path("clockOffset").path("scoreError").asDouble(), 0.06, metrics.toString());
    }

    @Test
    void aPlacementOneMachineCannotPlayIsOneLineExitTwo() {
        assertEquals(2, lab.run("run", "forwarder", "--smoke", "--place", "client=hostB", "--out", dir.toString()));
        String err = lab.err.toString();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("lab: --place client=hostB: ") && err.contains("cannot reach a role on a named host"), err);
        lab.clear();
        assertEquals(2, lab.run("run", "forwarder", "--smoke", "--place", "forwarder", "--out", dir.toString()));
        assertTrue(lab.err.toString().contains("'forwarder' is not ROLE=HOST"), lab.err.toString());
    }
}
