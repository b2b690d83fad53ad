package dev.perflab.cli;

import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.report.ChartOutput;
import dev.perflab.report.LadderReport;
import dev.perflab.report.MachineHeader;
import dev.perflab.report.ReportException;
import dev.perflab.report.RowMachine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lab report FILE.json… [--markdown OUT.md] [--png DIR]}: prints the ladder report of JMH JSON result
 * files, optionally also as markdown and PNG charts. Errors are one line on stderr and exit code 2.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Turns JMH JSON result files (-rf json, from any project) into a ladder report: "
                + "rungs in order with their speedup over the previous rung and over r0.")
public final class ReportCommand implements Callable<Integer> {
    /** Exit code for unusable input or output. */
    public static final int ERROR = 2;

    @Parameters(arity = "1..*", paramLabel = "FILE.json", description = "JMH JSON result files, read in order.")
    List<Path> files;

    @Option(names = "--markdown", paramLabel = "OUT.md", description = "Also write the report as markdown.")
    Path markdown;

    @Option(names = "--png", paramLabel = "DIR", description = "Also write one PNG chart per benchmark method.")
    Path pngDir;

    @Option(names = "--across-machines",
            description = "Show a ladder whose rows were measured on different machines (shards of a merged set); refused by default.")
    boolean acrossMachines;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Path[] inputs = files.toArray(Path[]::new);
            OutputFile markdownOut = markdown != null ? OutputFile.check("--markdown", markdown, inputs) : null;
            if (pngDir != null) {
                OutputFile.checkDirectory("--png", pngDir);
            }
            LadderReport report = LadderReport.read(files);
            java.util.Optional<String> mixed = RowMachine.acrossMachines(report, "--across-machines");
            if (mixed.isPresent() && !acrossMachines) {
                throw new LabException(mixed.get());
            }
            String header = MachineHeader.of(files.get(0)).orElse(report.defaultHeader());
            mixed.ifPresent(m -> out.println("note: ratios across machines, as asked (--across-machines): "
                    + RowMachine.describe(RowMachine.of(report.rows()))));
            out.print(report.text(header));
            out.flush();
            writeMarkdown(markdownOut, report, header, err);
            writeCharts(report, header, err);
            return 0;
        } catch (ReportException | LabException e) {
            err.println("lab: " + e.getMessage());
            err.flush();
            return ERROR;
        }
    }

    private void writeMarkdown(OutputFile output, LadderReport report, String header, PrintWriter err) {
        if (output != null) {
            output.writeString(report.markdown(header));
            err.println("wrote " + markdown);
        }
    }

    private void writeCharts(LadderReport report, String header, PrintWriter err) {
        if (pngDir == null) {
            return;
        }
        ChartOutput charts = report.png(pngDir, prefix(files.get(0)), header);
        charts.files().forEach(f -> err.println("wrote " + f));
        err.flush();
        charts.warning().ifPresent(w -> {
            throw new LabException("--png " + pngDir + ": " + w);
        });
    }

    /** The first JSON file's name without {@code .json}: {@code results/orderbook.json} gives {@code orderbook}. */
    static String prefix(Path json) {
        String name = json.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
