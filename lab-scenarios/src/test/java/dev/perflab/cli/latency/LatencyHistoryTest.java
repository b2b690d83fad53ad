package dev.perflab.cli.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab latency} appends its rows (one per timing mode) to the results history, with the child JVM's flags. */
class LatencyHistoryTest {
    @TempDir
    Path dir;

    @Test
    void aLatencyRunIsAppendedWithOneRowPerTimingMode() throws Exception {
        LabCli lab = new LabCli();
        Path db = dir.resolve("history.db");
        assertEquals(0, lab.run("latency", "orderbook", "--rung", "null", "--rate", "2000", "--seconds", "0.5", "--warmup", "0.2",
                "--json", dir.resolve("result.json").toString(), "--history", db.toString()), lab.out + "\n" + lab.err);
        assertTrue(lab.out.toString().contains("history: run of 3 rows appended to " + db), lab.out.toString());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT source, component, jvm_flags, results_file FROM perflab_run")) {
                assertTrue(r.next());
                assertEquals("latency", r.getString(1));
                assertEquals("orderbook", r.getString(2));
                assertTrue(r.getString(3).contains("-Xmx1g"), "the child's flags: " + r.getString(3));
                assertEquals(dir.resolve("result.json").toString(), r.getString(4));
            }
            try (ResultSet r = s.executeQuery("SELECT suite, mode, params, unit FROM perflab_result ORDER BY row_no")) {
                for (String timing : new String[] {"service", "batch", "intended"}) {
                    assertTrue(r.next());
                    assertEquals("latency", r.getString(1));
                    assertEquals("sample", r.getString(2));
                    assertTrue(r.getString(3).contains("\"timing\":\"" + timing + "\""), r.getString(3));
                    assertEquals("us/op", r.getString(4));
                }
            }
        }
    }
}
