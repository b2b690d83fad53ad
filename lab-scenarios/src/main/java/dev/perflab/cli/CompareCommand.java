package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.compare.CompareOutput;
import dev.perflab.compare.RunComparison;
import dev.perflab.compare.Setup;
import dev.perflab.report.JmhResults;
import dev.perflab.report.ReportException;
import dev.perflab.report.LadderReport;
import dev.perflab.report.Row;
import dev.perflab.report.RowMachine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab compare BASE.json HEAD.json}: what changed between two runs, knowing noise from change.
 * Works on JMH JSON from any project. Exit 1 on any regression (of rows, or with {@code --ratios-only} of
 * rung ratios alone, for runs from different machines).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = {"Compare two JMH JSON result files, row by row and rung ratio by rung ratio.",
        "A row regressed or improved only if it moved by more than the threshold AND the confidence intervals",
        "do not overlap. Set-up differences (JDK, JMH, JVM arguments, machine) are listed first, and rows are then",
        "not judged unless --across-setups. Exit 1 on any regression, 2 on unreadable input."})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.json")
    Path base;

    @Parameters(index = "1", paramLabel = "HEAD.json")
    Path head;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "10%",
            description = "Smallest move that counts, a percentage with its %% sign, e.g. 5%% or 0.5%% (default 10%%).")
    String threshold;

    @Option(names = "--ratios-only", description = {"Judge only the rung ratios (runs from different machines): rows are listed as",
            "slower or faster, never as regressions, and only a ratio regression fails (exit 1)."})
    boolean ratiosOnly;

    @Option(names = "--across-setups", description = {"Judge rows even where base and head differ in set-up (JDK, JMH version,",
            "JVM arguments, machine); by default the differences are listed and the rows are not judged."})
    boolean acrossSetups;

    @Option(names = "--all", description = "List unchanged rows and ratios too.")
    boolean all;

    @Option(names = "--across-machines",
            description = "Allow rung ratios within one run whose rows were measured on different machines (shards of a merged set); refused by default.")
    boolean acrossMachines;

    @Override
    public Integer call() {
        double t = parseThreshold(threshold);
        List<Row> baseRows;
        List<Row> headRows;
        try {
            baseRows = JmhResults.read(base);
            headRows = JmhResults.read(head);
        } catch (ReportException e) {
            throw new LabException(e.getMessage());
        }
        if (!acrossMachines) {
            for (Map.Entry<Path, List<Row>> run : List.of(Map.entry(base, baseRows), Map.entry(head, headRows))) {
                RowMachine.acrossMachines(LadderReport.of(run.getValue()), "--across-machines").ifPresent(problem -> {
                    throw new LabException(run.getKey() + ": " + problem);
                });
            }
        }
        RunComparison comparison = RunComparison.of(baseRows, headRows, t);
        if (comparison.rows().isEmpty()) {
            throw new LabException(base + " and " + head + " have no benchmark rows in common (same benchmark and "
                    + "parameters); nothing to compare");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("compare " + base + " (base) → " + head + " (head)");
        List<String> setups = Setup.of(base).differences(Setup.of(head));
        if (!setups.isEmpty()) {
            out.println("set-up differs" + (acrossSetups ? " (rows judged anyway: --across-setups)" : "") + ":");
            setups.forEach(d -> out.println("  " + d));
        }
        CompareOutput.NotJudged notJudged = ratiosOnly ? CompareOutput.NotJudged.RATIOS_ONLY
                : !setups.isEmpty() && !acrossSetups ? CompareOutput.NotJudged.SETUPS : CompareOutput.NotJudged.NO;
        out.print(CompareOutput.text(comparison, t, all, notJudged));
        out.flush();
        long failures = notJudged != CompareOutput.NotJudged.NO ? comparison.ratioRegressions()
                : comparison.regressions() + comparison.ratioRegressions();
        return failures > 0 ? LabException.CHECK_FAILED : 0;
    }

    /**
     * The threshold as a fraction. It must carry its % sign: a bare {@code 0.1} could mean 10% or 0.1%, and
     * reading it one way silently was how {@code --threshold 0.1} compared at 0.1% while the user meant 10%.
     */
    static double parseThreshold(String text) {
        if (!text.endsWith("%")) {
            throw new LabException("--threshold '" + text + "' needs its % sign (e.g. 10% or 0.5%); a bare number is "
                    + "ambiguous between a fraction and a percentage");
        }
        try {
            double percent = Double.parseDouble(text.substring(0, text.length() - 1));
            if (percent >= 0 && percent < 100) {
                return percent / 100;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new LabException("--threshold '" + text + "' must be a percentage from 0% to 99%, e.g. 10%");
    }
}
