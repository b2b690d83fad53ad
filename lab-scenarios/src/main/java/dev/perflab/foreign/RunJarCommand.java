package dev.perflab.foreign;

import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.OutOption;
import dev.perflab.results.ResultsLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./lab run-jar JAR [JMH options]}: another project's JMH jar through the lab's tables, page and history.
 * Parses and hands over to {@link JarRun}; every option after the jar that is not the lab's goes to JMH as given.
 */
@Command(name = "run-jar", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
        customSynopsis = "lab run-jar [--out=DIR] [--history=DB] JAR [JMH options and benchmark regexes…]",
        description = {"Run another project's JMH benchmarks jar and show its rows the way 'lab run' shows a ladder.",
                "Any JMH from 1.19 on. The rows get the table with noisy rows marked, markdown, charts, the page",
                "and the history. Every option after JAR that is not one of the lab's below goes to JMH as given:",
                "  ./lab run-jar target/benchmarks.jar Sums.loop -f 2 -wi 3 -i 5 -p size=1000",
                "Exit 1 when JMH fails or rows are missing, 2 on bad input (not a JMH jar, an option JMH refuses)."})
public final class RunJarCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JAR", description = "The project's JMH benchmarks jar (java -jar JAR runs JMH).")
    Path jar;

    @Mixin
    OutOption out = OutOption.orElse("results/NAME, NAME the jar's project folder");

    @Mixin
    HistoryOption history = new HistoryOption();

    /** JMH's options and benchmark regexes, in the order given. */
    @Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        // what the run reads: its jar and the history it records in; no results folder may be or hold one
        dev.perflab.base.Inputs inputs = dev.perflab.base.Inputs.of(jar, history.target().file());
        if (out.dir() != null) {
            inputs.refuse("--out", out.dir());
        }
        ForeignJar foreign = ForeignJar.open("run-jar", jar);
        JmhArguments jmh = JmhArguments.parse(jmhArgs);
        Path dir = out.dir() != null ? out.dir() : ResultsLayout.DEFAULT.component(foreign.name());
        inputs.refuse("--out", dir);
        return new JarRun(foreign, jmh, dir, history.target(), spec.commandLine().getOut()).run();
    }
}
