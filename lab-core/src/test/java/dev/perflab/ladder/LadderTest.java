package dev.perflab.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LadderTest {
    private final Ladder<String> ladder = new Ladder<>("demo", "Demo", List.of(
            new Entry<>("r0-slow", Kind.RUNG, "slow", "a"),
            new Entry<>("r1-fast", Kind.RUNG, "fast", "b"),
            new Entry<>("peer-lib", Kind.PEER, "a library", "c"),
            new Entry<>("x1-broken", Kind.EXHIBIT, "a bug", "d"),
            new Entry<>("student", Kind.EXERCISE, "a learner's rung", "e")));

    @Test
    void resolvesIdsPrefixesAndAliases() {
        assertEquals("r0-slow", ladder.resolve("naive").id());
        assertEquals("r1-fast", ladder.resolve("tuned").id());
        assertEquals("r1-fast", ladder.resolve("r1").id());
        assertEquals("peer-lib", ladder.resolve("peer-lib").id());
        assertEquals("student", ladder.resolve("student").id());
    }

    /** A suite named by class is the class's binary name, so a nested benchmark class is found as JMH lists it. */
    @Test
    void suitesNamedByClassAreTheirBinaryNames() {
        class NestedSuite {
        }
        assertEquals(List.of("java.lang.String", "dev.perflab.ladder.LadderTest$1NestedSuite"),
                ladder.withSuites(String.class, NestedSuite.class).suites());
    }

    @Test
    void unknownNameListsKnownIds() {
        UnknownEntryException e = assertThrows(UnknownEntryException.class, () -> ladder.resolve("r9"));
        assertTrue(e.getMessage().contains("r0-slow, r1-fast, peer-lib"), e.getMessage());
    }

    @Test
    void exhibitsAndExercisesAreNotInTheContractSetNorRungs() {
        assertEquals(List.of("r0-slow", "r1-fast", "peer-lib"),
                ladder.correct().stream().map(Entry::id).toList());
        assertEquals(List.of("r0-slow", "r1-fast"), ladder.rungs().stream().map(Entry::id).toList());
    }

    @Test
    void aContractIsOptionalAndKeptWithTheLadder() throws InterruptedException {
        assertTrue(ladder.contract().isEmpty());
        Contract<String> contract = factory -> List.of(new Check("isLowerCase", () -> {
            if (!factory.equals(factory.toLowerCase())) {
                throw new AssertionError(factory + " is not lower case");
            }
        }));
        Ladder<String> checked = ladder.withContract(contract);
        assertEquals(ladder.ids(), checked.ids());
        List<Checks.Outcome> outcomes = Checks.run(checked.contract().orElseThrow().checks("B"));
        assertEquals(List.of(new Checks.Outcome("isLowerCase", "B is not lower case")), outcomes);
        assertTrue(Checks.run(contract.checks("b")).get(0).passed());
    }

    @Test
    void aCheckThatThrowsSomethingElseFailsNamingIt() throws InterruptedException {
        List<Checks.Outcome> outcomes = Checks.run(List.of(new Check("boom", () -> {
            throw new UnsupportedOperationException("not written yet");
        })));
        assertEquals("threw java.lang.UnsupportedOperationException: not written yet", outcomes.get(0).failure());
    }

    @Test
    void aCheckThatNeverEndsFailsAtItsLimitAndTheNextOneStillRuns() throws InterruptedException {
        List<Checks.Outcome> outcomes = Checks.run(List.of(
                new Check("endless", () -> {
                    while (!Thread.currentThread().isInterrupted()) { // endless but for the runner's interrupt,
                        Thread.onSpinWait();                          // so it does not spin through the other tests
                    }
                }),
                new Check("quick", () -> { })), java.time.Duration.ofMillis(200));
        assertEquals("did not finish within 200 ms (an endless loop, or a thread that waits for ever?)",
                outcomes.get(0).failure());
        assertTrue(outcomes.get(1).passed());
    }
}
