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
 * Fault injection for the forwarder's end-to-end run (`./lab run forwarder --smoke --rung r0 --no-ceiling`: the iperf3 ceilings are not what it is about): each role killed
 * (SIGKILL) before it is ready and in mid-flow, a role frozen (SIGSTOP: a peer that goes silent), and a full
 * disk under --out. Each asserts the bound on the run's time, its exit code, no process or temporary file
 * left, and the earlier result in the folder unchanged ({@link Faults.Outcome#assertClean}).
 */
class ForwarderFaultsTest {
    @TempDir
    Path dir;

    private Faults.Outcome run(String role, Fault fault, double afterSeconds) throws Exception {
        Path out = dir.resolve(role + "-" + fault + "-" + afterSeconds);
        return Faults.run(out, "perflab-forwarder-", "forwarder", role, fault, Duration.ofMillis((long) (afterSeconds * 1000)),
                ("run forwarder --smoke --rung r0 --no-ceiling --out " + out).split(" "));
    }

    @Test
    void forwarderKilledBeforeItListensIsNamedAtOnce() throws Exception {
        Faults.Outcome o = run("forwarder", Fault.KILL, 0);
        o.assertClean(1, 40);
        assertTrue(o.out().contains("the forwarder ended (killed by SIGKILL) before it was ready"), o.out());
    }

    @Test
    void simulatorKilledAtStart() throws Exception {
        run("simulator", Fault.KILL, 0).assertClean(1, 50);
    }

    /** A client killed before the day: the run names it as the cause, not only the forwarder's wait for subscribers. */
    @Test
    void clientKilledBeforeTheDayIsNamed() throws Exception {
        Faults.Outcome o = run("client", Fault.KILL, 0);
        o.assertClean(1, 50);
        assertTrue(o.out().contains("ended (killed by SIGKILL) before the day started, so no work reached the forwarder"), o.out());
    }

    /** A client frozen before it subscribed: the forwarder waits for it, and the run names it, not only that wait. */
    @Test
    void clientFrozenBeforeTheDayIsNamed() throws Exception {
        Faults.Outcome o = run("client", Fault.STOP, 0);
        o.assertClean(1, 50);
        assertTrue(o.out().contains("running but never subscribed (frozen, or stuck in its warm-up), so no work reached the forwarder"), o.out());
    }

    @Test
    void clientKilledMidFlow() throws Exception {
        Faults.Outcome o = Faults.run(dir.resolve("client"), "perflab-forwarder-", "forwarder", "client", Fault.KILL,
                Duration.ofMillis(1500), "run", "forwarder", "--smoke", "--rung", "r0", "--no-ceiling", "--out", dir.resolve("client").toString());
        o.assertClean(1, 50);
        assertTrue(o.out().contains("ceiling not measured (--no-ceiling)"), o.out());
    }

    @Test
    void forwarderFrozenMidFlowEndsWithinTheSmokeDeadline() throws Exception {
        Faults.Outcome o = run("forwarder", Fault.STOP, 1.0);
        o.assertClean(1, 75);
        o.assertNamedWithinTheLivenessLimit();
    }
}
