package dev.perflab.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line a run records beside its rows, and how a claim's command is compared with it. */
class StartedAsTest {
    /** An argument a shell would split or expand is quoted, so the recorded line reads back to the same words. */
    @Test
    void theRecordedLineReadsBackToTheSameWords() {
        String[] args = {"run", "orderbook", "--benchmark", "replay(250k|1M)", "--out", "my results", "--param", "depth=1,1000", "it's"};
        StartedAs.record("./lab", args);
        String line = StartedAs.line().orElseThrow();
        assertEquals("./lab run orderbook --benchmark 'replay(250k|1M)' --out 'my results' --param depth=1,1000 'it'\\''s'", line);
        assertEquals(List.of(args), StartedAs.words(line).subList(1, args.length + 1));
    }

    @Test
    void wordsAreSplitAndUnquotedAsAShellDoes() {
        assertEquals(List.of("./lab", "run", "kv", "a b", "c\"d", "e f", "g"), StartedAs.words("  ./lab run  kv 'a b' c\\\"d \"e f\" g "));
        assertEquals(List.of(), StartedAs.words("   "));
    }

    /** The CLI's own name may differ (a checkout's ./lab, the installed perflab); every other word must match. */
    @Test
    void theSameCommandUnderAnotherNameOrQuotingIsTheSameAndAnyOtherWordIsNot() {
        assertTrue(StartedAs.sameCommand("./lab run kv --records 150m", "perflab run kv  --records '150m'"));
        assertFalse(StartedAs.sameCommand("./lab run kv", "./lab run kv --records 150m"));
        assertFalse(StartedAs.sameCommand("./lab run kv --records 150m --seconds 60", "./lab run kv --seconds 60 --records 150m"));
        assertFalse(StartedAs.sameCommand("", "./lab run kv"));
    }
}
