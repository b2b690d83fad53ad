package dev.perflab.kv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Checks;
import dev.perflab.ladder.ShippedExercises;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The key-value exercise: the shipped skeleton fails the contract, naming what is missing, the same checks
 * pass with r2's logic (the reference solution), and two usual wrong turns fail the checks that name them.
 */
class StudentStoreTest {
    private static final Entry<KvStoreFactory> STUDENT = KvLadder.LADDER.resolve("student");

    private static Map<String, Checks.Outcome> outcomes(KvStoreFactory store) throws InterruptedException {
        return Checks.run(KvLadder.LADDER.contract().orElseThrow().checks(store)).stream()
                .collect(Collectors.toMap(Checks.Outcome::name, o -> o));
    }

    @Test
    void studentIsAnExerciseOutsideTheContractSuiteAndDefaultRuns() {
        assertSame(Kind.EXERCISE, STUDENT.kind());
        assertFalse(KvLadder.LADDER.correct().contains(STUDENT));
        assertFalse(KvLadder.LADDER.rungs().contains(STUDENT));
        assertEquals("r7-write-behind", KvLadder.LADDER.tuned().id());
    }

    @Test
    void theShippedSkeletonFailsOnceTheTableMustGrowSayingSplitIsNotWritten() throws Exception {
        Map<String, Checks.Outcome> outcomes = ShippedExercises.byName(ShippedExercises.SHIPPED, KvLadder.class, "student");
        assertTrue(outcomes.get("emptyStoreHasNothing").passed(), "r1's file works while nothing splits");
        assertTrue(outcomes.get("overwriteKeepsCountAndReplacesValue").passed());
        for (String growing : List.of("putThenGetEveryRecord", "reopenKeepsEveryRecord", "concurrentWritersLoseNothing",
                "bucketTableKeepsUpWithTheRecords", "agreesWithAMapOnRandomOperations")) {
            Checks.Outcome outcome = outcomes.get(growing);
            assertFalse(outcome.passed(), growing);
            assertTrue(outcome.failure().contains("StudentStore.split is not written yet: make the bucket table grow"), outcome.failure());
        }
    }

    @Test
    void theChecksPassWithR2sLogic() throws InterruptedException {
        KvStoreFactory referenceSolution = (dir, n) -> new LinearHashStore(dir);
        Map<String, Checks.Outcome> outcomes = outcomes(referenceSolution);
        assertEquals(7, outcomes.size(), outcomes.keySet().toString());
        outcomes.values().forEach(o -> assertTrue(o.passed(), o.name() + ": " + o.failure()));
    }

    /** Wrong turn 1: a split that moves nothing (the table grows, every chain stays where it was) is found only by its chains. */
    @Test
    void aTableThatGrowsButMovesNothingFailsTheChainCheck() throws InterruptedException {
        KvStoreFactory movesNothing = (dir, n) -> new Grows(dir) {
            @Override
            protected void split(long from, long to, long low) {
            }

            @Override
            protected long bucketOf(long h, long low, long split) {
                return Long.remainderUnsigned(h, StudentStore.INITIAL_BUCKETS);
            }
        };
        Checks.Outcome outcome = outcomes(movesNothing).get("bucketTableKeepsUpWithTheRecords");
        assertFalse(outcome.passed());
        assertTrue(outcome.failure().contains("expected no chain longer than 12: make the bucket table grow"), outcome.failure());
    }

    /** Wrong turn 2: a right split with an address rule that ignores the split pointer loses records. */
    @Test
    void anAddressRuleThatIgnoresTheSplitPointerLosesRecords() throws InterruptedException {
        KvStoreFactory ignoresSplitPointer = (dir, n) -> new Grows(dir) {
            @Override
            protected long bucketOf(long h, long low, long split) {
                return Long.remainderUnsigned(h, low);
            }
        };
        Checks.Outcome outcome = outcomes(ignoresSplitPointer).get("putThenGetEveryRecord");
        assertFalse(outcome.passed());
        assertTrue(outcome.failure().matches("get of key \\d+: expected \".*\" \\(\\d+ B\\) but was null"), outcome.failure());
    }

    /** r2's file with the exercise's hooks open to a test: each wrong turn overrides one of them. */
    private static class Grows extends ChainedHashFile {
        Grows(Path dir) throws java.io.IOException {
            super(dir, StudentStore.INITIAL_BUCKETS, true);
        }
    }
}
