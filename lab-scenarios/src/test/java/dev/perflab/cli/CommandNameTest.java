package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The CLI says the name it was started by: {@code ./lab} in a checkout, {@code perflab} from the release archive's
 * launcher (which sets {@code -Dperflab.command=perflab}), in its usage lines, its footer and its error lines.
 */
class CommandNameTest {
    @AfterEach
    void plainName() {
        System.clearProperty("perflab.command");
    }

    @Test
    void aCheckoutsCliIsLab() {
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("run", "--help"));
        assertTrue(lab.out.toString().startsWith("Usage: lab run "), lab.out.toString());
        assertEquals(2, lab.run("run", "--no-such-option"));
        assertTrue(lab.err.toString().startsWith("lab: ") && lab.err.toString().strip().endsWith("(see ./lab run --help)"), lab.err.toString());
    }

    @Test
    void theInstalledLauncherIsPerflab() {
        System.setProperty("perflab.command", "perflab");
        LabCli lab = new LabCli();
        assertEquals(0, lab.run("--help"));
        assertTrue(lab.out.toString().startsWith("Usage: perflab "), lab.out.toString());
        assertTrue(lab.out.toString().contains("Start with:  perflab list   then   perflab run orderbook --quick"), lab.out.toString());
        lab.clear();
        assertEquals(0, lab.run("ab", "--help"));
        assertTrue(lab.out.toString().startsWith("Usage: perflab ab "), lab.out.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "--no-such-option"));
        assertTrue(lab.err.toString().startsWith("perflab: ") && lab.err.toString().strip().endsWith("(see perflab run --help)"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("run", "no-such-component"));
        assertTrue(lab.err.toString().startsWith("perflab: "), lab.err.toString());
        // a hint inside a message names the launcher too
        lab.clear();
        assertEquals(2, lab.run("profile"));
        assertEquals("perflab: give a COMPONENT to profile (perflab list shows them), or --jar JAR for another project's JMH jar",
                lab.err.toString().strip());
        lab.clear();
        assertEquals(0, lab.run("profile", "--help"));
        assertTrue(lab.out.toString().contains("e.g. perflab profile forwarder --role forwarder") && !lab.out.toString().contains("./lab "),
                lab.out.toString());
    }

    @Test
    void onlyTheWordIsReplacedNotAPathThatStartsLikeIt() {
        assertEquals("see perflab run --help; `perflab`; ./lab-scenarios/target stays; 'perflab'",
                dev.perflab.base.Invocation.say("see ./lab run --help; `./lab`; ./lab-scenarios/target stays; './lab'", "perflab"));
        assertEquals("perflab\nperflab list", dev.perflab.base.Invocation.say("./lab\n./lab list", "perflab"));
    }
}
