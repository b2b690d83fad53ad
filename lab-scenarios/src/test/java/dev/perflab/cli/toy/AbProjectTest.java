package dev.perflab.cli.toy;

import static dev.perflab.cli.toy.AbBadInputTest.git;
import static dev.perflab.cli.toy.AbBadInputTest.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.cli.LabCli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab ab --project DIR} on git repositories made here. Bad input first, each one line and exit 2 with no
 * worktree left: a folder that is not a git repository, a revision whose build fails (its error shown without the
 * terminal's codes), a build that leaves no jar where {@code --jar} says, a jar that is not a JMH jar, a
 * {@code --benchmark} that matches nothing; those builds are shell scripts that copy jars, so no Maven runs. Then a
 * small JMH project built by Maven with the lab's own JMH and plugin versions: its second commit does
 * three times the work, and is a regression (exit 1), while a revision against itself is not. The thresholds are
 * wide (20%, one look of 4 pairs at the smoke length) because the machine is shared: the test checks the machinery,
 * not its precision.
 */
class AbProjectTest {
    @TempDir
    Path dir;

    private final LabCli lab = new LabCli();
    private Path home;

    @BeforeEach
    void home() throws Exception {
        Assumptions.assumeTrue(has("git"), "[perflab] skipped: git is not installed");
        home = Files.createDirectories(dir.resolve("home"));
        System.setProperty("perflab.home", home.toString());
    }

    @AfterEach
    void restoreHome() {
        System.clearProperty("perflab.home");
    }

    private String onlyLine() {
        return AbBadInputTest.onlyLine(lab);
    }

    /** No worktree of the project left, in the lab's folders or in git's records. */
    private void noWorktreeLeft(Path repo) throws Exception {
        Path projects = home.resolve("target/ab/projects");
        if (Files.isDirectory(projects)) {
            try (Stream<Path> all = Files.walk(projects, 3)) {
                assertEquals(List.of(), all.filter(p -> p.getParent().getFileName().toString().equals("worktrees")).toList());
            }
        }
        assertEquals(1, git(repo, "worktree", "list").size(), "git knows no worktree but the repository's own");
    }

    private Path repository(String name) throws Exception {
        Path repo = Files.createDirectories(dir.resolve(name));
        git(repo, "init", "-q");
        return repo;
    }

    private static void commit(Path repo, String message) throws Exception {
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", message);
    }

    @Test
    void aFolderThatIsNotAGitRepositoryIsRefused() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        assertEquals(2, lab.run("ab", "--project", plain.toString(), "--base", "HEAD~1", "--head", "HEAD"));
        assertTrue(onlyLine().contains("--project " + plain + ": " + plain + " is not a git repository"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", "--project", dir.resolve("missing").toString(), "--base", "a", "--head", "b"));
        assertTrue(onlyLine().contains("is not a folder"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", "--base", "a", "--head", "b"));
        assertTrue(onlyLine().contains("ab needs a COMPONENT (./lab list), or --project DIR"), lab.err.toString());
        lab.clear();
        Path repo = repository("no-pom");
        Files.writeString(repo.resolve("README"), "no build here");
        commit(repo, "one");
        assertEquals(2, lab.run("ab", "--project", repo.toString(), "--base", "HEAD", "--head", "HEAD"));
        assertTrue(onlyLine().contains("no pom.xml there, so give the command that builds its JMH jar with --build CMD"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", "--project", repo.toString(), "--base", "HEAD", "--head", "HEAD", "--build", "true", "--runs", "2"));
        assertTrue(onlyLine().contains("--runs, --plants and --resume apply to --calibrate only"), lab.err.toString());
        lab.clear();
        assertEquals(2, lab.run("ab", "--project", repo.toString(), "--head", "HEAD", "--build", "true", "--calibrate"));
        assertTrue(onlyLine().contains("give --base REV (without --project"), lab.err.toString());
        lab.clear(); // the test's lab home has no built agent, and no -Dperflab.agent.jar names one
        assertEquals(2, lab.run("ab", "--project", repo.toString(), "--base", "HEAD", "--build", "true", "--calibrate",
                "--out", dir.resolve("cal").toString()));
        assertTrue(onlyLine().contains("perflab-agent.jar: the planting agent's jar, which plants a project's slowdowns, is not there;"
                + " run ./lab from the repository root"), lab.err.toString());
        noWorktreeLeft(repo);
    }

    @Test
    void badBuildsAndJarsAreOneLineAndLeaveNoWorktree() throws Exception {
        Path repo = repository("scripts");
        Path plain = repo.resolve("plain.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(plain))) {
            out.putNextEntry(new ZipEntry("hello.txt"));
            out.write("hello".getBytes(StandardCharsets.UTF_8));
        }
        ToyJars.jmhJar(repo.resolve("jmh.jar"));
        Files.writeString(repo.resolve("fail.sh"), "echo compiling; printf '\\033[1;31m[ERROR] Sums.java:[3,5] cannot find symbol\\033[m\\n'; exit 3\n");
        Files.writeString(repo.resolve("nothing.sh"), "mkdir -p target; cp plain.jar target/other.jar\n");
        Files.writeString(repo.resolve("plain.sh"), "mkdir -p target; cp plain.jar target/benchmarks.jar\n");
        Files.writeString(repo.resolve("jmh.sh"), "mkdir -p target; cp jmh.jar target/benchmarks.jar\n");
        commit(repo, "scripts");
        String[][] cases = {
            {"--build", "sh fail.sh"}, {"--build", "sh nothing.sh"}, {"--build", "sh plain.sh"},
            {"--build", "sh jmh.sh", "--benchmark", "sortCopi", "--smoke"},
        };
        String[] expected = {
            ") does not build (sh exit 3: [ERROR] Sums.java:[3,5] cannot find symbol; log ",
            "built, but left no target/benchmarks.jar (target/ holds: other.jar); --jar names the jar the build makes",
            "/benchmarks.jar: not a JMH benchmarks jar (no main class, no META-INF/BenchmarkList)",
            "no scripts benchmark matches this selection (--benchmark sortCopi, found anywhere in Class.method); its methods, the closest"
                    + " first: RulerBenchmark.sortCopy, ",
        };
        for (int i = 0; i < cases.length; i++) {
            lab.clear();
            List<String> args = new java.util.ArrayList<>(List.of("ab", "--project", repo.toString(), "--base", "HEAD", "--head", "HEAD",
                    "--out", dir.resolve("out").toString()));
            args.addAll(List.of(cases[i]));
            assertEquals(2, lab.run(args.toArray(String[]::new)), args + ": " + lab.out + lab.err);
            String line = onlyLine();
            assertTrue(line.contains(expected[i]), args + " → " + line);
            noWorktreeLeft(repo);
        }
        assertTrue(lab.err.toString().matches("(?s).* and \\d+ more.*"), "the closest names it has, not all: " + lab.err);
        assertFalse(Files.exists(dir.resolve("out/forks")), "no fork ran");
    }

    // ---- a small JMH project built with Maven -----------------------------------------------------------------

    /**
     * The lab's own JMH and plugin versions, so the build mostly finds them in the local repository. Not offline: on a
     * fresh machine the jar and shade plugins are not there yet while the lab's tests run (its own build has not
     * reached {@code package}), and Maven fetches them once.
     */
    private static final String POM = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>example</groupId><artifactId>sums</artifactId><version>1</version>
              <properties>
                <maven.compiler.release>17</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
              </properties>
              <dependencies>
                <dependency><groupId>org.openjdk.jmh</groupId><artifactId>jmh-core</artifactId><version>JMH</version></dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                  <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
                  <plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
                  <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version>
                    <configuration><annotationProcessorPaths><path><groupId>org.openjdk.jmh</groupId>
                      <artifactId>jmh-generator-annprocess</artifactId><version>JMH</version></path></annotationProcessorPaths></configuration>
                  </plugin>
                  <plugin><artifactId>maven-shade-plugin</artifactId><version>3.6.0</version>
                    <executions><execution><phase>package</phase><goals><goal>shade</goal></goals>
                      <configuration><finalName>benchmarks</finalName><createDependencyReducedPom>false</createDependencyReducedPom>
                        <transformers><transformer implementation="org.apache.maven.plugins.shade.resource.ManifestResourceTransformer">
                          <mainClass>org.openjdk.jmh.Main</mainClass></transformer></transformers>
                      </configuration></execution></executions>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    /**
     * A chain of multiplications over 4,096 ints, as many rounds as {@code rounds.txt} says: its time grows with the
     * rounds, and nothing folds it away. The file is read relative to the working folder, as many projects' benchmarks
     * read their data ({@code json/*.json}), so each side must run in its own revision's files.
     */
    private static final String BENCHMARK = """
            package example;

            import org.openjdk.jmh.annotations.*;

            @State(Scope.Thread)
            public class Sums {
                int rounds;
                int[] data = new int[4096];

                @Setup
                public void fill() throws java.io.IOException {
                    rounds = Integer.parseInt(java.nio.file.Files.readString(java.nio.file.Path.of("rounds.txt")).strip());
                    for (int i = 0; i < data.length; i++) {
                        data[i] = i * 2654435761L > 0 ? i : -i;
                    }
                }

                @Benchmark
                public long chain() {
                    long s = 1;
                    for (int r = 0; r < rounds; r++) {
                        for (int v : data) {
                            s = s * 31 + v;
                        }
                    }
                    return s;
                }
            }
            """;

    private Path mavenProject() throws Exception {
        Path repo = repository("sums");
        java.util.Properties jmh = new java.util.Properties();
        try (java.io.InputStream in = org.openjdk.jmh.Main.class.getResourceAsStream("/META-INF/maven/org.openjdk.jmh/jmh-core/pom.properties")) {
            jmh.load(in);
        }
        Files.writeString(repo.resolve("pom.xml"), POM.replace("JMH", jmh.getProperty("version")));
        Files.writeString(repo.resolve(".gitignore"), "target/\n");
        Files.writeString(Files.createDirectories(repo.resolve("src/main/java/example")).resolve("Sums.java"), BENCHMARK);
        Files.writeString(repo.resolve("rounds.txt"), "1\n");
        commit(repo, "base");
        git(repo, "tag", "base");
        Files.writeString(repo.resolve("rounds.txt"), "3\n");
        commit(repo, "three times the work, in the data the benchmark reads"); // the checkout now reads 3: base must not
        return repo;
    }

    private int ab(Path repo, String base, String head, Path out) {
        return lab.run("ab", "--project", repo.toString(), "--base", base, "--head", head, "--build", "mvn -q -B -ntp -DskipTests package",
                "--smoke", "--pairs", "4", "--budget", "0", "--threshold", "20%", "--out", out.toString());
    }

    @Test
    void aCommitThreeTimesSlowerIsARegressionAndARevisionAgainstItselfIsNot() throws Exception {
        Assumptions.assumeTrue(has("mvn"), "[perflab] skipped: Maven is not installed");
        Path repo = mavenProject();
        Path same = dir.resolve("same");
        int exit = ab(repo, "base", "base", same);
        JsonNode verdict = new ObjectMapper().readTree(same.resolve("verdict.json").toFile());
        assertTrue(exit == 0 || exit == 4, "no change, or undecided on a loaded machine: " + exit + "\n" + lab.out + lab.err);
        assertEquals(1, verdict.get("rows").size(), verdict.toString());
        assertEquals("example.Sums.chain", verdict.get("rows").get(0).get("benchmark").asText());
        assertTrue(lab.out.toString().contains("ruler: none"), "the test's lab home has no benchmarks jar: " + lab.out);
        noWorktreeLeft(repo);

        lab.clear();
        Path slower = dir.resolve("slower");
        assertEquals(1, ab(repo, "base", "HEAD", slower), lab.out + "" + lab.err);
        verdict = new ObjectMapper().readTree(slower.resolve("verdict.json").toFile());
        assertEquals("regression", verdict.get("verdict").asText(), verdict.toString());
        assertEquals("regression", verdict.get("rows").get(0).get("verdict").asText(), verdict.toString());
        assertTrue(lab.out.toString().contains("was built before"), "base's jar is reused: " + lab.out);
        noWorktreeLeft(repo);

        // A calibration of the project's row: its slowdowns planted by the agent at example.Sums.chain's entry, as the
        // lab's own rows have them planted by their hook; one A/A run and one 20% run, for the machinery and the table.
        lab.clear();
        System.setProperty("perflab.agent.jar", ToyJars.agentJar(dir.resolve("agent/perflab-agent.jar")).toString());
        Path calibration = dir.resolve("calibration");
        try {
            assertEquals(0, lab.run("ab", "--project", repo.toString(), "--base", "base", "--build", "mvn -q -B -ntp -DskipTests package",
                    "--calibrate", "--runs", "1", "--plants", "20%", "--smoke", "--pairs", "2", "--budget", "0", "--threshold", "20%",
                    "--out", calibration.toString()), lab.out + "" + lab.err);
        } finally {
            System.clearProperty("perflab.agent.jar");
        }
        JsonNode table = new ObjectMapper().readTree(calibration.resolve("calibration.json").toFile());
        assertEquals(1, table.at("/plants").size(), "the 20% plant, sized on the project's row: " + table);
        String md = Files.readString(calibration.resolve("calibration.md"));
        assertTrue(md.startsWith("#### sums: 1 A/A run and 1 × 20% planted\n") && md.contains("planted in Sums.chain")
                && md.contains("| row | A/A false positives | A/A undecided | 5% detected | 10% detected | 20% detected |"), md);
        Path forks = calibration.resolve("runs/01-plant20/forks");
        for (String side : List.of("base", "head")) {
            String fork = Files.readString(forks.resolve("row01-" + side + "-pair1.json"));
            assertEquals(side.equals("head"), fork.contains("-javaagent:") && fork.contains("=benchmark=^example\\\\.Sums\\\\.chain$"),
                    side + "'s fork: the agent planted only head's, at the row's method: " + fork);
        }
        noWorktreeLeft(repo);
    }
}
