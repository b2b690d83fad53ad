package dev.perflab.cli;

import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.LadderReport;
import dev.perflab.report.ReportException;
import dev.perflab.report.RowMachine;
import dev.perflab.report.RowSelection;
import dev.perflab.report.page.PageInput;
import dev.perflab.report.page.ReportPage;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lab report FILE… [--markdown OUT.md] [--png DIR] [--html OUT.html [--history-csv FILE [--changes FILE]]]}:
 * prints the ladder report of JMH JSON result files, optionally also as markdown, PNG charts and one
 * self-contained HTML page (which also shows A/B verdicts, {@code .hlog} latency logs and a results history).
 * Errors are one line on stderr and exit code 2.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Turns JMH JSON result files (-rf json, from any project) into a ladder report: "
                + "rungs in order with their speedup over the previous rung and over r0; several files are never "
                + "mixed in one table, and each keeps its own machine line.")
public final class ReportCommand implements Callable<Integer> {
    /** Exit code for unusable input or output. */
    public static final int ERROR = 2;

    @Parameters(arity = "0..*", paramLabel = "FILE",
            description = "JMH JSON result files, read in order; with --html also A/B verdicts (JSON) and HdrHistogram interval logs (.hlog).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--markdown", paramLabel = "OUT.md", description = "Also write the report as markdown.")
    Path markdown;

    @Option(names = "--png", paramLabel = "DIR", description = "Also write one PNG chart per benchmark method.")
    Path pngDir;

    @Option(names = "--across-machines",
            description = "Show a ladder whose rows were measured on different machines (shards of a merged set); refused by default.")
    boolean acrossMachines;

    @Option(names = "--html", paramLabel = "OUT.html",
            description = "Also write one self-contained HTML page (charts inlined; opens with no network).")
    Path html;

    @Option(names = "--history-csv", paramLabel = "FILE",
            description = "With --html: a results history (time,commit,branch,METRIC… per run, as ./lab history --export csv writes) to chart per row.")
    Path historyCsv;

    @Option(names = "--changes", paramLabel = "FILE",
            description = "With --history-csv: change points as JSON ([{metric, commit, time, change_percent, p_value}], as ./lab history --changes --json writes) to mark.")
    Path changes;

    @Option(names = "--mode", split = ",", paramLabel = "MODE", description = "Only rows of these JMH modes: thrpt, avgt, sample, ss.")
    List<String> modes = new ArrayList<>();

    @Option(names = "--benchmark", paramLabel = "REGEX", description = "Only benchmarks whose name this regex is found in, as JMH's include, e.g. 'Cancel.*Last'.")
    String benchmark;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Only rows with this param at this value (repeatable), e.g. --param size=1000.")
    List<String> params = new ArrayList<>();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            checkInputs();
            Inputs inputs = Inputs.none().addResults(files).add(historyCsv).add(changes);
            OutputFile markdownOut = markdown != null ? OutputFile.check("--markdown", markdown, inputs) : null;
            OutputFile htmlOut = html != null ? OutputFile.check("--html", html, inputs) : null;
            RunFolder pngs = pngDir != null ? RunFolder.open("--png", pngDir, inputs) : null;
            RowSelection selection = RowSelection.of(modes, benchmark, params);
            PageInput page = htmlOut != null ? PageInput.read(title(), files, historyCsv, changes).filter(selection) : null;
            LadderReport all = page != null ? null : LadderReport.read(files);
            LadderReport report = page != null ? page.results() : all.filter(selection);
            if (!selection.all() && report.rows().isEmpty() && (all != null || !files.isEmpty())) {
                throw new LabException(selection.nothingKept(all != null ? all.rows() : LadderReport.read(page.results().files()).rows()));
            }
            java.util.Optional<String> mixed = RowMachine.acrossMachines(report, "--across-machines");
            if (mixed.isPresent() && !acrossMachines) {
                throw new LabException(mixed.get());
            }
            mixed.ifPresent(m -> out.println("note: ratios across machines, as asked (--across-machines): "
                    + RowMachine.describe(RowMachine.of(report.rows()))));
            if (!report.rows().isEmpty()) {
                out.print(report.text(report.header()));
                out.flush();
            }
            writeMarkdown(markdownOut, report, err);
            writeCharts(pngs, report, err);
            if (htmlOut != null) {
                ReportPage.write(page, htmlOut);
                err.println("wrote " + html);
                err.flush();
            }
            return 0;
        } catch (ReportException | LabException e) {
            err.println("lab: " + e.getMessage());
            err.flush();
            return ERROR;
        }
    }

    /** What only the page reads needs the page; without it, the ladder needs at least one results file. */
    private void checkInputs() {
        if (html == null) {
            if (historyCsv != null || changes != null) {
                throw new LabException((historyCsv != null ? "--history-csv" : "--changes") + " is shown on the HTML page: add --html OUT.html");
            }
            if (files.isEmpty()) {
                throw new LabException("report: name at least one JMH JSON result file (FILE.json)");
            }
            files.stream().filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".hlog")).findFirst()
                    .ifPresent(f -> {
                        throw new LabException(f + ": an interval log is shown on the HTML page: add --html OUT.html");
                    });
        } else if (files.isEmpty() && historyCsv == null) {
            throw new LabException("report --html: name result files (JSON, .hlog) or a history (--history-csv FILE)");
        }
        if ((markdown != null || pngDir != null) && files.isEmpty()) {
            throw new LabException((markdown != null ? "--markdown" : "--png") + " needs JMH JSON result files");
        }
    }

    private String title() {
        if (files.isEmpty()) {
            return "perflab report · history";
        }
        String names = files.stream().map(f -> f.getFileName().toString()).limit(3).reduce((a, b) -> a + ", " + b).orElse("");
        return "perflab report · " + names + (files.size() > 3 ? " and " + (files.size() - 3) + " more" : "");
    }

    private void writeMarkdown(OutputFile output, LadderReport report, PrintWriter err) {
        if (output != null) {
            output.writeString(report.markdown(report.header()));
            err.println("wrote " + markdown);
        }
    }

    /** The charts, whole or not at all: a chart that fails, or a Ctrl-C, leaves the folder's previous charts as they were. */
    private void writeCharts(RunFolder pngs, LadderReport report, PrintWriter err) {
        if (pngs == null) {
            return;
        }
        try {
            pngs.whole(() -> {
                ChartOutput charts = report.png(pngs::path, prefix(files.get(0)), report.header());
                charts.warning().ifPresent(w -> {
                    throw new LabException("--png " + pngDir + ": " + w);
                });
                charts.files().forEach(f -> err.println("wrote " + f));
                err.flush();
                return charts;
            });
        } catch (IOException e) {
            throw new LabException("--png " + pngDir + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("--png " + pngDir + ": interrupted");
        }
    }

    /** The first JSON file's name without {@code .json}: {@code results/orderbook.json} gives {@code orderbook}. */
    static String prefix(Path json) {
        String name = json.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
