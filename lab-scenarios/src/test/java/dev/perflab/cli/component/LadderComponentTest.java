package dev.perflab.cli.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.perflab.cli.toy.ToyJmhBenchmark;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.junit.jupiter.api.Test;

/** A ladder's suites: a class that leaves its rung ids to the ladder gets them, in every run length. */
class LadderComponentTest {
    /** A suite's state as a ladder out of tree writes it: the ids only in the ladder's entries. */
    @State(Scope.Benchmark)
    public static class LeavesRungsToTheLadder {
        @Param({})
        public String rung;
    }

    private static final Ladder<String> LADDER = new Ladder<>("demo", "Demo", List.of(
            new Entry<>("r0-slow", Kind.RUNG, "slow", "a"),
            new Entry<>("r1-fast", Kind.RUNG, "fast", "b"),
            new Entry<>("x1-broken", Kind.EXHIBIT, "a bug", "c"),
            new Entry<>("student", Kind.EXERCISE, "a learner's rung", "d"),
            new Entry<>("peer-lib", Kind.PEER, "a library", "e")));

    private static JmhSuite onlySuite(Class<?> suite) {
        List<JmhSuite> suites = Component.of(LADDER.withSuites(suite), LadderComponentTest.class.getClassLoader()).suites();
        assertEquals(1, suites.size());
        return suites.get(0);
    }

    @Test
    void aSuiteThatLeavesItsRungsToTheLadderGetsEveryEntryButTheExercisesInEveryLength() {
        JmhSuite suite = onlySuite(LeavesRungsToTheLadder.class);
        Map<String, List<String>> given = Map.of("rung", List.of("r0-slow", "r1-fast", "x1-broken", "peer-lib"));
        for (RunLength length : RunLength.values()) {
            assertEquals(given, suite.params(length, Map.of()), length.toString());
        }
        assertEquals(List.of("r1-fast", "student"), suite.params(RunLength.QUICK, Map.of("rung", List.of("r1-fast", "student"))).get("rung"),
                "the rungs named win, an exercise among them");
        assertEquals(List.of("9"), suite.params(RunLength.SMOKE, Map.of("size", List.of("9"))).get("size"), "a --param stays");
    }

    @Test
    void aSuiteThatListsItsRungsKeepsItsOwnList() {
        assertEquals(Map.of(), onlySuite(ToyJmhBenchmark.class).params(RunLength.STANDARD, Map.of()));
        assertEquals(Map.of(), LadderComponent.rungsGiven(LADDER, "no.such.Benchmark", LadderComponentTest.class.getClassLoader()),
                "a class not found here: its own list applies when JMH runs it");
    }
}
