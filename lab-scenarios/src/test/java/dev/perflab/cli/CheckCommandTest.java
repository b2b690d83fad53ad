package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.run.JmhRun;
import dev.perflab.cli.toy.ToyComponent;
import dev.perflab.cli.toy.ToyLadder;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code ./lab check}: one line per contract check, exit 1 naming what fails on the shipped exercise
 * skeletons, exit 0 on a correct rung, exit 2 for bad input; and {@code ./lab run --rung r1,student,r2}
 * hands the learner's rung to JMH beside the real ones.
 */
class CheckCommandTest {
    private final LabCli cli = new LabCli();

    private List<String> outLines() {
        return cli.out.toString().lines().toList();
    }

    @Test
    void theOrderBookSkeletonFailsNamingTheCancelContracts() {
        assertEquals(1, cli.run("check", "orderbook", "--rung", "student"), cli.err.toString());
        List<String> lines = outLines();
        assertTrue(lines.get(0).startsWith("perflab check orderbook student (exercise): "), lines.get(0));
        assertTrue(lines.contains("✓ ordersThatDoNotCrossRest"), cli.out.toString());
        assertTrue(lines.contains("✗ cancelRemovesARestingOrderOnce: threw java.lang.UnsupportedOperationException: "
                + "StudentBook.cancel is not written yet: cancel the resting order 1 (or reject the cancel) without "
                + "walking its level; see exercises/README.md"), cli.out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("✗ agreesWithR0OnRandomStreams: ")), cli.out.toString());
        assertEquals("5 of 14 checks pass", lines.get(lines.size() - 1));
        assertEquals("", cli.err.toString());
    }

    @Test
    void aCorrectRungPassesEveryCheck() {
        assertEquals(0, cli.run("check", "orderbook", "--rung", "r2"), cli.out.toString());
        List<String> lines = outLines();
        assertEquals(16, lines.size(), cli.out.toString());
        assertTrue(lines.subList(1, 15).stream().allMatch(l -> l.startsWith("✓ ")), cli.out.toString());
        assertEquals("14 of 14 checks pass", lines.get(15));
    }

    @Test
    void theShaSkeletonFailsNamingTheMissingCounter() {
        assertEquals(1, cli.run("check", "sha-pipeline"), cli.err.toString());
        List<String> lines = outLines();
        assertTrue(lines.get(0).startsWith("perflab check sha-pipeline student (exercise): "), lines.get(0));
        assertTrue(lines.get(1).startsWith("✗ counterLosesNoAddUnderContention: threw "
                + "java.lang.UnsupportedOperationException: StudentCounter.add is not written yet"), lines.get(1));
        assertTrue(lines.get(2).startsWith("✗ countsAreConservedAndSampledDigestsVerify: "), lines.get(2));
        assertEquals("0 of 2 checks pass", lines.get(3));
    }

    @Test
    void theMdfRingSkeletonFailsNamingTheMissingReader() {
        assertEquals(1, cli.run("check", "mdf-ring", "--rung", "student"), cli.err.toString());
        List<String> lines = outLines();
        assertTrue(lines.get(0).startsWith("perflab check mdf-ring student (exercise): "), lines.get(0));
        assertTrue(lines.get(1).startsWith("✗ everyReaderGetsEveryMessageOnceInOrder: ")
                && lines.get(1).contains("StudentRing's reader is not written yet"), lines.get(1));
        assertTrue(lines.contains("✓ appendRejectsAGapAndABadLength"), cli.out.toString());
        assertEquals("1 of 5 checks pass", lines.get(lines.size() - 1));
        assertEquals("", cli.err.toString());
    }

    @Test
    void theKvSkeletonFailsNamingTheMissingSplit() {
        assertEquals(1, cli.run("check", "kv", "--rung", "student"), cli.err.toString());
        List<String> lines = outLines();
        assertTrue(lines.get(0).startsWith("perflab check kv student (exercise): "), lines.get(0));
        assertTrue(lines.contains("✓ emptyStoreHasNothing"), cli.out.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("✗ putThenGetEveryRecord: threw java.lang.UnsupportedOperationException: "
                + "StudentStore.split is not written yet: make the bucket table grow")), cli.out.toString());
        assertEquals("2 of 7 checks pass", lines.get(lines.size() - 1));
        assertEquals("", cli.err.toString());
    }

    @Test
    void theSocketPumpSkeletonFailsNamingTheMissingReceiver() {
        assertEquals(1, cli.run("check", "socket-pump", "--rung", "student"), cli.err.toString());
        List<String> lines = outLines();
        assertTrue(lines.get(0).startsWith("perflab check socket-pump student (exercise): "), lines.get(0));
        assertTrue(lines.get(1).startsWith("✗ threeDaysArriveWholeAndInOrder: ")
                && lines.get(1).contains("StudentPump.receive is not written yet"), lines.get(1));
        assertEquals("0 of 5 checks pass", lines.get(lines.size() - 1));
        assertEquals("", cli.err.toString());
    }

    @Test
    void runHandsTheStudentRingToJmhBesideR2AndR3() {
        assertEquals(List.of("r2-raw-bytes", "student", "r3-single-writer-ring"),
                JmhRun.jmhParams(Registry.builtIn().byName("mdf-ring"), RunLength.QUICK, List.of("r2", "student", "r3"), Map.of())
                        .get("rung"));
    }

    @Test
    void unknownComponentOrRungIsBadInputOnOneLine() {
        assertEquals(2, cli.run("check", "nope"));
        assertTrue(cli.err.toString().strip().startsWith("lab: unknown component 'nope'; known: orderbook"), cli.err.toString());
        assertEquals(1, cli.err.toString().strip().lines().count());
        cli.clear();
        assertEquals(2, cli.run("check", "orderbook", "--rung", "r9"));
        assertTrue(cli.err.toString().contains("unknown orderbook rung 'r9'; known: naive, tuned, r0-persistent-scan"),
                cli.err.toString());
        assertEquals("", cli.out.toString());
    }

    @Test
    void runHandsTheStudentRungToJmhBesideTheRealOnesOnlyWhenNamed() {
        Map<String, List<String>> params = JmhRun.jmhParams(Registry.builtIn().byName("orderbook"), RunLength.QUICK,
                List.of("r1", "student", "r2"), Map.of());
        assertEquals(List.of("r1-indexed-level", "student", "r2-intrusive-list"), params.get("rung"));
        assertEquals(null, JmhRun.jmhParams(Registry.builtIn().byName("orderbook"), RunLength.QUICK, null, Map.of()).get("rung"),
                "without --rung the suites' own @Param lists (rungs and peers, no exercise) apply");
    }

    /** A new ladder gets {@code check} from its contract alone: no CLI change, no test of its name. */
    @Test
    void aLadderWithAContractIsCheckedAndOneWithoutSaysSo() {
        Ladder<LongUnaryOperator> withExercise = new Ladder<>(ToyLadder.COMPONENT, "Toy with an exercise",
                java.util.stream.Stream.concat(ToyLadder.LADDER.entries().stream(), java.util.stream.Stream.of(
                        new Entry<LongUnaryOperator>("student", Kind.EXERCISE, "your sum", n -> n * n / 2)))
                        .toList())
                .withContract(sum -> List.of(new Check("sumOf1To4Is10", () -> {
                    if (sum.applyAsLong(4) != 10) {
                        throw new AssertionError("sum of 1..4: expected 10 but was " + sum.applyAsLong(4));
                    }
                })));
        Component toy = () -> withExercise;
        LabCli withContract = new LabCli(Registry.of(toy));
        assertEquals(1, withContract.run("check", "toy"));
        assertEquals(List.of("perflab check toy student (exercise): your sum",
                "✗ sumOf1To4Is10: sum of 1..4: expected 10 but was 8", "0 of 1 checks pass"),
                withContract.out.toString().lines().toList());
        assertEquals(0, new LabCli(Registry.of(toy)).run("check", "toy", "--rung", "r1"));

        LabCli without = new LabCli(Registry.builtIn().with(new ToyComponent()));
        assertEquals(2, without.run("check", "toy", "--rung", "r0"));
        assertEquals("lab: toy has no contract to check yet", without.err.toString().strip());
    }
}
