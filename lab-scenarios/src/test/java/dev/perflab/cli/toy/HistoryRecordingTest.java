package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab run} appends its rows to the results history where they are saved, for an end-to-end scenario
 * (through {@code JmhRows}, the one place every scenario's rows pass) and for JMH suites (after the merged JSON);
 * a history that cannot be written costs one line and nothing else; {@code --history none} writes nothing.
 * Every history here is in a temporary folder (the build sets {@code -Dperflab.history=none} besides).
 */
class HistoryRecordingTest {
    private static final String JMH_CLASSPATH = "perflab.jmh.classpath";

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli(Registry.builtIn().with(new ToyComponent()));

    @BeforeEach
    void jmhFromTheTestClassPath() {
        System.setProperty(JMH_CLASSPATH, System.getProperty("java.class.path"));
    }

    @AfterEach
    void restore() {
        System.clearProperty(JMH_CLASSPATH);
    }

    @Test
    void aScenarioRunIsAppendedWithItsRowsAndMachine() throws Exception {
        Path db = dir.resolve("h/history.db");
        Path out = dir.resolve("toy");
        assertEquals(0, lab.run("run", "toy", "--smoke", "--out", out.toString(), "--history", db.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("history: run of 2 rows appended to " + db), lab.out.toString());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT component, source, run_length, machine, cores, kernel, results_file FROM perflab_run")) {
                assertTrue(r.next());
                assertEquals("toy", r.getString(1));
                assertEquals("run", r.getString(2));
                assertEquals("smoke", r.getString(3));
                assertTrue(r.getString(4).contains("cores"), r.getString(4));
                assertTrue(r.getInt(5) > 0);
                assertFalse(r.getString(6).isBlank());
                assertEquals(out.resolve("toy.json").toString(), r.getString(7));
                assertFalse(r.next(), "one run");
            }
            try (ResultSet r = s.executeQuery("SELECT suite, benchmark, raw_data, (SELECT COUNT(*) FROM perflab_metric m"
                    + " WHERE m.run_id = x.run_id AND m.row_no = x.row_no) FROM perflab_result x ORDER BY row_no")) {
                for (int i = 0; i < 2; i++) {
                    assertTrue(r.next());
                    assertEquals("end-to-end", r.getString(1));
                    assertEquals("toy.endToEnd", r.getString(2));
                    assertTrue(r.getString(3).matches("\\[\\[[0-9.E]+]]"), "one fork of one value: " + r.getString(3));
                    assertTrue(r.getInt(4) >= 4, "sent, received, lost, cpu, errors: " + r.getInt(4));
                }
            }
        }
    }

    @Test
    void aJmhRunIsAppendedWithEachRowsSuiteAndIterations() throws Exception {
        Path db = dir.resolve("history.db");
        Path out = dir.resolve("jmh");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--out", out.toString(), "--history", db.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("history: run of 2 rows appended to " + db), lab.out.toString());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT suite, benchmark, raw_data, jvm_args FROM perflab_result")) {
            int rows = 0;
            while (r.next()) {
                rows++;
                assertEquals("sum", r.getString(1));
                assertTrue(r.getString(2).endsWith("ToySumBenchmark.sum"), r.getString(2));
                assertTrue(r.getString(3).startsWith("[["), r.getString(3));
            }
            assertEquals(2, rows);
        }
    }

    @Test
    void aHistoryThatCannotBeWrittenCostsOneLineAndKeepsTheRunAndItsExitCode() throws Exception {
        Path notADatabase = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        Path out = dir.resolve("toy");
        assertEquals(0, lab.run("run", "toy", "--smoke", "--out", out.toString(), "--history", notADatabase.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("history: not written to " + notADatabase + " (history " + notADatabase
                + ": is not an SQLite database; give another file (or --history none)); the run's results are saved as before"), lab.out.toString());
        assertTrue(Files.size(out.resolve("toy.json")) > 0);
        assertEquals("my notes\n", Files.readString(notADatabase));
        assertEquals("", lab.err.toString());
    }

    @Test
    void noneWritesNothingAndABadHistoryIsRefusedBeforeTheRun() throws Exception {
        Path out = dir.resolve("toy");
        assertEquals(0, lab.run("run", "toy", "--smoke", "--out", out.toString(), "--history", "none"), lab.out + "" + lab.err);
        assertFalse(lab.out.toString().contains("history:"), lab.out.toString());
        lab.clear();
        Path other = dir.resolve("other");
        assertEquals(2, lab.run("run", "toy", "--smoke", "--out", other.toString(), "--history", "jdbc:mysql://db/x?password=secret"));
        assertEquals("lab: --history jdbc:mysql://db/x?password=***: only jdbc:postgresql:// and SQLite files are supported",
                lab.err.toString().strip());
        assertFalse(Files.exists(other.resolve("toy.json")));
    }
}
