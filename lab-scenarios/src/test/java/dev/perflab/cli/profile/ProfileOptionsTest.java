package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Registry;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.orderbook.OrderBookLadder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab profile}'s input checks: every bad input is one line and exit 2, before any JVM starts. */
class ProfileOptionsTest {
    @TempDir
    Path dir;

    private final LabCli cli = new LabCli();

    private String rejected(String... args) {
        cli.clear();
        assertEquals(2, cli.run(args), cli.out + "" + cli.err);
        String err = cli.err.toString();
        assertEquals(1, err.lines().count(), "one error line: " + err);
        return err;
    }

    @Test
    void helpListsTheOptionsAndExits0() {
        assertEquals(0, cli.run("profile", "orderbook", "--help"), cli.err.toString());
        String usage = cli.out.toString();
        for (String option : List.of("--rung", "--benchmark", "--param", "--event", "--out", "--diff")) {
            assertTrue(usage.contains(option), option + " in: " + usage);
        }
    }

    @Test
    void badInputIsOneLineAndExit2() {
        String out = dir.toString();
        assertTrue(rejected("profile", "nosuch", "--out", out).contains("unknown component 'nosuch'"));
        assertTrue(rejected("profile", "orderbook", "--rung", "r9", "--out", out).contains("r9"));
        assertTrue(rejected("profile", "orderbook", "--event", "cycles", "--out", out).contains("--event 'cycles'"));
        assertTrue(rejected("profile", "orderbook", "--diff", "r4", "tuned", "--out", out).contains("two different rungs"));
        assertTrue(rejected("profile", "orderbook", "--diff", "r4", "--out", out).contains("--diff"));
        assertTrue(rejected("profile", "orderbook", "--out", dir.resolve("a;b").toString()).contains("';' or ','"));
        assertTrue(rejected("profile", "orderbook", "--diff", "naive", "tuned", "--param", "depth=1,1000", "--out", out)
                .contains("one value per --param"));
    }

    /** {@code --role}: a role of the component's end-to-end run; every mistake is one line naming what would do. */
    @Test
    void aRoleOfAnEndToEndRunIsCheckedBeforeAnythingStarts() {
        String out = dir.toString();
        assertTrue(rejected("profile", "forwarder", "--out", out).contains("--role forwarder, client, late, simulator"));
        assertTrue(rejected("profile", "forwarder", "--role", "router", "--out", out)
                .contains("--role 'router' is not a role of forwarder's run; its roles: forwarder, client, late, simulator"));
        assertTrue(rejected("profile", "orderbook", "--role", "forwarder", "--out", out).contains("has no end-to-end run"));
        assertTrue(rejected("profile", "forwarder", "--role", "forwarder", "--length", "long", "--out", out).contains("--length 'long'"));
        assertTrue(rejected("profile", "forwarder", "--role", "forwarder", "--benchmark", "x", "--out", out).contains("drop them"));
        assertTrue(rejected("profile", "orderbook", "--out", out, "--", "--rate", "5").contains("add --role ROLE"));
    }

    /** The agent's options: started at once, the event, a JFR file where the graphs are made from. */
    @Test
    void theAgentFlagRecordsJfrForTheRolesJvm() {
        assertEquals("-agentpath:/cache/lib.so=start,event=cpu,interval=1000000,jfr,file=/out/r2/forwarder/jfr-cpu.jfr",
                ScenarioProfile.agentFlag(Path.of("/cache/lib.so"), "cpu", Path.of("/out/r2/forwarder/jfr-cpu.jfr")));
        assertFalse(ScenarioProfile.agentFlag(Path.of("/l.so"), "alloc", Path.of("/o.jfr")).contains("interval"));
    }

    @Test
    void rungsResolveInOrderWithTheDiffRungsAdded() {
        assertEquals(List.of("r0-persistent-scan", "r4-tick-array"),
                ProfileCommand.rungIds(OrderBookLadder.LADDER, List.of("naive", "tuned"), null));
        assertEquals(List.of("r4-tick-array", "r2-intrusive-list"),
                ProfileCommand.rungIds(OrderBookLadder.LADDER, List.of("r4", "tuned"), List.of("r2", "r4")));
        assertThrows(UnknownEntryException.class, () -> ProfileCommand.rungIds(OrderBookLadder.LADDER, List.of("r7"), null));
        assertThrows(LabException.class, () -> ProfileCommand.rungIds(OrderBookLadder.LADDER, List.of(), null));
    }

    @Test
    void profilerOptionGivesEachRungItsOwnFolderAndAJfrRecording() {
        String cpu = ProfileCommand.profilerOption(Path.of("/cache/lib.so"), "cpu", Path.of("/out/r4-tick-array"));
        assertEquals("async:libPath=/cache/lib.so;output=jfr;event=cpu;dir=/out/r4-tick-array;interval=1000000", cpu);
        String alloc = ProfileCommand.profilerOption(Path.of("/cache/lib.so"), "alloc", Path.of("/out/r0"));
        assertFalse(alloc.contains("interval"), alloc);
    }

    @Test
    void defaultsAreCancelLastAtDepth1000AndParamsReplaceThem() {
        ProfileCommand command = new ProfileCommand();
        command.defaults = Registry.builtIn().byName("orderbook").profile().orElseThrow();
        command.benchmark = "OrderBookCancelBenchmark.cancelLast";
        command.event = "cpu";
        List<String> args = command.jmhArguments("r4-tick-array", Path.of("/lib.so"), Path.of("/out/r4-tick-array"));
        assertEquals("OrderBookCancelBenchmark.cancelLast", args.get(0));
        assertTrue(String.join(" ", args).contains("-f 1 "), args.toString());
        assertTrue(String.join(" ", args).contains("-p rung=r4-tick-array -p depth=1000 -prof async:"), args.toString());
        command.paramOption.params().put("depth", "1,10");
        assertTrue(String.join(" ", command.jmhArguments("r0", Path.of("/lib.so"), Path.of("/o"))).contains("-p depth=1,10 "));
    }

    /** {@code ./lab profile mdf-ring --rung r2,r4}: the ring suite at the goal's point (1 writer / 2 readers, 256 bytes). */
    @Test
    void mdfRingDefaultsAreTheRingSuiteAtTwoReadersAnd256Bytes() {
        ProfileCommand command = new ProfileCommand();
        command.defaults = Registry.builtIn().byName(MdfRingLadder.COMPONENT).profile().orElseThrow();
        command.benchmark = command.defaults.benchmark();
        command.event = "cpu";
        assertEquals(List.of("r2-raw-bytes", "r4-batched-zero-copy"),
                ProfileCommand.rungIds(MdfRingLadder.LADDER, List.of("r2", "r4"), null));
        List<String> args = command.jmhArguments("r4-batched-zero-copy", Path.of("/lib.so"), Path.of("/out/r4-batched-zero-copy"));
        String line = String.join(" ", args);
        assertEquals("MdfRingBenchmark.deliver", args.get(0));
        assertTrue(line.contains("-f 1 -wi 2 -w 1s -i 3 -r 1s"), line);
        assertTrue(line.contains("-p rung=r4-batched-zero-copy "), line);
        assertTrue(line.contains("-p readers=2") && line.contains("-p messageBytes=256"), line);
    }
}
