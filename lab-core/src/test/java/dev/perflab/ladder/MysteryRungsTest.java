package dev.perflab.ladder;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.kv.KvLadder;
import dev.perflab.mdf.MdfRingLadder;
import dev.perflab.orderbook.OrderBookLadder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The three mysteries (exercises/mysteries.md): each is correct as shipped (its pristine copy passes every check of
 * its ladder's contract, so only its speed is wrong) and so is the teacher's fix (exercises/teacher/reference); each
 * is an exercise entry, outside the contract suites and the default runs.
 */
class MysteryRungsTest {
    private static Class<?> holder(String ladder) {
        return switch (ladder) {
            case "orderbook" -> OrderBookLadder.class;
            case "mdf-ring" -> MdfRingLadder.class;
            default -> KvLadder.class;
        };
    }

    private static Ladder<?> ladder(String name) {
        return switch (name) {
            case "orderbook" -> OrderBookLadder.LADDER;
            case "mdf-ring" -> MdfRingLadder.LADDER;
            default -> KvLadder.LADDER;
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"orderbook", "mdf-ring", "kv"})
    void theMysteryAsShippedAndItsFixPassEveryCheck(String name) throws Exception {
        for (Path root : List.of(ShippedExercises.SHIPPED, ShippedExercises.EXERCISES.resolve("teacher").resolve("reference"))) {
            List<Checks.Outcome> outcomes = ShippedExercises.outcomes(root, holder(name), "mystery");
            assertFalse(outcomes.isEmpty());
            outcomes.forEach(o -> assertTrue(o.passed(), root + " " + name + ": " + o.name() + ": " + o.failure()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"orderbook", "mdf-ring", "kv"})
    void theMysteryIsAnExerciseOutsideTheContractSuiteAndDefaultRuns(String name) {
        Entry<?> mystery = ladder(name).resolve("mystery");
        assertSame(Kind.EXERCISE, mystery.kind());
        assertFalse(ladder(name).correct().contains(mystery));
        assertTrue(mystery.summary().startsWith("mystery: "), mystery.summary());
    }
}
