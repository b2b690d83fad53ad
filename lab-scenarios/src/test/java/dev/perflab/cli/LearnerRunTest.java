package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exercise's own measuring command, planned and not run (JMH lists the rows from this module's test class path):
 * {@code --benchmark cancel} finds every cancel method as JMH's include would, the rows it selected are listed before
 * anything runs, and a run that names {@code student} saves under {@code results/student/COMPONENT}, never over the
 * main job's {@code results/COMPONENT}.
 */
@org.junit.jupiter.api.extension.ExtendWith(JmhFromTestClassPath.class)
class LearnerRunTest {
    private final LabCli lab = new LabCli();

    @Test
    void theExercisesCommandSelectsEveryCancelMethodAndListsTheRows() {
        assertEquals(0, lab.run("run", "orderbook", "--rung", "r1,student,r2", "--benchmark", "cancel", "--quick", "--plan-only"),
                lab.out + "" + lab.err);
        List<String> lines = lab.out.toString().lines().toList();
        assertTrue(lines.contains("--benchmark cancel selects 18 rows:"), lab.out.toString());
        for (String method : List.of("cancelFirst", "cancelLast", "cancelNonexistent")) {
            assertTrue(lines.contains("  OrderBookCancelBenchmark." + method + " {depth=1000, rung=student}"), lab.out.toString());
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("plan: 18 rows in 1 suites")), lab.out.toString());
    }

    @Test
    void aLearnersRunSavesUnderItsOwnFolder() {
        assertEquals(0, lab.run("run", "orderbook", "--rung", "r1,student", "--benchmark", "cancelLast", "--smoke", "--plan-only"),
                lab.out + "" + lab.err);
        assertTrue(lab.out.toString().startsWith("a learner's run: saved under results/student/orderbook, so the main job's"
                + " results/orderbook stays as it was"), lab.out.toString());
        lab.clear();
        assertEquals(0, lab.run("run", "orderbook", "--rung", "r1", "--benchmark", "cancelLast", "--smoke", "--plan-only"));
        assertFalse(lab.out.toString().contains("learner"), lab.out.toString());
    }

    @Test
    void aRegexThatSelectsNothingNamesTheMethodsOnOneLine() {
        assertEquals(2, lab.run("run", "orderbook", "--benchmark", "cancelMiddle", "--quick", "--plan-only"));
        String err = lab.err.toString().strip();
        assertTrue(err.startsWith("lab: no orderbook benchmark matches --benchmark cancelMiddle in this run (quick); it is found"
                + " anywhere in Class.method, and the methods are: OrderBookCancelBenchmark.cancelFirst,"), err);
        assertEquals(1, err.lines().count(), err);
        assertEquals(2, lab.run("run", "orderbook", "--benchmark", "cancel(", "--plan-only"));
        assertTrue(lab.err.toString().contains("lab: --benchmark cancel(: not a regex"), lab.err.toString());
    }
}
