package dev.perflab.cli.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhOptions;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.ladder.Ladder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark that throws in one trial: JMH logs it, goes on, exits 0 and leaves that row out of its JSON.
 * {@code ./lab run} must then exit 1 with one line naming the missing row and the JMH log, and still save
 * the rows that ran.
 */
class RunMissingRowsTest {
    private static final String JMH_CLASSPATH = "perflab.jmh.classpath";
    private static final JmhOptions TINY = new JmhOptions(1, 0, "100ms", 1, "100ms");

    /** The toy's rungs under another name, measured by {@link ToyBrokenBenchmark}. */
    static final class BrokenToy implements Component {
        @Override
        public Ladder<LongUnaryOperator> ladder() {
            return new Ladder<>("broken-toy", "Toy with a trial that throws", ToyLadder.LADDER.entries());
        }

        @Override
        public List<JmhSuite> suites() {
            return List.of(new JmhSuite("sum", ToyBrokenBenchmark.class.getName(), Map.of(RunLength.SMOKE, TINY)));
        }
    }

    @TempDir
    Path dir;

    @BeforeEach
    void jmhFromTheTestClassPath() {
        System.setProperty(JMH_CLASSPATH, System.getProperty("java.class.path"));
    }

    @AfterEach
    void restore() {
        System.clearProperty(JMH_CLASSPATH);
    }

    @Test
    void aTrialThatThrowsFailsTheRunAndTheRowsThatRanAreKept() throws Exception {
        LabCli lab = new LabCli(Registry.builtIn().with(new BrokenToy()));
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
        assertTrue(lab.out.toString().contains("r0-loop-sum"), "the ladder of what ran is printed: " + lab.out);
        try (Stream<Path> files = Files.list(out)) {
            List<String> names = files.map(p -> p.getFileName().toString()).collect(Collectors.toList());
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), "no temporary file left: " + names);
        }
    }
}
