package dev.perflab.brick;

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
 * The brick mover's exercise: the shipped claim fails every check, naming what is missing, and the same
 * checks pass once the {@code student} rung claims as r3 does (the reference solution).
 */
@Timeout(300)
class StudentClaimTest {
    private static final Entry<MoverSettings> STUDENT = BrickLadder.LADDER.resolve("student");

    private static List<Checks.Outcome> outcomes(MoverSettings settings) throws InterruptedException {
        return Checks.run(BrickLadder.LADDER.contract().orElseThrow().checks(settings));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertSame(MoverSettings.Claim.EXERCISE, STUDENT.factory().claim());
        assertEquals(BrickLadder.R3, STUDENT.factory().withClaim(MoverSettings.Claim.CAS), "student is r3 but for its claim");
        assertFalse(BrickLadder.LADDER.correct().contains(STUDENT));
        assertFalse(BrickLadder.LADDER.rungs().contains(STUDENT));
    }

    @Test
    void theShippedSkeletonFailsSayingTheClaimIsNotWritten() throws Exception {
        List<Checks.Outcome> outcomes = ShippedExercises.outcomes(ShippedExercises.SHIPPED, BrickLadder.class, "student");
        assertEquals(4, outcomes.size(), outcomes.toString());
        for (Checks.Outcome o : outcomes) {
            assertFalse(o.passed(), o.name());
            assertTrue(o.failure().contains("StudentClaim.claim is not written yet"), o.name() + ": " + o.failure());
            assertFalse(o.failure().contains("\n"), o.failure());
        }
    }

    @Test
    void theChecksPassOnceTheStudentRungClaimsAsR3Does() throws InterruptedException {
        List<Checks.Outcome> outcomes = outcomes(STUDENT.factory().withClaim(MoverSettings.Claim.CAS));
        assertEquals(4, outcomes.size(), outcomes.toString());
        outcomes.forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }

    @Test
    void aClaimThatOvershootsTheLastRowFailsTheCounterCheck() throws Exception {
        // the usual wrong turn "getAndAdd, then compare with rows": every row once, but the counter runs past rows
        PageTable.RowClaim overshooting = (page, claimer) -> {
            int r = (int) PageTable.CLAIMED.getAndAdd(page, 1);
            return r < page.rows ? r : -1;
        };
        try (PageTable table = new PageTable(java.nio.file.Path.of("t"), () -> new java.io.ByteArrayInputStream(
                "a\r\nbb\r\nccc\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), 12, 1, false, overshooting)) {
            LineSource.Claimer claimer = new LineSource.Claimer(0);
            byte[] dst = new byte[Bricks.MAX_RESULT_BYTES];
            int lines = 0;
            while (table.next(claimer, dst) >= 0) {
                lines++;
            }
            assertEquals(3, lines);
            String mismatch = table.counterMismatch();
            assertTrue(mismatch != null && mismatch.contains("claimed counter at 4 after its 3 rows"), String.valueOf(mismatch));
        }
    }
}
