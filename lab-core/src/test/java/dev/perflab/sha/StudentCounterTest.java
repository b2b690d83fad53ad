package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.ShippedExercises;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SHA pipeline's exercise: the shipped counter fails the contract, naming what is missing, and the same
 * checks pass once the {@code student} rung counts as r0 does (the reference solution).
 */
class StudentCounterTest {
    private static final Entry<PipelineSettings> STUDENT = ShaLadder.LADDER.resolve("student");

    private static List<Checks.Outcome> outcomes(PipelineSettings settings) throws InterruptedException {
        return Checks.run(ShaLadder.LADDER.contract().orElseThrow().checks(settings));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() throws InterruptedException {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertSame(CountPolicy.EXERCISE, STUDENT.factory().count());
        assertFalse(ShaLadder.LADDER.correct().contains(STUDENT));
        assertFalse(ShaLadder.LADDER.rungs().contains(STUDENT));
    }

    @Test
    void theShippedSkeletonFailsSayingTheCounterIsNotWritten() throws Exception {
        List<Checks.Outcome> outcomes = ShippedExercises.outcomes(ShippedExercises.SHIPPED, ShaLadder.class, "student");
        Checks.Outcome counter = outcomes.get(0);
        assertFalse(counter.passed());
        assertTrue(counter.name().equals("counterLosesNoAddUnderContention"), counter.name());
        assertTrue(counter.failure().contains("StudentCounter.add is not written yet"), counter.failure());
        Checks.Outcome pipeline = outcomes.get(1);
        assertFalse(pipeline.passed(), "a pipeline whose workers all fail cannot conserve counts");
        assertTrue(pipeline.failure().contains("StudentCounter.add is not written yet"), pipeline.failure());
    }

    @Test
    void theChecksPassOnceTheStudentRungCountsAsR0Does() throws InterruptedException {
        PipelineSettings referenceSolution = STUDENT.factory().withCount(CountPolicy.ATOMIC);
        List<Checks.Outcome> outcomes = outcomes(referenceSolution);
        assertTrue(outcomes.size() == 2, outcomes.toString());
        outcomes.forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }
}
