package dev.perflab.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's argument: where to plant, the receipt, and a one-line refusal of anything else. */
class AgentOptionsTest {
    @Test
    void aBenchmarkIsARegexAndANamedMethodAClassAndAName() {
        AgentOptions benchmark = AgentOptions.parse("benchmark=Sums\\.loop$");
        assertEquals("Sums\\.loop$", benchmark.benchmark().pattern());
        assertFalse(benchmark.namesClass("org/example/Sums"), "benchmark= plants through JMH's stubs, never by class name");
        assertNull(benchmark.receipt());
        assertEquals("benchmark=Sums\\.loop$", benchmark.target());

        AgentOptions method = AgentOptions.parse("method=org.example.Sums.add;receipt=/tmp/r;count");
        assertNull(method.benchmark());
        assertTrue(method.namesClass("org/example/Sums"));
        assertFalse(method.namesClass("org/example/Other"));
        assertTrue(method.namesMethod("add"));
        assertFalse(method.namesMethod("addAll"));
        assertTrue(AgentOptions.parse("method=org.example.Outer.Inner.run").namesClass("org/example/Outer$Inner"), "a nested class");
        assertEquals(Path.of("/tmp/r"), method.receipt());
        assertTrue(method.count());
        assertEquals("method=org.example.Sums.add", method.target());
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
