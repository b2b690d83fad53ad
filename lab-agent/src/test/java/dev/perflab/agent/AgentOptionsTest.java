package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's argument: where to plant, the receipt, and a one-line refusal of anything else. */
class AgentOptionsTest {
    private static final byte[] WITH_BENCHMARK = ("..." + AgentOptions.BENCHMARK_DESCRIPTOR + "...").getBytes(StandardCharsets.UTF_8);
    private static final byte[] WITHOUT = "Ljava/lang/Deprecated;".getBytes(StandardCharsets.UTF_8);

    @Test
    void aBenchmarkRegexIsFoundInTheFullNameOfAnnotatedMethodsOnly() {
        AgentOptions options = AgentOptions.parse("benchmark=Sums\\.loop$");
        assertTrue(options.mayHold("org/example/Sums", WITH_BENCHMARK));
        assertFalse(options.mayHold("org/example/Sums", WITHOUT), "no @Benchmark in the class: not parsed at all");
        assertTrue(options.plants("org/example/Sums", "loop", true));
        assertFalse(options.plants("org/example/Sums", "loop", false), "not annotated");
        assertFalse(options.plants("org/example/Sums", "loopOver", true));
        assertTrue(AgentOptions.parse("benchmark=Outer.Inner.run").plants("org/example/Outer$Inner", "run", true),
                "a nested class as JMH names it");
        assertNull(options.receipt());
        assertEquals("benchmark=Sums\\.loop$", options.target());
    }

    @Test
    void aNamedMethodIsPlantedInEveryOverloadAnnotatedOrNot() {
        AgentOptions options = AgentOptions.parse("method=org.example.Sums.add;receipt=/tmp/r;count");
        assertTrue(options.mayHold("org/example/Sums", WITHOUT));
        assertFalse(options.mayHold("org/example/Other", WITH_BENCHMARK));
        assertTrue(options.plants("org/example/Sums", "add", false));
        assertFalse(options.plants("org/example/Sums", "addAll", false));
        assertTrue(AgentOptions.parse("method=org.example.Outer.Inner.run").mayHold("org/example/Outer$Inner", WITHOUT));
        assertEquals(Path.of("/tmp/r"), options.receipt());
        assertTrue(options.count());
        assertEquals("method=org.example.Sums.add", options.target());
    }

    @Test
    void anythingElseIsRefusedInOneLineNamingThePart() {
        for (String bad : List.of("", "count", "benchmark=a;method=b.C.d", "method=nodot", "benchmark=(", "plant=12",
                "benchmark=x;receipt=", "benchmark=x;count=yes")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(bad), bad);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains("benchmark=") || e.getMessage().contains("regular expression"), e.getMessage());
        }
    }
}
