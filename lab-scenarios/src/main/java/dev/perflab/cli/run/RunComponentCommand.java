package dev.perflab.cli.run;

import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.fleet.ShardRun;
import dev.perflab.history.HistoryRecorder;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.MachineFacts;
import dev.perflab.scenario.JmhRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code ./lab run COMPONENT} for one component: the options every run shares (run length, folder, rungs, and
 * the JMH ones), plus the component's own, which its scenario brings as a picocli mixin. A component with an
 * end-to-end scenario runs it ({@link Scenario#run}); otherwise, or with {@code --jmh}, its JMH suites run
 * ({@link JmhRun}).
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false)
final class RunComponentCommand implements Callable<Integer> {
    /** The name under which a scenario's options are mixed in. */
    private static final String SCENARIO_OPTIONS = "scenario";
    /** The suite an end-to-end run's rows belong to, in the results history. */
    static final String END_TO_END_SUITE = "end-to-end";

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true)
    Length length = new Length();

    static final class Length {
        @Option(names = "--quick", description = "A first look: short iterations, fewer sizes; rows tight enough to rank.")
        boolean quick;

        @Option(names = "--standard", description = "The default length, named (mvn -Pjmh -Dlength=standard passes it).")
        boolean standard;

        @Option(names = "--full", description = "More forks and iterations, for publishing.")
        boolean full;

        @Option(names = "--smoke", description = "CI's pass: naive and tuned rungs only, as short as still checks them (see ci/gates.yaml).")
        boolean smoke;

        RunLength value() {
            return smoke ? RunLength.SMOKE : quick ? RunLength.QUICK : full ? RunLength.FULL : RunLength.STANDARD;
        }
    }

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default results/COMPONENT).")
    Path out;

    @Option(names = "--rung", split = ",", paramLabel = "ID",
            description = "Only these rungs or peers (ids, r-prefixes, naive, tuned); an exercise runs only when named, e.g. r1,student,r2.")
    List<String> rungs;

    @Option(names = "--benchmark", paramLabel = "REGEX", description = "JMH suites: only benchmark methods matching this regex, e.g. cancelLast.")
    String benchmark;

    @Option(names = "--param", paramLabel = "NAME=V1,V2", description = "JMH suites: restrict a @Param, e.g. --param depth=1,1000.")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = "--jdk", split = ",", paramLabel = "HOME",
            description = "JMH suites: run on each of these JDKs (JMH -jvm) and print each rung's ratio between them (the jdks command lists them).")
    List<Path> jdks;

    @Option(names = "--no-html", description = "Leave out the HTML page beside the results (DIR/COMPONENT.html, as ./lab report --html writes).")
    boolean noHtml;

    @Option(names = "--jmh", description = "Run the component's JMH suites instead of its end-to-end run (default folder results/COMPONENT/jmh).")
    boolean jmh;

    @Option(names = "--shard", paramLabel = "I/N",
            description = {"Run shard I of N (from 1) of this run's rows, split by expected cost; rows a ratio gate divides stay in one shard."
                    + " Also from JOB_COMPLETION_INDEX (from 0) with PERFLAB_SHARDS=N. Default folder results/COMPONENT/shard-I-of-N;"
                    + " ./lab merge puts the shards together (docs/fleet.md)."})
    String shard;

    @Option(names = "--shard-gates", paramLabel = "FILE",
            description = "With --shard: the gates whose ratio rows must share a shard (default ci/gates.yaml; 'none' for cost alone).")
    String shardGates;

    @Option(names = "--plan-only", description = "Print the plan (with --shard, every shard's rows and expected time) and measure nothing.")
    boolean planOnly;

    @Mixin
    HistoryOption history = new HistoryOption();

    private final Component component;
    /** The former name this command was called by ({@code ./lab run mdf}), or null for the component's own name. */
    private final String formerName;
    /** The component's scenario with this run's options object, or null when it has no end-to-end run. */
    private Bound<?> scenario;

    private RunComponentCommand(Component component, String formerName) {
        this.component = component;
        this.formerName = formerName;
    }

    /**
     * The {@code ./lab run NAME} command of one component, its scenario's options mixed in; under a former name
     * ({@code formerName} not null) the same command, hidden from the help, that first prints the one line naming
     * the new name.
     */
    static CommandLine commandLine(Component component, String formerName) {
        RunComponentCommand command = new RunComponentCommand(component, formerName);
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        spec.name(formerName != null ? formerName : component.name());
        spec.usageMessage().description(description(component));
        spec.usageMessage().hidden(formerName != null);
        component.scenario().ifPresent(s -> {
            command.scenario = Bound.of(s);
            spec.addMixin(SCENARIO_OPTIONS, CommandSpec.forAnnotatedObject(command.scenario.options()));
        });
        return new CommandLine(spec);
    }

    private static String[] description(Component component) {
        String what = component.scenario().isPresent()
                ? (component.suites().isEmpty() ? "End to end: its roles as processes over sockets."
                : "End to end: its roles as processes over sockets (--jmh: its JMH suites).")
                : "Its JMH suites, one forked JVM per benchmark and parameter set, -prof gc on.";
        return new String[] {component.ladder().title() + ".", what,
                "Saves the rows as DIR/" + component.name() + ".json (JMH's JSON shape), the ladder as markdown and charts."};
    }

    @Override
    public Integer call() throws Exception {
        if (formerName != null) {
            spec.commandLine().getErr().println(Registry.renamedNote(formerName, component.name()));
            spec.commandLine().getErr().flush();
        }
        RunLength runLength = length.value();
        dev.perflab.base.Regex.compile("--benchmark", benchmark);
        Optional<ShardRun> sharding = ShardRun.of(shard, shardGates, labHome(), System.getenv());
        if (sharding.isPresent() && jdks != null) {
            throw new LabException("--shard and --jdk: a shard runs on one JDK; give each JDK its own sharded run"
                    + " (JAVA_HOME=HOME ./lab run " + component.name() + " --shard I/N), or one CI matrix axis per JDK");
        }
        HistoryTarget historyTarget = history.target();
        Inputs inputs = Inputs.of(historyTarget.file(), shardGates == null || shardGates.equals(ShardRun.NO_GATES) ? null : Path.of(shardGates));
        if (out != null) {
            OutputFile.checkDirectory("--out", out, inputs);
        }
        String name = component.name();
        if (scenario != null && !jmh) {
            if (benchmark != null || !params.isEmpty() || jdks != null) {
                throw new LabException("--benchmark, --param and --jdk apply to JMH suites: add --jmh; to run " + name
                        + " end to end on another JDK use JAVA_HOME=HOME ./lab run " + name);
            }
            Path dir = out != null ? out : sharding.map(s -> Path.of("results", name, s.shard().folderName())).orElse(Path.of("results", name));
            PrintWriter console = spec.commandLine().getOut();
            OutputFile.checkDirectory("--out", dir, inputs);
            ScenarioRequest request = new ScenarioRequest(rungs, runLength, dir, console, inputs);
            if (planOnly && sharding.isEmpty()) {
                return new ScenarioShard(component, scenario.rungIds(request, component.ladder()), request, true).run(null, scenario::run);
            }
            long started = System.currentTimeMillis();
            String header = sharding.map(ShardRun::header).orElse(Machine.header());
            int exit;
            // rows saved, in order; recorded in the history only once every results file of the run is saved
            List<Map.Entry<Path, com.fasterxml.jackson.databind.node.ArrayNode>> saved = new java.util.concurrent.CopyOnWriteArrayList<>();
            try {
                try (JmhRows.Listening recording = JmhRows.listen((file, rows) -> saved.add(Map.entry(file, rows)))) {
                    exit = sharding.isEmpty() ? scenario.run(request)
                            : new ScenarioShard(component, scenario.rungIds(request, component.ladder()), request, planOnly).run(sharding.get(), scenario::run);
                }
                if (!planOnly) {
                    scenarioPage(dir.resolve(name + ".json"), started, runLength);
                }
            } finally {
                saved.forEach(s -> HistoryRecorder.record(historyTarget, () -> HistoryRecorder.run("run", name,
                        runLength.name().toLowerCase(Locale.ROOT), header, s.getValue(), benchmarkName -> END_TO_END_SUITE, s.getKey(),
                        MachineFacts.thisJvmFlags()), console));
            }
            return exit;
        }
        if (jmh && scenario == null) {
            throw new LabException("--jmh chooses the JMH suites over an end-to-end run; " + name + " has only JMH suites: drop --jmh");
        }
        refuseScenarioOptions();
        if (component.suites().isEmpty()) {
            throw new LabException("component '" + name + "' has no benchmark suites yet");
        }
        Path dir = out != null ? out : scenario != null ? Path.of("results", name, "jmh") : Path.of("results", name);
        if (out == null && sharding.isPresent()) {
            dir = dir.resolve(sharding.get().shard().folderName());
        }
        OutputFile.checkDirectory("--out", dir, inputs);
        JmhRun run = new JmhRun(component, runLength, dir, benchmark, params, JmhRun.jmhParams(component, runLength, rungs, params),
                jdks, historyTarget, spec.commandLine().getOut()).shard(sharding.orElse(null)).planOnly(planOnly);
        return (noHtml ? run.withoutPage() : run).run();
    }

    /** The lab's checkout ({@code perflab.home}, set by {@code ./lab}), where ci/gates.yaml is found from any folder. */
    private static Path labHome() {
        String home = System.getProperty("perflab.home");
        return home != null ? Path.of(home) : null;
    }

    /**
     * After an end-to-end run, the run length beside its JMH-shaped rows ({@code DIR/COMPONENT.json}) and the
     * HTML page of them, when this run wrote them.
     */
    private void scenarioPage(Path rows, long started, RunLength runLength) throws IOException {
        if (!java.nio.file.Files.isRegularFile(rows) || java.nio.file.Files.getLastModifiedTime(rows).toMillis() < started - 1000) {
            return;
        }
        dev.perflab.base.Machine.recordRunLength(rows, runLength.id());
        if (!noHtml) {
            RunPage.write(rows, component.name(), runLength, spec.commandLine().getOut());
        }
    }

    /** With {@code --jmh}, options of the end-to-end run would do nothing: say so rather than ignore them. */
    private void refuseScenarioOptions() {
        CommandSpec mixin = spec.mixins().get(SCENARIO_OPTIONS);
        if (mixin == null) {
            return;
        }
        List<String> given = mixin.options().stream()
                .filter(o -> spec.commandLine().getParseResult().hasMatchedOption(o))
                .map(OptionSpec::longestName).collect(Collectors.toList());
        if (!given.isEmpty()) {
            throw new LabException(String.join(", ", given) + " applies to " + component.name()
                    + "'s end-to-end run, not to its JMH suites (--jmh): drop one or the other");
        }
    }

    /** A scenario and the options object picocli fills for it, kept together so their types agree. */
    private record Bound<O>(Scenario<O> scenario, O options) {
        static <O> Bound<O> of(Scenario<O> scenario) {
            return new Bound<>(scenario, scenario.newOptions());
        }

        int run(ScenarioRequest request) throws IOException, InterruptedException {
            return scenario.run(request, options);
        }

        List<String> rungIds(ScenarioRequest request, dev.perflab.ladder.Ladder<?> ladder) {
            return scenario.rungIds(request, options, ladder);
        }
    }
}
