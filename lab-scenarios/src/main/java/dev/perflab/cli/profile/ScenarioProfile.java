package dev.perflab.cli.profile;

import dev.perflab.base.LabException;
import dev.perflab.cli.component.RoleJvmFlags;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.Role;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * {@code ./lab profile COMPONENT --role ROLE}: one end-to-end run of the component's scenario with async-profiler's
 * agent in every JVM of that role, the other roles as usual. The scenario starts the roles itself and asks
 * {@link RoleJvmFlags} for each one's extra flags; this class answers with the agent for the chosen role, then
 * turns each recording into the same flame graphs the JMH path writes.
 *
 * <pre>
 *   ./lab profile forwarder --role forwarder --rung r2,r7 [-- --rate 100000]
 *     Scenario.run(rungs r2, r7; flags for role 'forwarder' only)
 *       java -agentpath:LIB=start,event=cpu,interval=1000000,jfr,file=DIR/r2/forwarder/jfr-cpu.jfr … ./lab forwarder forwarder …
 *       (the agent writes the recording when that JVM exits)
 *     DIR/RUNG/PROCESS/jfr-cpu.jfr ──jfr-converter──▶ flame-cpu-forward.html, -reverse.html, -threads.html
 *     DIR/run/: the scenario's own rows and chart for the profiled run
 * </pre>
 *
 * <p>The recording is JFR, as on the JMH path: it is where async-profiler names the engine that sampled
 * ({@link SamplingEngine}). A profiled run is slower than a plain one: its figures are for reading the graphs
 * beside, not for quoting.
 */
final class ScenarioProfile {
    /** One recording the agent was asked to write. */
    record Recording(String rung, String process, Path jfr) {
    }

    private final Path library;
    private final String event;
    private final Role role;
    private final Path dir;
    private final List<Recording> asked = new ArrayList<>();

    ScenarioProfile(Path library, String event, Role role, Path dir) {
        this.library = library;
        this.event = event;
        this.role = role;
        this.dir = dir;
    }

    /** The agent's options: JFR at {@code jfr}, cpu sampled every {@link ProfileCommand#CPU_INTERVAL_NS} ns. */
    static String agentFlag(Path library, String event, Path jfr) {
        String options = "start,event=" + event + (event.equals("cpu") ? ",interval=" + ProfileCommand.CPU_INTERVAL_NS : "")
                + ",jfr,file=" + jfr.toAbsolutePath();
        return "-agentpath:" + library.toAbsolutePath() + "=" + options;
    }

    /** The flags for the scenario: the agent for every process of the chosen role, nothing for the others. */
    RoleJvmFlags flags() {
        return (rung, r, process) -> {
            if (!r.name().equals(role.name())) {
                return List.of();
            }
            Path processDir = dir.resolve(rung).resolve(process);
            Path jfr = processDir.resolve("jfr-" + event + ".jfr");
            try {
                Files.createDirectories(processDir);
                Files.deleteIfExists(jfr);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            asked.add(new Recording(rung, process, jfr));
            return List.of(agentFlag(library, event, jfr));
        };
    }

    /**
     * Runs the scenario once over every rung asked for, the options parsed from {@code scenarioArgs} as
     * {@code ./lab run COMPONENT} parses them.
     *
     * @return the scenario's exit code
     */
    <O> int run(Scenario<O> scenario, List<String> rungs, RunLength length, List<String> scenarioArgs, PrintWriter console)
            throws IOException, InterruptedException {
        O options = scenario.newOptions();
        try {
            new CommandLine(options).parseArgs(scenarioArgs.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new LabException("the scenario's options after --: " + e.getMessage());
        }
        try {
            return scenario.run(new ScenarioRequest(rungs, length, RunFolder.of("--out", dir.resolve("run")), console, flags()), options);
        } catch (UncheckedIOException e) {
            throw new LabException("cannot make the folder for a recording under " + dir + ": " + e.getCause().getMessage(), 1);
        }
    }

    /**
     * The recordings the agent wrote, converted into flame graphs, grouped by rung; a process that wrote none
     * (it crashed, or never started) is one line on the console.
     */
    Map<String, List<ProfileCommand.RungProfile>> convert(PrintWriter console) throws IOException {
        Map<String, List<ProfileCommand.RungProfile>> byRung = new LinkedHashMap<>();
        for (Recording r : asked) {
            if (!Files.isRegularFile(r.jfr()) || Files.size(r.jfr()) == 0) {
                console.println("  " + r.rung() + " " + r.process() + ": no recording at " + r.jfr()
                        + " (the JVM did not exit normally, or never started)");
                continue;
            }
            String engine = SamplingEngine.fromJfr(r.jfr()).orElse(SamplingEngine.UNKNOWN);
            String sampler = SamplingEngine.label(event, engine);
            String title = r.rung() + " · " + r.process() + " · " + event + " sampled by " + sampler;
            List<Path> graphs;
            try {
                graphs = new ArrayList<>(JfrConverter.flameGraphs(r.jfr(), event, title));
                graphs.add(JfrConverter.flameGraphByThread(r.jfr(), event, title));
            } catch (IOException e) {
                throw new LabException("cannot convert " + r.jfr() + " into a flame graph: " + e.getMessage(), 1);
            }
            console.println("  " + r.rung() + " " + r.process() + ": " + graphs.get(0) + " (" + sampler + ")");
            byRung.computeIfAbsent(r.rung(), k -> new ArrayList<>()).add(new ProfileCommand.RungProfile(
                    r.rung() + " " + r.process(), r.jfr().getParent().resolve("run.log"), graphs, List.of(r.jfr()), engine));
        }
        console.flush();
        return byRung;
    }

    /** The names of a scenario's roles, for the one line that refuses another. */
    static String roleNames(Scenario<?> scenario) {
        return scenario.roles().stream().map(Role::name).collect(Collectors.joining(", "));
    }
}
