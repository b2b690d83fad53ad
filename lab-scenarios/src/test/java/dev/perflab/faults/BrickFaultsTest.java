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
 * Fault injection for brick's end-to-end run (`./lab run brick --smoke --size 8m --rung r0`): each role killed
 * (SIGKILL) before it is ready and in mid-flow, a role frozen (SIGSTOP: a peer that goes silent), and a full
 * disk under --out. Each asserts the bound on the run's time, its exit code, no process or temporary file
 * left, and the earlier result in the folder unchanged ({@link Faults.Outcome#assertClean}).
 */
class BrickFaultsTest {
    @TempDir
    Path dir;

    private Faults.Outcome run(String role, Fault fault, double afterSeconds) throws Exception {
        Path out = dir.resolve(role + "-" + fault + "-" + afterSeconds);
        return Faults.run(out, "perflab-brick", "brick", role, fault, Duration.ofMillis((long) (afterSeconds * 1000)),
                ("run brick --smoke --size 8m --rung r0 --out " + out).split(" "));
    }

    @Test
    void serverKilledBeforeItListensIsNamedAtOnce() throws Exception {
        Faults.Outcome o = run("serve", Fault.KILL, 0);
        o.assertClean(1, 40);
        assertTrue(o.out().contains("the serve ended (killed by SIGKILL) before it was ready"), o.out());
    }

    @Test
    void fetchKilledAtStart() throws Exception {
        run("fetch", Fault.KILL, 0).assertClean(1, 40);
    }

    @Test
    void serverKilledMidFlow() throws Exception {
        run("serve", Fault.KILL, 1.0).assertClean(1, 40);
    }

    /** The killed fetch is named as the cause, not the server's view of it (a client that reset its connection). */
    @Test
    void fetchKilledMidFlowIsNamedAsTheCause() throws Exception {
        Faults.Outcome o = run("fetch", Fault.KILL, 1.0);
        o.assertClean(1, 40);
        assertTrue(o.out().contains("fetch: fetch exited with 137 without a summary (killed by SIGKILL)"), o.out());
    }

    @Test
    void fetchFrozenMidFlow() throws Exception {
        Faults.Outcome o = run("fetch", Fault.STOP, 1.0);
        o.assertClean(1, 75);
        o.assertNamedWithinTheLivenessLimit();
    }

    @Test
    void aFetchOntoAFullDiskIsOneLineAndLeavesNoPartial() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"), 1024)) {
            var cli = new dev.perflab.cli.LabCli();
            Path in = dir.resolve("bricks");
            assertEquals(0, cli.run("brick", "generate", "--size", "4m", "--out", in.toString()), cli.err::toString);
            for (String rung : new String[] {"r2", "r9"}) {
                cli.clear();
                Path out = disk.path().resolve("result-" + rung);
                // a thread that dies of an uncaught error prints its stack trace to System.err, not to the CLI's
                var threadErrors = new java.io.ByteArrayOutputStream();
                var systemErr = System.err;
                System.setErr(new java.io.PrintStream(threadErrors, true));
                int exit;
                try {
                    exit = cli.run("brick", "move", "--in", in.toString(), "--out", out.toString(), "--rung", rung);
                } finally {
                    System.setErr(systemErr);
                }
                assertEquals("", threadErrors.toString(), rung + ": printed to System.err");
                assertTrue(exit == 1 || exit == 2, rung + ": " + cli.out + cli.err);
                assertEquals(1, cli.err.toString().lines().count(), cli.err.toString());
                assertTrue(!cli.err.toString().contains("\tat ") && !cli.err.toString().contains("internal error"), cli.err.toString());
                assertTrue(cli.err.toString().contains("full") || cli.err.toString().contains("No space left"),
                        rung + ": the error does not name the full disk: " + cli.err);
                try (var files = Files.list(disk.path())) {
                    assertEquals(0, files.count(), rung + ": files left on the full disk: " + cli.err);
                }
            }
        }
    }
}
