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
            new Entry<>("x1-broken", Kind.EXHIBIT, "a bug", "d")));

    @Test
    void resolvesIdsPrefixesAndAliases() {
        assertEquals("r0-slow", ladder.resolve("naive").id());
        assertEquals("r1-fast", ladder.resolve("tuned").id());
        assertEquals("r1-fast", ladder.resolve("r1").id());
        assertEquals("peer-lib", ladder.resolve("peer-lib").id());
    }

    @Test
    void unknownNameListsKnownIds() {
        UnknownEntryException e = assertThrows(UnknownEntryException.class, () -> ladder.resolve("r9"));
        assertTrue(e.getMessage().contains("r0-slow, r1-fast, peer-lib"), e.getMessage());
    }

    @Test
    void exhibitsAreNotInTheContractSet() {
        assertEquals(List.of("r0-slow", "r1-fast", "peer-lib"),
                ladder.correct().stream().map(Entry::id).toList());
    }
}
