package dev.perflab.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.proc.ChildProcess;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The liveness limit: 30 s unless the property sets it, a bad value named, and the setting handed to child JVMs. */
class LivenessTest {
    @AfterEach
    void clear() {
        System.clearProperty(Liveness.PROPERTY);
    }

    @Test
    void thirtySecondsUnlessSetAndNothingHandedOn() {
        System.clearProperty(Liveness.PROPERTY);
        assertEquals(Duration.ofSeconds(30), Liveness.limit());
        assertEquals(30_000, Liveness.millis());
        assertEquals(List.of(), Liveness.childFlags());
        List<String> command = ChildProcess.javaCommand(List.of(), List.of("-Xmx64m"), "x.Main", List.of("a"));
        assertTrue(command.stream().noneMatch(a -> a.contains(Liveness.PROPERTY)), command.toString());
    }

    @Test
    void thePropertySetsItHereAndInEveryChildJvm() {
        System.setProperty(Liveness.PROPERTY, " 7 ");
        assertEquals(Duration.ofSeconds(7), Liveness.limit());
        assertEquals(7_000, Liveness.millis());
        List<String> command = ChildProcess.javaCommand(List.of("ip", "netns", "exec", "n"), List.of("-Xmx64m"), "x.Main", List.of("a"));
        assertEquals(List.of("-Dperflab.liveness.seconds=7", "-Xmx64m"), command.subList(5, 7), command.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-3", "ten", "1.5", ""})
    void aValueThatIsNotWholeSecondsIsNamedWithWhatToGive(String value) {
        System.setProperty(Liveness.PROPERTY, value);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Liveness::limit);
        assertEquals("-Dperflab.liveness.seconds=" + value + " is not a whole number of seconds ≥ 1; give one such as"
                + " -Dperflab.liveness.seconds=60, or leave it out for 30 s", e.getMessage());
    }
}
