package dev.perflab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.report.ForeignFiles;
import dev.perflab.report.ForeignFiles.SetupSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab history import}: another project's JMH files become runs of the history, read back by
 * {@code ./lab history PROJECT} like the lab's own; a folder is one run per commit; bad input writes nothing.
 */
class HistoryImportTest {
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    /** Four commits of one project, one file each, named by commit, dated by their modification times. */
    private Path fourCommits() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("coll"));
        String[] commits = {"0dc4476", "1e9e894", "f8b9a4a", "d0b708a"};
        double[] factors = {1.0, 1.0, 0.5, 0.5};
        for (int i = 0; i < commits.length; i++) {
            Path file = ForeignFiles.commit(folder.resolve(commits[i] + ".json"), factors[i], SetupSpec.JDK17, i);
            Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2019-01-2" + (i + 1) + "T10:00:00Z")));
        }
        return folder;
    }

    @Test
    void aFolderIsOneRunPerCommitInTimeOrder() throws Exception {
        Path db = dir.resolve("h.db");
        assertEquals(0, lab.run("history", "import", fourCommits().toString(), "--machine", "laptop", "--history", db.toString()),
                lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.contains("history: coll run of 6 rows (commit 0dc4476, 2019-01-21T10:00:00Z) imported from "), out);
        assertTrue(out.endsWith("history: 4 runs of coll added to " + db + "; read them with ./lab history coll --history " + db + "\n"), out);
        lab.clear();
        assertEquals(0, lab.run("history", "coll", "--history", db.toString(), "--export", "csv"), lab.err.toString());
        List<String> csv = lab.out.toString().lines().toList();
        assertEquals(5, csv.size(), "a header and four runs: " + csv);
        assertTrue(csv.get(1).startsWith("2019-01-21T10:00:00Z,0dc4476,,"), csv.get(1));
        assertTrue(csv.get(4).startsWith("2019-01-24T10:00:00Z,d0b708a,,"), csv.get(4));
        lab.clear();
        assertEquals(0, lab.run("history", "coll", "--history", db.toString(), "--benchmark", "ListBenchmark.add"), lab.err.toString());
        assertTrue(lab.out.toString().contains("measured on laptop · JDK 17.0.15 (OpenJDK 64-Bit Server VM) (4 runs)"), lab.out.toString());
        assertTrue(lab.out.toString().contains("ListBenchmark.add [size=1000] · thrpt · 4 runs"), lab.out.toString());
    }

    @Test
    void filesOfOneCommitAreOneRunAtTheGivenTime() throws Exception {
        Path db = dir.resolve("h.db");
        Path a = ForeignFiles.commit(dir.resolve("a.json"), 1, SetupSpec.JDK17, 1);
        Path b = ForeignFiles.everyMode(dir.resolve("b.json"), 1e8);
        assertEquals(0, lab.run("history", "import", a.toString(), b.toString(), "--commit", "abc1234", "--time", "2024-04-28",
                "--machine", "ci", "--project", "mixed", "--branch", "main", "--history", db.toString()), lab.err.toString());
        assertTrue(lab.out.toString().contains("history: mixed run of 9 rows (commit abc1234, 2024-04-28T00:00:00Z) imported from "
                + a + " and 1 more"), lab.out.toString());
    }

    @Test
    void aBadFileIsOneLineAndNothingIsWritten() throws Exception {
        Path folder = fourCommits();
        Files.writeString(folder.resolve("8b7db0b.json"), "");
        Path db = dir.resolve("h.db");
        assertEquals(2, lab.run("history", "import", folder.toString(), "--machine", "laptop", "--history", db.toString()));
        String err = lab.err.toString().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("8b7db0b.json") && err.contains("empty file, not JSON"), err);
        assertFalse(Files.exists(db), "no history was created for a refused import");
        lab.clear();
        assertEquals(2, lab.run("history", "import", folder.toString(), "--history", db.toString()));
        assertTrue(lab.err.toString().contains("--machine"), "the machine is required: " + lab.err);
        lab.clear();
        Files.delete(folder.resolve("8b7db0b.json"));
        Files.writeString(folder.resolve("notes.json"), "[]");
        assertEquals(2, lab.run("history", "import", folder.toString(), "--machine", "m", "--history", db.toString()));
        assertTrue(lab.err.toString().contains("notes.json: a folder's file is named by its commit"), lab.err.toString());
    }
}
