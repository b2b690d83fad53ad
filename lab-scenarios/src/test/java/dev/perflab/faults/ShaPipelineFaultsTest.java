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
 * Fault injection for sha-pipeline's end-to-end run (`./lab run sha-pipeline --smoke --rung r0 --no-ceiling`: its JMH ceiling is not what it is about): each role killed
 * (SIGKILL) before it is ready and in mid-flow, a role frozen (SIGSTOP: a peer that goes silent), and a full
 * disk under --out. Each asserts the bound on the run's time, its exit code, no process or temporary file
 * left, and the earlier result in the folder unchanged ({@link Faults.Outcome#assertClean}).
 */
class ShaPipelineFaultsTest {
    @TempDir
    Path dir;

    private Faults.Outcome run(String role, Fault fault, double afterSeconds) throws Exception {
        Path out = dir.resolve(role + "-" + fault + "-" + afterSeconds);
        return Faults.run(out, "perflab-sha.", "sha", role, fault, Duration.ofMillis((long) (afterSeconds * 1000)),
                ("run sha-pipeline --smoke --rung r0 --no-ceiling --out " + out).split(" "));
    }

    @Test
    void executorKilledBeforeItListensIsNamedAtOnce() throws Exception {
        Faults.Outcome o = run("executor", Fault.KILL, 0);
        o.assertClean(1, 90);
        assertTrue(o.out().contains("ceiling not measured (--no-ceiling)"), o.out());
        assertTrue(o.out().contains("the executor ended (killed by SIGKILL) before it was ready"), o.out());
    }

    @Test
    void collectorKilledMidFlow() throws Exception {
        run("collector", Fault.KILL, 1.5).assertClean(1, 90);
    }

    @Test
    void generatorKilledMidFlow() throws Exception {
        run("generator", Fault.KILL, 1.5).assertClean(1, 90);
    }

    @Test
    void generatorFrozenMidFlowIsStoppedSoonAfterItsPeersEnd() throws Exception {
        Faults.Outcome o = run("generator", Fault.STOP, 1.5);
        o.assertClean(1, 120);
        assertTrue(o.out().contains("after every other role ended"), o.out());
    }

    @Test
    void aFullDiskUnderOutIsOneLineAndKeepsTheEarlierResult() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"), 256)) {
            Path out = disk.path().resolve("results");
            Files.createDirectories(out);
            Files.writeString(out.resolve(Faults.EARLIER), "earlier");
            disk.fill();
            var cli = new dev.perflab.cli.LabCli();
            int exit = cli.run("run", "sha-pipeline", "--smoke", "--rung", "r0", "--no-ceiling", "--out", out.toString());
            assertEquals(2, exit, cli.out + "\n" + cli.err);
            assertTrue(cli.err.toString().contains("no space left on device"), cli.err.toString());
            assertEquals(1, cli.err.toString().lines().count(), cli.err.toString());
            assertEquals("earlier", Files.readString(out.resolve(Faults.EARLIER)));
        }
    }
}
