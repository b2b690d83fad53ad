package dev.perflab.cli.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.base.LabException;
import dev.perflab.cli.LabCli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real thing, briefly: {@code ./lab profile orderbook --rung r4 --diff r2 r4} on the shaded
 * benchmarks.jar with the agent from the Maven artifact (two JMH runs of ~8 s each). It needs
 * {@code lab-benchmarks/target/benchmarks.jar}, found like {@code JmhProcess} does (system property
 * {@code perflab.home}, here defaulting to {@code ..}, the repository root seen from this module): it is
 * there after {@code ./lab} or {@code mvn package}/{@code verify} built it, not after a bare {@code mvn test}
 * on a clean checkout. Skipped, with the reason, only without that jar or where the agent cannot load.
 */
class ProfileSmokeTest {
    private static final String HOME = "perflab.home";

    @TempDir
    Path out;

    private String previousHome;
    private Path home;

    @BeforeEach
    void findTheRepository() {
        previousHome = System.getProperty(HOME);
        home = Path.of(previousHome != null ? previousHome : "..").toAbsolutePath().normalize();
        Path jar = home.resolve("lab-benchmarks/target/benchmarks.jar");
        assumeWithReason(Files.isRegularFile(jar), jar + " is absent (built by ./lab or mvn package, not by mvn test)");
        try {
            Path library = AsyncProfilerLibrary.extract(home.resolve("target/async-profiler"));
            AsyncProfilerLibrary.checkLoads(library, "cpu", ProcessHandle.current().info().command().orElse("java"));
        } catch (LabException | InterruptedException e) {
            assumeWithReason(false, "async-profiler cannot load here: " + e.getMessage());
        }
        System.setProperty(HOME, home.toString());
    }

    @AfterEach
    void restoreHome() {
        if (previousHome == null) {
            System.clearProperty(HOME);
        } else {
            System.setProperty(HOME, previousHome);
        }
    }

    private static void assumeWithReason(boolean condition, String reason) {
        if (!condition) {
            System.out.println("ProfileSmokeTest skipped: " + reason);
        }
        Assumptions.assumeTrue(condition, reason);
    }

    @Test
    void flameGraphsNameTheProfiledRungAndTheEngineIsRecorded() throws Exception {
        LabCli cli = new LabCli();
        int exit = cli.run("profile", "orderbook", "--rung", "r4", "--diff", "r2", "r4", "--out", out.toString());
        String console = cli.out.toString();
        assertEquals(0, exit, console + cli.err);

        List<String> tuned = FlameGraphHtml.frameNames(flameGraph(console, "r4-tick-array"));
        assertTrue(tuned.size() > 10, "frames in the r4 graph: " + tuned);
        assertTrue(FlameGraphHtml.namesOrderBookClass(tuned, "TickArrayBook"), "r4 graph names TickArrayBook: " + tuned);
        List<String> intrusive = FlameGraphHtml.frameNames(flameGraph(console, "r2-intrusive-list"));
        assertTrue(FlameGraphHtml.namesOrderBookClass(intrusive, "IntrusiveListBook"),
                "r2 graph names IntrusiveListBook: " + intrusive);

        String engine = Files.readString(out.resolve("engine.txt"), StandardCharsets.UTF_8);
        Matcher line = Pattern.compile("(?m)^engine: (perf_events|ctimer|itimer|wall) ").matcher(engine);
        assertTrue(line.find(), engine);
        System.out.println("ProfileSmokeTest: engine " + line.group(1));
        assertTrue(console.contains("engine: " + line.group(1)), console);

        for (String diff : List.of("diff-r2-intrusive-list-to-r4-tick-array-more-in-r4-tick-array.html",
                "diff-r2-intrusive-list-to-r4-tick-array-more-in-r2-intrusive-list.html")) {
            assertTrue(Files.size(out.resolve(diff)) > 5_000, diff);
        }
        assertTrue(Files.readString(out.resolve("r4-tick-array/jmh.log")).contains("# Parameters: (depth = 1000, rung = r4-tick-array)"));
    }

    /** The path the command printed for a rung's flame graph. */
    private static Path flameGraph(String console, String rung) {
        Matcher m = Pattern.compile("(?m)^  " + Pattern.quote(rung) + ": (\\S+\\.html) \\(").matcher(console);
        assertTrue(m.find(), "a flame graph printed for " + rung + " in: " + console);
        return Path.of(m.group(1));
    }
}
