package dev.perflab.cli;

import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.Registry;
import dev.perflab.gate.Gate;
import dev.perflab.gate.GateEvaluator;
import dev.perflab.gate.GateFile;
import dev.perflab.gate.GateFileException;
import dev.perflab.gate.GateOutput;
import dev.perflab.gate.GateResult;
import dev.perflab.report.LadderReport;
import dev.perflab.report.ReportException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab gate}: checks a run against checked-in gates. Every gate compares rows of the same run (a
 * ratio, or one row's metric against a bound), so it holds on any machine. Exit 0 when all pass, 1 when
 * any fails (a gate whose rows are missing fails), 2 when the gates file or the results are unusable. A gate
 * about a component none of whose results were given is not checked (SKIP; skipped in JUnit), so one
 * component's results can be checked against the lab-wide gates file.
 *
 * <p>{@code --verdict verdict.json} reads an {@code ./lab ab} verdict instead ({@link dev.perflab.ab.AbReport}): exit 0
 * on no change or an improvement, 1 on a regression, 3 when a ruler moved and 4 when a row is undecided, the same codes
 * {@code ab} exits with, so that a workflow can gate a verdict made elsewhere (a saved artifact, another job).
 */
@Command(name = "gate", mixinStandardHelpOptions = true, description = {"Check JMH results against the gates in a YAML file (ratios of rows of the same run).",
        "Exit 0: all pass; 1: a gate failed or its rows are missing; 2: bad gates file or unreadable results.",
        "--verdict: an ./lab ab verdict instead; exit 0 no change or improvement, 1 regression, 3 noisy, 4 undecided (neutral)."})
final class GateCommand implements Callable<Integer>, Registry.User {
    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Option(names = "--results", arity = "1..*", paramLabel = "FILE.json",
            description = "JMH JSON results (default: what ./lab run writes, results/NAME/NAME.json, for every component run so far).")
    List<Path> results;

    @Option(names = "--component", paramLabel = "NAME",
            description = {"Check only this component's gates; without --results, read its default results, results/NAME/NAME.json.",
                    "Either way, a gate about a component whose results were not given is not checked (SKIP)."})
    String component;

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    /** {@code --spread}: the gates evaluated on each run alone, tabled ({@link dev.perflab.gate.GateSpread}). */
    private int spread() {
        if (results == null || results.size() < 2) {
            throw new LabException("--spread needs the results of two runs or more (--results RUN1.json RUN2.json …), one file per run");
        }
        OutputFile markdownOut = markdown != null ? OutputFile.check("--markdown", markdown, inputs(results)) : null;
        java.util.function.Function<String, java.util.Optional<String>> componentOf = b -> registry.owning(b).map(Component::name);
        List<List<GateResult>> runs = new java.util.ArrayList<>();
        GateFile file;
        try {
            file = GateFile.read(gates);
            for (Path run : results) {
                runs.add(GateEvaluator.evaluate(file.gates(), LadderReport.read(List.of(run)), componentOf));
            }
        } catch (GateFileException | ReportException e) {
            throw new LabException(e.getMessage());
        }
        String table = dev.perflab.gate.GateSpread.markdown(dev.perflab.gate.GateSpread.of(runs), runs.size(),
                "gates " + gates + " on " + results.size() + " runs, " + results.get(0) + " … · " + dev.perflab.base.Machine.header());
        PrintWriter out = spec.commandLine().getOut();
        out.print(table);
        if (markdownOut != null) {
            markdownOut.writeString(table);
            out.println("wrote " + markdown);
        }
        out.flush();
        return 0;
    }

    /** What a gate reads: the results, the machine files beside them, the gates file. */
    private Inputs inputs(List<Path> results) {
        return Inputs.none().addResults(results).add(gates);
    }

    /** {@code --verdict}: an ab verdict read as a gate, with ab's exit codes. */
    private int verdict() {
        String other = results != null ? "--results" : component != null ? "--component" : spread ? "--spread" : junit != null ? "--junit"
                : acrossMachines ? "--across-machines" : null;
        if (other != null) {
            throw new LabException("--verdict reads an ab verdict alone: drop " + other);
        }
        OutputFile markdownOut = markdown != null ? OutputFile.check("--markdown", markdown, verdict) : null;
        dev.perflab.ab.AbReport report;
        try {
            report = dev.perflab.ab.AbReport.fromJson(new com.fasterxml.jackson.databind.ObjectMapper().readTree(verdict.toFile()));
        } catch (java.nio.file.NoSuchFileException | java.io.FileNotFoundException e) {
            throw new LabException("--verdict " + verdict + ": no such file (ab writes it as DIR/verdict.json)");
        } catch (IOException | IllegalArgumentException e) {
            throw new LabException("--verdict " + verdict + ": not an ab verdict: " + (e instanceof IOException io
                    ? dev.perflab.base.JsonProblem.of(io) : e.getMessage()));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(report.gateText());
        if (markdownOut != null) {
            markdownOut.writeString(report.markdown());
            out.println("wrote " + markdown);
        }
        out.flush();
        return report.verdict().exitCode();
    }

    /**
     * The files to check: {@code --results}; else {@code --component}'s default results; else the default
     * results of every component that has them (the first component's path when none has: its error names it).
     */
    List<Path> resultFiles() {
        if (results != null) {
            return results;
        }
        if (component != null) {
            return List.of(registry.byName(component).defaultResults());
        }
        List<Path> existing = registry.all().stream().map(Component::defaultResults).filter(Files::isRegularFile)
                .collect(java.util.stream.Collectors.toList());
        return existing.isEmpty() ? List.of(registry.all().get(0).defaultResults()) : existing;
    }

    @Option(names = "--gates", paramLabel = "FILE", description = "Gates file (default ${DEFAULT-VALUE}).",
            defaultValue = "ci/gates.yaml")
    Path gates;

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "Also write JUnit XML, one test case per gate.")
    Path junit;

    @Option(names = "--markdown", paramLabel = "OUT.md", description = "Also write a markdown summary for a pull-request comment.")
    Path markdown;

    @Option(names = "--spread", description = {"Calibrate the gates: each --results file is one run of the same pass; print per gate",
            "its spread over the runs, its margin in units of that spread, the collapse it catches and the threshold",
            "that would fail 1%% of runs by chance (ci/calibrate-gates.sh makes the runs)."})
    boolean spread;

    @Option(names = "--verdict", paramLabel = "verdict.json", description = {"Read an ./lab ab verdict instead of JMH results: pass on no change"
            + " or an improvement (exit 0), fail on a regression (1); noisy (3) and undecided (4) are neither, and each undecided row",
            "says the pairs it would take. --markdown writes the verdict's table."})
    Path verdict;

    @Option(names = "--across-machines",
            description = "Allow a ratio gate whose two rows were measured on different machines (shards of a merged set); refused by default.")
    boolean acrossMachines;

    @Override
    public Integer call() throws IOException {
        if (verdict != null) {
            return verdict();
        }
        if (spread) {
            return spread();
        }
        List<Path> results = resultFiles();
        Inputs inputs = inputs(results);
        OutputFile junitOut = junit != null ? OutputFile.check("--junit", junit, inputs) : null;
        OutputFile markdownOut = markdown != null ? OutputFile.check("--markdown", markdown, inputs) : null;
        GateFile file;
        LadderReport report;
        try {
            file = GateFile.read(gates);
            report = LadderReport.read(results);
        } catch (GateFileException | ReportException e) {
            throw new LabException(e.getMessage());
        }
        if (!acrossMachines) {
            GateEvaluator.acrossMachines(file.gates(), report, "--across-machines").ifPresent(problem -> {
                throw new LabException(problem);
            });
        }
        java.util.function.Function<String, java.util.Optional<String>> componentOf = b -> registry.owning(b).map(Component::name);
        List<Gate> gatesToCheck = file.gates();
        if (component != null) {
            String name = registry.byName(component).name();
            gatesToCheck = gatesToCheck.stream().filter(g -> GateEvaluator.components(g, report, componentOf).contains(name))
                    .collect(java.util.stream.Collectors.toList());
            if (gatesToCheck.isEmpty()) {
                throw new LabException(gates + " has no gate about " + name + " (--component " + name + ")");
            }
        }
        List<GateResult> outcome = GateEvaluator.evaluate(gatesToCheck, report, componentOf);
        if (outcome.stream().noneMatch(GateResult::checked)) {
            throw new LabException("none of the " + outcome.size() + " gates in " + gates + " is about the components of "
                    + String.join(", ", results.stream().map(Path::toString).toList()) + ", so nothing was checked ("
                    + outcome.get(0).detail() + ", …)");
        }
        PrintWriter out = spec.commandLine().getOut();
        String header = "gates " + gates + " on " + results.get(0);
        out.println(header);
        out.print(GateOutput.text(outcome));
        out.flush();
        if (junitOut != null) {
            junitOut.writeString(GateOutput.junitXml(outcome));
            out.println("wrote " + junit);
        }
        if (markdownOut != null) {
            markdownOut.writeString(GateOutput.markdown(outcome, header));
            out.println("wrote " + markdown);
        }
        out.flush();
        return outcome.stream().noneMatch(GateResult::failed) ? 0 : LabException.CHECK_FAILED;
    }
}
