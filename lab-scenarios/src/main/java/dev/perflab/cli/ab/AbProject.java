package dev.perflab.cli.ab;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.Component;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.Ladder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What {@code ./lab ab --project DIR} measures of another project's jars: the project as a component whose suites are
 * its benchmark classes (the lab's smoke, quick and full options, or in the standard length each class's own
 * annotations, as for a ladder made by {@link Component#of}), and the JDK-only ruler from the lab's own benchmarks jar,
 * since a project's jar has none.
 */
final class AbProject {
    /** The Maven build a project with a {@code pom.xml} gets unless {@code --build} names another. */
    static final String MAVEN_BUILD = "mvn -q -B -DskipTests package";
    /** The jar JMH's Maven archetype makes. */
    static final String ARCHETYPE_JAR = "target/benchmarks.jar";

    private AbProject() {
    }

    /**
     * The build to run in a revision's worktree: {@code --build} as given, else Maven's for a project with a
     * {@code pom.xml} in {@code dir}.
     *
     * @throws LabException (exit 2) when there is neither
     */
    static String build(Path dir, String build) {
        if (build != null) {
            if (build.isBlank()) {
                throw new LabException("--build is empty: give the command that builds the project's JMH jar, e.g. --build \"./gradlew jmhJar\"");
            }
            return build;
        }
        if (Files.isRegularFile(dir.resolve("pom.xml"))) {
            return MAVEN_BUILD;
        }
        throw new LabException("--project " + dir + ": no pom.xml there, so give the command that builds its JMH jar with --build CMD"
                + " (and the jar with --jar PATH)");
    }

    /**
     * Where a project's worktrees, build logs and jars go: the lab checkout's {@code target/ab/projects} ({@code perflab.home},
     * set by {@code ./lab}); for the installed launcher, which has no checkout, {@code $XDG_CACHE_HOME/perflab/ab/projects}
     * (by default under {@code ~/.cache}), never the project or the folder it runs in.
     */
    static Path work() {
        String home = System.getProperty("perflab.home");
        if (home != null) {
            return Path.of(home).resolve("target/ab/projects");
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        Path root = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return root.resolve("perflab/ab/projects");
    }

    /**
     * The project as a component named {@code name}: one suite per benchmark class either jar lists, so that a class
     * only one side has is named as such rather than left out. Its one "rung" stands for the jar; a project has no ladder.
     */
    static Component component(String name, Path baseJar, Path headJar) {
        TreeSet<String> classes = new TreeSet<>();
        for (Path jar : baseJar.equals(headJar) ? List.of(headJar) : List.of(baseJar, headJar)) {
            BenchmarkCatalog.of(List.of(jar)).benchmarks().forEach(b -> classes.add(b.substring(0, b.lastIndexOf('.'))));
        }
        Entry<Path> jar = new Entry<>("jar", Kind.RUNG, "the project's JMH benchmarks", headJar);
        return Component.of(new Ladder<>(name, name + "'s JMH benchmarks", List.of(jar)).withSuites(classes.toArray(String[]::new)));
    }

    /** Names the planting agent's jar ({@code lab-agent}), as the release archive's launcher sets it. */
    static final String AGENT_JAR_PROPERTY = "perflab.agent.jar";

    /**
     * The planting agent's jar, which {@code --plant} and {@code --calibrate} attach to the forks of a project's rows:
     * {@code -Dperflab.agent.jar} (the release archive's {@code lib/perflab-agent.jar}), else the checkout's
     * {@code lab-agent/target/perflab-agent.jar}.
     *
     * @throws LabException (exit 2) when it is not there, saying how to get it
     */
    static Path plantAgent() {
        String installed = System.getProperty(AGENT_JAR_PROPERTY);
        Path agent = installed != null ? Path.of(installed)
                : Path.of(System.getProperty("perflab.home", ".")).resolve("lab-agent/target/perflab-agent.jar");
        if (!Files.isRegularFile(agent)) {
            throw new LabException(agent + ": the planting agent's jar, which plants a project's slowdowns, is not there; "
                    + (installed != null ? "unpack perflab's release archive again (its lib/ holds it)"
                    : "run ./lab from the repository root (it builds what is missing)"));
        }
        return agent;
    }

    /**
     * The jar the JDK-only ruler runs from on both sides: the lab's own benchmarks jar; empty, with a line saying that
     * nothing watches the machine, where it is not built.
     */
    static Optional<Path> rulerJar(PrintWriter console) {
        try {
            Path jar = JmhProcess.benchmarksJar();
            console.println("ruler: " + AbPlan.RULER + " from the lab's own " + jar + ", on both sides");
            return Optional.of(jar);
        } catch (LabException e) {
            console.println("ruler: none (" + e.getMessage() + "), so no ruler watches the machine: a drift between the sides"
                    + " cannot mark this run noisy");
            return Optional.empty();
        }
    }
}
