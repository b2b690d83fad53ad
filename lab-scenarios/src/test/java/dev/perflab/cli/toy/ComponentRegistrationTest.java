package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.LabException;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.profile.AsyncProfilerLibrary;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test of the registry: a toy component (two rungs, a JMH suite, a two-role scenario) added by
 * one registration, {@code Registry.builtIn().with(new ToyComponent())}, and nothing else; then
 * {@code list}, {@code run} (its scenario and, with {@code --jmh}, its suite), {@code report}, {@code gate}
 * and {@code profile} work on it; a second toy whose suite has a trial that throws shows {@code run} failing on
 * the missing row while keeping the rows that ran. Its JMH suite is compiled with this module's tests (JMH's annotation
 * processor runs on them) and run from the test class path ({@code perflab.jmh.classpath}).
 */
class ComponentRegistrationTest {
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

    /**
     * A ladder measured by its JMH suite alone needs no component class: a line naming its field in a
     * {@code META-INF/perflab/ladders} file on the class path, and {@code ./lab} lists it, plans its suite (the
     * smoke run's naive and tuned rungs) and refuses what it does not offer in one line.
     */
    @Test
    void aLadderMeasuredByItsSuiteAloneNeedsNoComponentClass() throws Exception {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve(Registry.LADDERS).getParent());
        Files.writeString(classes.resolve(Registry.LADDERS), "# the toy's one line\n" + ToyJmhLadder.class.getName() + ".LADDER\n");
        Registry registry;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            registry = Registry.load(loader);
        }
        Component toy = registry.byName(ToyJmhLadder.COMPONENT);
        assertEquals(List.of(ToyJmhBenchmark.class.getName()), toy.suites().stream().map(JmhSuite::className).toList());
        LabCli jmhOnly = new LabCli(registry);
        assertEquals(0, jmhOnly.run("list"), jmhOnly.err.toString());
        assertTrue(jmhOnly.out.toString().contains("r1-two-at-a-time"), jmhOnly.out.toString());
        jmhOnly.clear();
        assertEquals(0, jmhOnly.run("run", ToyJmhLadder.COMPONENT, "--smoke", "--plan-only", "--out", dir.resolve("plan").toString()),
                jmhOnly.out + "" + jmhOnly.err);
        assertTrue(jmhOnly.out.toString().contains("plan: 2 rows in 1 suites"), jmhOnly.out.toString());
        assertFalse(Files.exists(dir.resolve("plan")), "a plan writes nothing, so it makes no folder");
        jmhOnly.clear();
        assertEquals(2, jmhOnly.run("latency", ToyJmhLadder.COMPONENT, "--rate", "1000"));
        assertEquals(1, jmhOnly.err.toString().strip().lines().count(), jmhOnly.err.toString());
    }

    @Test
    void listShowsTheToyAfterTheBuiltInComponents() {
        assertEquals(0, lab.run("list"), lab.err.toString());
        String out = lab.out.toString();
        assertTrue(out.indexOf("toy          r0-loop-sum") > out.indexOf("sha-pipeline"), out);
        assertTrue(out.contains("toy          r1-closed-form            rung    n(n+1)/2"), out);
    }

    @Test
    void theScenarioRunsBothRolesAndItsRowsAreReadByReportAndGate() throws Exception {
        Path out = dir.resolve("toy");
        assertEquals(0, lab.run("run", "toy", "--smoke", "--out", out.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("r0-loop-sum"), lab.out.toString());
        JsonNode rows = new ObjectMapper().readTree(out.resolve("toy.json").toFile());
        assertEquals(2, rows.size());
        for (JsonNode row : rows) {
            assertEquals("toy.endToEnd", row.get("benchmark").asText());
            assertTrue(row.at("/primaryMetric/score").asDouble() > 0, row.toString());
            assertEquals(0, row.at("/secondaryMetrics/lost/score").asDouble(), row.toString());
            assertEquals(row.at("/secondaryMetrics/sent/score").asDouble(), row.at("/secondaryMetrics/received/score").asDouble());
        }
        assertTrue(Files.readString(out.resolve("toy.machine.txt")).contains("\nrun length: smoke\n"), "the run length beside the rows");
        assertTrue(Files.readString(out.resolve("toy.machine.txt")).contains("\ncommand: ./lab run toy --smoke --out " + out + "\n"),
                "the command that made the rows, beside them");
        String page = Files.readString(out.resolve("toy.html"));
        assertTrue(page.contains("<title>perflab · toy · smoke run</title>") && page.contains("data-kind=\"ladder\""),
                "the page beside the rows");
        assertTrue(lab.out.toString().contains("page: " + out.resolve("toy.html")), lab.out.toString());
        lab.clear();
        assertEquals(0, lab.run("report", out.resolve("toy.json").toString()), lab.err.toString());
        assertTrue(lab.out.toString().contains("r1-closed-form"), lab.out.toString());
        Path gates = dir.resolve("gates.yaml");
        Files.writeString(gates, String.join("\n",
                "gates:",
                "  - name: the toy loses nothing end to end",
                "    bound:",
                "      row: {benchmark: toy.endToEnd, params: {rung: tuned}}",
                "      metric: lost",
                "      max: 0",
                "  - name: an impossible speed-up fails",
                "    ratio:",
                "      numerator:   {benchmark: toy.endToEnd, params: {rung: tuned}}",
                "      denominator: {benchmark: toy.endToEnd, params: {rung: naive}}",
                "    min: 1.0e12",
                ""), StandardCharsets.UTF_8);
        lab.clear();
        assertEquals(1, lab.run("gate", "--results", out.resolve("toy.json").toString(), "--gates", gates.toString()));
        assertTrue(lab.out.toString().contains("PASS") && lab.out.toString().contains("FAIL"), lab.out.toString());
    }

    @Test
    void gateWithoutResultsReadsTheToysDefaultPath() throws Exception {
        Path gates = Files.writeString(dir.resolve("gates.yaml"), String.join("\n", "gates:", "  - name: no loss",
                "    bound: {row: {benchmark: toy.endToEnd, params: {rung: tuned}}, metric: lost, max: 0}", ""),
                StandardCharsets.UTF_8);
        assertEquals(2, lab.run("gate", "--component", "toy", "--gates", gates.toString()));
        assertTrue(lab.err.toString().contains(Path.of("results", "toy", "toy.json").toString()), lab.err.toString());
    }

    @Test
    void theJmhSuiteRunsWithJmh() throws Exception {
        Path out = dir.resolve("jmh");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--out", out.toString()), lab.out + "" + lab.err);
        JsonNode rows = new ObjectMapper().readTree(out.resolve("toy.json").toFile());
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.get(0).get("benchmark").asText().endsWith("ToySumBenchmark.sum"));
        assertTrue(lab.out.toString().contains("r1-closed-form"), lab.out.toString());
        assertTrue(Files.readString(out.resolve("toy.html")).contains("ToySumBenchmark.sum"), "the page beside the JSON");
        assertTrue(Files.isRegularFile(out.resolve("toy-ToySumBenchmark-sum.png")), "the chart, named <component>-<Class>-<method>");
        lab.clear();
        Path quiet = dir.resolve("no-html");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--no-html", "--out", quiet.toString()), lab.out + "" + lab.err);
        assertFalse(Files.exists(quiet.resolve("toy.html")), "--no-html leaves the page out");
    }

    /**
     * {@code --forks N} runs every row in N forked JVMs whatever the run length says: JMH's JSON holds N forks of
     * iterations per row, the plan counts them, and the report can show the spread between forks. Out of range, or
     * on an end-to-end run, it is one line and exit 2.
     */
    @Test
    void forksRunsEveryRowInThatManyJvms() throws Exception {
        Path out = dir.resolve("forks");
        assertEquals(0, lab.run("run", "toy", "--jmh", "--smoke", "--forks", "2", "--no-html", "--out", out.toString()),
                lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("plan: 2 rows in 1 suites, 4 forked JVMs"), lab.out.toString());
        assertTrue(lab.out.toString().contains("JMH -f 2 -wi"), lab.out.toString());
        JsonNode rows = new ObjectMapper().readTree(out.resolve("toy.json").toFile());
        assertEquals(2, rows.size(), rows.toString());
        for (JsonNode row : rows) {
            assertEquals(2, row.at("/primaryMetric/rawData").size(), "two forks of iterations: " + row);
        }
        for (String forks : List.of("0", "101")) {
            lab.clear();
            assertEquals(2, lab.run("run", "toy", "--jmh", "--smoke", "--forks", forks, "--out", dir.resolve("bad").toString()));
            assertEquals("lab: --forks " + forks + ": give 1 to 100 forked JVMs per row", lab.err.toString().strip().lines().reduce((a, b) -> b).orElse(""),
                    lab.err.toString());
        }
        lab.clear();
        assertEquals(2, lab.run("run", "toy", "--smoke", "--forks", "2", "--out", dir.resolve("e2e").toString()));
        assertTrue(lab.err.toString().contains("--forks apply to JMH suites: add --jmh"), lab.err.toString());
        assertFalse(Files.exists(dir.resolve("bad")) || Files.exists(dir.resolve("e2e")), "nothing written on bad input");
    }

    @Test
    void profileUsesTheToysDefaults() throws Exception {
        try {
            Path library = AsyncProfilerLibrary.extract(Path.of("target", "async-profiler"));
            AsyncProfilerLibrary.checkLoads(library, "cpu", ProcessHandle.current().info().command().orElse("java"));
        } catch (LabException e) {
            Assumptions.assumeTrue(false, "async-profiler cannot load here: " + e.getMessage());
        }
        Path out = dir.resolve("profile");
        assertEquals(0, lab.run("profile", "toy", "--rung", "tuned", "--out", out.toString()), lab.out + "" + lab.err);
        assertTrue(lab.out.toString().contains("ToySumBenchmark.sum {n=1000}"), lab.out.toString());
        assertTrue(Files.isRegularFile(out.resolve("engine.txt")));
    }

    /**
     * A benchmark that throws in one trial: JMH logs it, goes on, exits 0 and leaves that row out of its JSON.
     * {@code ./lab run} must then exit 1 with one line naming the missing row and the JMH log, and still save
     * the rows that ran. JMH's forks get a crash log in --out.
     */
    @Test
    void aTrialThatThrowsFailsTheRunAndTheRowsThatRanAreKept() throws Exception {
        LabCli lab = new LabCli(Registry.builtIn().with(new ToyBrokenComponent()));
        Path out = dir.resolve("out");
        assertEquals(1, lab.run("run", "broken-toy", "--smoke", "--out", out.toString()), lab.out + "" + lab.err);
        String error = lab.err.toString().strip();
        assertEquals(1, error.lines().count(), error);
        assertTrue(error.contains("ToyBrokenBenchmark.sum {rung=r1-closed-form, n=1000}"), error);
        assertTrue(error.contains(out.resolve("broken-toy-sum.log").toString()), error);
        assertTrue(!error.contains("r0-loop-sum"), "only the missing row is named: " + error);
        JsonNode rows = new ObjectMapper().readTree(out.resolve("broken-toy.json").toFile());
        assertEquals(1, rows.size(), rows.toString());
        assertEquals("r0-loop-sum", rows.get(0).at("/params/rung").asText());
        String log = Files.readString(out.resolve("broken-toy-sum.log"));
        assertTrue(log.contains("this trial fails on purpose"), log);
        String crashLogs = "-XX:ErrorFile=" + out.toAbsolutePath().resolve("hs_err_pid%p.log");
        assertTrue(log.lines().anyMatch(l -> l.startsWith("# VM options:") && l.contains(crashLogs)),
                "JMH's forks write a crash log into --out: " + log);
        assertTrue(log.lines().anyMatch(l -> l.startsWith("# VM options:") && l.contains(ToyBrokenBenchmark.OWN_FORK_FLAG)),
                "the benchmark's own @Fork(jvmArgsAppend) survives the lab's crash-log flag: " + log);
        assertTrue(lab.out.toString().contains("r0-loop-sum"), "the ladder of what ran is printed: " + lab.out);
        try (Stream<Path> files = Files.list(out)) {
            List<String> names = files.map(p -> p.getFileName().toString()).collect(Collectors.toList());
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), "no temporary file left: " + names);
        }
    }
}
