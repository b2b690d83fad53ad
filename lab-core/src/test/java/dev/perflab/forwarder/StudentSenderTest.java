package dev.perflab.forwarder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.ShippedExercises;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The forwarder's exercise: the shipped skeleton fails every check of the contract, and at least one failure names
 * the method to write; the same configuration with the reference sender (r6's, {@link ForwardedCrcSender}) in its
 * place passes every check.
 */
@Timeout(300)
class StudentSenderTest {
    private static final Entry<ForwarderConfig> STUDENT = ForwarderLadder.LADDER.resolve("student");

    private static List<Checks.Outcome> outcomes(ForwarderConfig config) throws InterruptedException {
        return Checks.run(ForwarderLadder.LADDER.contract().orElseThrow().checks(config));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertFalse(ForwarderLadder.LADDER.correct().contains(STUDENT));
        assertFalse(ForwarderLadder.LADDER.rungs().contains(STUDENT));
        assertEquals(ForwarderConfig.Send.STUDENT, STUDENT.factory().send());
    }

    @Test
    void theShippedSkeletonFailsEveryCheckAndSaysWhatToWrite() throws Exception {
        List<Checks.Outcome> outcomes = ShippedExercises.outcomes(ShippedExercises.SHIPPED, ForwarderLadder.class, "student");
        assertEquals(6, outcomes.size());
        outcomes.forEach(o -> assertFalse(o.passed(), o.name() + " passed with the skeleton"));
        assertTrue(outcomes.stream().anyMatch(o -> o.failure().contains("StudentSender.stage")),
                "a failure names the method to write: " + outcomes);
    }

    @Test
    void theChecksPassWithTheReferenceSender() throws InterruptedException {
        outcomes(STUDENT.factory().withSend(ForwarderConfig.Send.FORWARDED_CRC))
                .forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }
}
