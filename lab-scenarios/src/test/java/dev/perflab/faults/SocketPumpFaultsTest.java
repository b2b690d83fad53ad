package dev.perflab.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.faults.Faults.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection for socket-pump's end-to-end run (`./lab run socket-pump --smoke --rung r0 --no-ceiling`: the iperf3 ceilings are not what it is about): each role killed
 * (SIGKILL) before it is ready and in mid-flow, a role frozen (SIGSTOP: a peer that goes silent), and a full
 * disk under --out. Each asserts the bound on the run's time, its exit code, no process or temporary file
 * left, and the earlier result in the folder unchanged ({@link Faults.Outcome#assertClean}).
 */
class SocketPumpFaultsTest {
    @TempDir
    Path dir;

    private Faults.Outcome run(String role, Fault fault, double afterSeconds) throws Exception {
        Path out = dir.resolve(role + "-" + fault + "-" + afterSeconds);
        return Faults.run(out, "perflab-pump-day.", "pump", role, fault, Duration.ofMillis((long) (afterSeconds * 1000)),
                ("run socket-pump --smoke --rung r0 --no-ceiling --out " + out).split(" "));
    }

    @Test
    void receiverKilledBeforeItListensIsNamedAtOnce() throws Exception {
        Faults.Outcome o = run("receiver", Fault.KILL, 0);
        o.assertClean(1, 40);
        assertTrue(o.out().contains("the receiver ended (killed by SIGKILL) before it was ready"), o.out());
    }

    @Test
    void senderKilledAtStart() throws Exception {
        run("sender", Fault.KILL, 0).assertClean(1, 40);
    }

    @Test
    void receiverKilledMidFlow() throws Exception {
        run("receiver", Fault.KILL, 1.0).assertClean(1, 40);
    }

    @Test
    void receiverFrozenMidFlow() throws Exception {
        Faults.Outcome o = run("receiver", Fault.STOP, 1.0);
        o.assertClean(1, 50);
        o.assertNamedWithinTheLivenessLimit();
    }
}
