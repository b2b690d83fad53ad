package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A role's streams report each different error once, and nothing when all ended cleanly. */
class StreamsTest {
    @Test
    void sameErrorFromEveryStreamIsSaidOnce() {
        String refused = "generator: cannot connect to the executor at unix:/tmp/x.sock (No such file or directory)";
        assertEquals(refused, Streams.errors(Arrays.asList(refused, refused)));
        assertEquals("a; b", Streams.errors(Arrays.asList("a", null, "a", "b")));
        assertNull(Streams.errors(Arrays.asList(null, null)));
    }
}
