package dev.perflab.pump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * r6's receiver ends its reader thread whichever way it ends: after a whole stream, and after the verifier
 * threw at a bad record (the contract's four broken streams). {@code PumpRungsTest} checks what it verifies.
 */
@Timeout(120)
class VerifierThreadPumpTest {
    @Test
    void noReaderThreadOutlivesAReceiveThatPassedOrFailed() throws InterruptedException {
        List<Checks.Outcome> outcomes = Checks.run(new PumpContract().checks(new VerifierThreadPump()));
        assertEquals(5, outcomes.size());
        outcomes.forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
        List<Thread> readers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("pump-reader") && t.isAlive()).toList();
        assertTrue(readers.isEmpty(), "reader threads still alive after every receive returned: " + readers);
    }
}
