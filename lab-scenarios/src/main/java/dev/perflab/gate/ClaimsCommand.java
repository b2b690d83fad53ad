package dev.perflab.gate;

import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab claims [--claims docs/claims.yaml] [--out docs/claims.md]}: the table of every ratio the README and
 * the guides state, made from the results files the claims file names ({@link Claims}): ratio, interval, forks,
 * machine, date and the command that reproduces it. Bad input is one line and exit 2; a claim not measured yet is a
 * row that says so, not an error.
 */
@Command(name = "claims", mixinStandardHelpOptions = true, description = {"Tables every ratio the README and the guides state.",
        "Made from the results files docs/claims.yaml names: ratio, interval, forks, JDK/CPU/cores, date, and the command",
        "that reproduces it. Claims whose results are missing are listed with that command."})
public final class ClaimsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--claims", paramLabel = "FILE", defaultValue = "docs/claims.yaml",
            description = "The claims: each names its text, its guide, its results file, its command and the two rows it divides. Default: ${DEFAULT-VALUE}.")
    Path claims;

    @Option(names = "--out", paramLabel = "OUT.md", description = "Write the table there (e.g. docs/claims.md) as well as printing it."
            + " A claim whose results file is not here keeps its row from the table OUT.md held, marked \"kept\" by its date.")
    Path out;

    @Option(names = "--base", paramLabel = "DIR", defaultValue = ".",
            description = "Where the claims' relative results paths start (the repository's root). Default: ${DEFAULT-VALUE}.")
    Path base;

    @Override
    public Integer call() {
        PrintWriter console = spec.commandLine().getOut();
        // a missing results file is a claim not measured yet; a missing --base is a typo, which would mark them all so
        if (!java.nio.file.Files.isDirectory(base)) {
            throw new LabException("--base " + base + ": " + (java.nio.file.Files.exists(base) ? "is a file" : "no such folder")
                    + "; give the folder the claims' results paths start from (the repository's root)");
        }
        List<Claims.Claim> list;
        try {
            list = Claims.read(claims);
        } catch (GateFileException e) {
            throw new LabException(e.getMessage());
        }
        // what the table reads: the claims file and every results file a claim names (with the machine file beside it)
        dev.perflab.base.Inputs inputs = dev.perflab.base.Inputs.of(claims).addResults(list.stream().map(c -> base.resolve(c.results())).toList());
        OutputFile output = out != null ? OutputFile.check("--out", out, inputs) : null;
        // the table --out replaces keeps the rows of claims whose results files are not here (re-measuring some claims
        // must not erase the others)
        String previous = "";
        if (out != null && java.nio.file.Files.isRegularFile(out)) {
            try {
                previous = java.nio.file.Files.readString(out);
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                throw new LabException("--out " + out + ": cannot read the table it would replace (" + e.getMessage()
                        + "); move it away to write a new one");
            }
        }
        String table = Claims.markdown(list, base, claims.toString(), previous);
        console.print(table);
        console.flush();
        if (output != null) {
            output.writeString(table);
            spec.commandLine().getErr().println("wrote " + out);
        }
        return 0;
    }
}
