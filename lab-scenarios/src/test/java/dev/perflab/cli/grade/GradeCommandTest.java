package dev.perflab.cli.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.jmh.BenchmarkCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab grade} before anything is measured: bad input is one line and exit 2, a file that does not compile
 * names its line, a failing contract is NOT YET without a fork; and every graded exercise names a file, a reference
 * and a naive solution that exist and benchmarks that JMH's list holds, so each target can be checked reachable.
 */
class GradeCommandTest {
    private static final Path REPO = Path.of("..");

    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();

    @Test
    void anExerciseWithoutAGradeIsOneLineNamingTheGradedOnes() {
        assertEquals(2, lab.run("grade", "sha-pipeline", "--out", dir.toString()));
        assertEquals("lab: no graded exercise sha-pipeline/student; graded: orderbook/student, orderbook/mystery, mdf-ring/mystery,"
                + " kv/mystery", lab.err.toString().strip());
    }

    @Test
    void badOptionsAreOneLineBeforeAnythingRuns() {
        assertEquals(2, lab.run("grade", "orderbook", "--rounds", "1", "--out", dir.toString()));
        assertTrue(lab.err.toString().contains("--rounds 1: an interval needs at least 2 rounds"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("grade", "orderbook", "--calibrate", "2", "--file", "x.java", "--out", dir.toString()));
        assertTrue(lab.err.toString().contains("--calibrate grades the exercise's own reference and naive solutions: drop --file"),
                lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("grade", "orderbook", "--file", dir.resolve("nope.java").toString(), "--out", dir.toString()));
        assertEquals("lab: --file " + dir.resolve("nope.java") + ": no such file", lab.err.toString().strip());
        lab.clear();
        assertEquals(2, lab.run("grade", "orderbook", "--budget", "5", "--out", dir.toString()));
        assertEquals("lab: --budget '5' must be a time with its unit, e.g. 15m, 900s or 1h (or 0 for none)", lab.err.toString().strip());
        lab.clear();
        assertEquals(2, lab.run("grade", "orderbook", "--budget", "5m", "--rounds", "6", "--out", dir.toString()));
        assertEquals("lab: --budget 5m limits the looks of a default grade; --rounds 6 is one look of its rounds: drop one of the two",
                lab.err.toString().strip());
    }

    @Test
    void aFileThatDoesNotCompileNamesItsLine() throws Exception {
        Path broken = Files.createDirectories(dir.resolve("src")).resolve("StudentBook.java");
        Files.writeString(broken, "package dev.perflab.orderbook;\npublic final class StudentBook {\n    int x = ;\n}\n");
        assertEquals(2, lab.run("grade", "orderbook", "--file", broken.toString(), "--out", dir.resolve("out").toString()));
        assertTrue(lab.err.toString().startsWith("lab: --file: does not compile:\n" + broken + ":3: illegal start of expression"),
                lab.err.toString());
    }

    /**
     * The ring's mystery on 2 cores: its contract runs and passes (the mystery is correct), and its speed is not graded,
     * since there the shipped rung itself meets the target: UNDECIDED, saying why and where to grade it, no fork run.
     */
    @Test
    void theRingsMysteryIsNotGradedOnFewerCoresThanItsCauseNeeds() throws Exception {
        dev.perflab.cli.ShippedLab.Result r = dev.perflab.cli.ShippedLab.runIn(List.of("-XX:ActiveProcessorCount=2"),
                "grade", "mdf-ring", "--rung", "mystery", "--out", dir.toString());
        assertEquals(GradeCommand.UNDECIDED, r.exit(), r.out() + r.err());
        assertTrue(r.out().strip().endsWith("grade: UNDECIDED — the contract passes; the speed is not graded on 2 cores: mdf-ring/mystery's"
                + " cause shows with 4 cores or more, and with fewer the shipped rung itself meets the target"
                + " (exercises/teacher/README.md). Grade it on a machine with 4 cores or more; here, compare the profiles"
                + " (exercises/mysteries.md)"), r.out());
        assertTrue(!Files.exists(dir.resolve("forks")), "no fork on a machine where the grade cannot tell");
    }

    /** The shipped skeleton (its pristine copy first on the class path, as ./lab puts a learner's edit): NOT YET, no fork run. */
    @Test
    void theSkeletonIsNotYetOnItsContractBeforeAnyFork() throws Exception {
        dev.perflab.cli.ShippedLab.Result r = dev.perflab.cli.ShippedLab.run("grade", "orderbook", "--smoke", "--out", dir.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("5 of 14 checks pass"), r.out());
        assertTrue(r.out().strip().endsWith("grade: NOT YET — the contract fails (the ✗ lines above): fix them with ./lab check"
                + " orderbook --rung student first; speed is graded once every check passes"), r.out());
        assertEquals("grade: NOT YET — the contract fails (the ✗ lines above): fix them with ./lab check orderbook --rung student"
                + " first; speed is graded once every check passes\n", Files.readString(dir.resolve("grade.txt")));
        assertTrue(!Files.exists(dir.resolve("forks")), "no fork before the contract passes");
    }

    @Test
    void everyGradedExerciseHasItsFilesItsSuiteAndItsBenchmarks() {
        BenchmarkCatalog catalog = BenchmarkCatalog.ofThisClassPath();
        for (Exercise e : Exercises.ALL) {
            Component component = Registry.builtIn().byName(e.component());
            component.ladder().resolve(e.rung());
            Path file = REPO.resolve(e.file());
            assertTrue(Files.isRegularFile(file), e.id() + ": " + file);
            Path relative = Path.of("lab-core", "src", "main", "java").relativize(Path.of(e.file()));
            assertTrue(Files.isRegularFile(REPO.resolve("exercises/shipped").resolve(relative)), e.id() + ": no pristine copy");
            assertTrue(Files.isRegularFile(REPO.resolve("exercises/teacher/reference").resolve(relative)), e.id() + ": no reference solution");
            assertTrue(component.suites().stream().anyMatch(s -> s.className().equals(e.suite())), e.id() + ": " + e.suite());
            for (GradeRow row : e.rows()) {
                catalog.declared(row.benchmark());
                assertTrue(row.params().containsKey("rung"), e.id() + ": " + row.label());
                component.ladder().resolve(row.params().get("rung"));
            }
        }
    }
}
