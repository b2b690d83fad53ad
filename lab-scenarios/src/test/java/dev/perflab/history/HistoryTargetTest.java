package dev.perflab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.perflab.base.LabException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the history goes: --history, then -Dperflab.history, then $PERFLAB_HISTORY, then results/history.db; passwords never printed. */
class HistoryTargetTest {
    @Test
    void theOptionWinsThenThePropertyThenTheEnvironmentThenTheDefault() {
        Map<String, String> env = Map.of(HistoryTarget.ENV, "jdbc:postgresql://db/h?user=u&password=p");
        assertEquals(HistoryTarget.sqlite(Path.of("a.db")), HistoryTarget.choose("a.db", "none", env));
        assertEquals(HistoryTarget.Kind.NONE, HistoryTarget.choose(null, "none", env).kind());
        assertEquals(HistoryTarget.Kind.POSTGRESQL, HistoryTarget.choose(null, null, env).kind());
        assertEquals(HistoryTarget.sqlite(Path.of("results", "history.db")), HistoryTarget.choose(null, "", Map.of()));
        assertEquals(HistoryTarget.sqlite(Path.of("/tmp/h.db")), HistoryTarget.parse("--history", "jdbc:sqlite:/tmp/h.db"));
    }

    /** The Maven path keeps its history beside its results: the default file moves, nothing named moves. */
    @Test
    void theDefaultFileMovesWhereTheLauncherSays() {
        System.setProperty(HistoryTarget.DEFAULT_PROPERTY, "lab-scenarios/target/jmh/history.db");
        try {
            assertEquals(HistoryTarget.sqlite(Path.of("lab-scenarios/target/jmh/history.db")), HistoryTarget.choose(null, null, Map.of()));
            assertEquals(HistoryTarget.sqlite(Path.of("a.db")), HistoryTarget.choose(null, null, Map.of(HistoryTarget.ENV, "a.db")));
        } finally {
            System.clearProperty(HistoryTarget.DEFAULT_PROPERTY);
        }
        assertEquals(HistoryTarget.sqlite(HistoryTarget.DEFAULT_FILE), HistoryTarget.choose(null, null, Map.of()));
    }

    @Test
    void passwordsAreLeftOutOfEveryMessage() {
        assertEquals("jdbc:postgresql://db:5432/h?user=u&password=***&ssl=true",
                HistoryTarget.parse("--history", "jdbc:postgresql://db:5432/h?user=u&password=s3cret&ssl=true").describe());
        assertEquals("jdbc:postgresql://u:***@db/h", HistoryTarget.parse("--history", "jdbc:postgresql://u:s3cret@db/h").describe());
        LabException e = assertThrows(LabException.class, () -> HistoryTarget.parse("$PERFLAB_HISTORY", "jdbc:mysql://db/h?password=s3cret"));
        assertEquals("$PERFLAB_HISTORY jdbc:mysql://db/h?password=***: only jdbc:postgresql:// and SQLite files are supported", e.getMessage());
    }
}
