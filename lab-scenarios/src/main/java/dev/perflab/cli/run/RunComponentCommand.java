package dev.perflab.cli.run;

import dev.perflab.base.BenchmarkFilter;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.cli.component.BenchmarkOption;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.LengthOption;
import dev.perflab.cli.component.OutOption;
import dev.perflab.cli.component.ParamOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.component.RungOption;
import dev.perflab.cli.component.Scenario;
import dev.perflab.cli.component.ScenarioRequest;
import dev.perflab.fleet.ShardRun;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.MachineFacts;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
    /** The most forks {@code --forks} takes: beyond it a typo (50000 for 5) would plan a run of days. */
    static final int MAX_FORKS = 100;
    /** The suite an end-to-end run's rows belong to, in the results history. */
    static final String END_TO_END_SUITE = "end-to-end";

    @Spec
    CommandSpec spec;

    @Mixin
    LengthOption lengthOption = new LengthOption(RunLength.STANDARD);

    @Mixin
    OutOption outOption = OutOption.orElse("results/COMPONENT");

    @Mixin
    RungOption rungOption = RungOption.orElse("the run length's rungs; an exercise only when named");

    @Mixin
    BenchmarkOption benchmarkOption = new BenchmarkOption();

    @Mixin
    ParamOption paramOption = new ParamOption();

    @Option(names = "--jdk", split = ",", paramLabel = "HOME",
            description = "JMH suites: run on each of these JDKs (JMH -jvm) and print each rung's ratio between them (the jdks command lists them).")
    List<Path> jdks;

    @Option(names = "--forks", paramLabel = "N",
            description = "JMH suites: N forked JVMs per row instead of the run length's (1 to " + MAX_FORKS + "); rows whose forks land in"
                    + " different modes then show the spread between forks (--forks 5: a claim's between-fork interval).")
    Integer forks;

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

    @Option(names = "--plan-only", description = "Print the plan (with --shard, every shard's rows and expected time) and measure nothing; no folder is made.")
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
        RunLength runLength = lengthOption.value();
        Path out = outOption.dir();
        List<String> rungs = rungOption.ids();
        BenchmarkFilter benchmark = benchmarkOption.filter();
        Map<String, String> params = paramOption.params();
        Optional<ShardRun> sharding = ShardRun.of(shard, shardGates, labHome(), System.getenv());
        if (sharding.isPresent() && jdks != null) {
            throw new LabException("--shard and --jdk: a shard runs on one JDK; give each JDK its own sharded run"
                    + " (JAVA_HOME=HOME ./lab run " + component.name() + " --shard I/N), or one CI matrix axis per JDK");
        }
        if (forks != null && (forks < 1 || forks > MAX_FORKS)) {
            throw new LabException("--forks " + forks + ": give 1 to " + MAX_FORKS + " forked JVMs per row");
        }
        if (scenario != null && !jmh && (!benchmark.all() || !params.isEmpty() || jdks != null || forks != null)) {
            // before the folder is opened (which creates it): a refused run leaves nothing behind
            throw new LabException("--benchmark, --param, --jdk and --forks apply to JMH suites: add --jmh; to run " + component.name()
                    + " end to end on another JDK use JAVA_HOME=HOME ./lab run " + component.name());
        }
        HistoryTarget historyTarget = history.target();
        Inputs inputs = Inputs.of(historyTarget.file(), shardGates == null || shardGates.equals(ShardRun.NO_GATES) ? null : Path.of(shardGates));
        if (out != null && planOnly) {
            RunFolder.of("--out", out, inputs).check(); // a plan writes nothing: the folder is checked, not made
        } else if (out != null) {
            RunFolder.open("--out", out, inputs);
        }
        if (!planOnly) {
            HistoryStore.checkBeforeRun(historyTarget); // a history that cannot be made: refused now, not after the run
        }
        String name = component.name();
        boolean learner = learnerRun();
        ResultsLayout layout = learner ? ResultsLayout.DEFAULT.learners() : ResultsLayout.DEFAULT;
        PrintWriter console = spec.commandLine().getOut();
        if (out == null && learner) {
            console.printf("a learner's run: saved under %s, so the main job's %s stays as it was (--out chooses another folder)%n",
                    layout.component(name), ResultsLayout.DEFAULT.component(name));
        }
        if (scenario != null && !jmh) {
            Path dir = out != null ? out : sharding.map(s -> layout.shard(layout.component(name), s.shard().folderName()))
                    .orElse(layout.component(name));
            String header = sharding.map(ShardRun::header).orElse(Machine.header());
            try (RunFolder results = folder(dir, inputs).listen(new RunHistory(historyTarget, name, runLength,
                    benchmarkName -> END_TO_END_SUITE, header, MachineFacts.thisJvmFlags(), console))) {
                ScenarioRequest request = new ScenarioRequest(rungs, runLength, results, console);
                if (planOnly && sharding.isEmpty()) {
                    return new ScenarioShard(component, scenario.rungIds(request, component.ladder()), request, true).run(null, scenario::run);
                }
                long started = System.currentTimeMillis();
                return results.whole(() -> {
                    int exit = sharding.isEmpty() ? scenario.run(request)
                            : new ScenarioShard(component, scenario.rungIds(request, component.ladder()), request, planOnly).run(sharding.get(), scenario::run);
                    if (!planOnly) {
                        scenarioPage(results, started, runLength);
                    }
                    return exit;
                });
            }
        }
        if (jmh && scenario == null) {
            throw new LabException("--jmh chooses the JMH suites over an end-to-end run; " + name + " has only JMH suites: drop --jmh");
        }
        refuseScenarioOptions();
        if (component.suites().isEmpty()) {
            throw new LabException("component '" + name + "' has no benchmark suites yet");
        }
        Path dir = out != null ? out : scenario != null ? layout.scenarioJmh(name) : layout.component(name);
        if (out == null && sharding.isPresent()) {
            dir = layout.shard(dir, sharding.get().shard().folderName());
        }
        try (RunFolder results = folder(dir, inputs).listen(new RunHistory(historyTarget, name, runLength,
                RunHistory.suiteOf(component), null, List.of(), console))) {
            JmhRun run = new JmhRun(component, runLength, results, benchmark, params, JmhRun.jmhParams(component, runLength, rungs, params),
                    jdks, console).shard(sharding.orElse(null)).planOnly(planOnly).forks(forks);
            return results.whole((noHtml ? run.withoutPage() : run)::run);
        }
    }

    /**
     * Whether {@code --rung} names an exercise ({@code student}): such a run saves under {@link ResultsLayout#learners},
     * so a learner's few rows never replace the main job's files the notebooks read. An unknown name is left for the
     * run to refuse.
     */
    private boolean learnerRun() {
        List<String> rungs = rungOption.ids();
        return rungs != null && rungs.stream().anyMatch(id -> {
            try {
                return component.ladder().resolve(id).kind() == dev.perflab.ladder.Kind.EXERCISE;
            } catch (dev.perflab.ladder.UnknownEntryException e) {
                return false;
            }
        });
    }

    /**
     * The run's folder, {@code --out} or the layout's: refused now, before any work, when it is or holds one of the
     * run's inputs (a default folder can hold a {@code --history} named inside it); created when the run writes.
     */
    private static RunFolder folder(Path dir, Inputs inputs) {
        inputs.refuse("--out", dir);
        return RunFolder.of("--out", dir, inputs);
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
    private void scenarioPage(RunFolder results, long started, RunLength runLength) throws IOException {
        Path rows = results.path(ResultsLayout.rows(component.name()));
        if (!java.nio.file.Files.isRegularFile(rows) || java.nio.file.Files.getLastModifiedTime(rows).toMillis() < started - 1000) {
            return;
        }
        results.recordLength(rows, runLength.id(), Machine.header());
        if (!noHtml) {
            RunPage.write(results, rows, component.name(), runLength, spec.commandLine().getOut());
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
