package dev.perflab.cli.run;

import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.history.HistoryRecorder;
import dev.perflab.history.HistoryTarget;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The results history, listening to a {@code ./lab run}: when the run ends, each rows file it saved is appended
 * to the history ({@link HistoryRecorder}, one line on the console), with the suite each row belongs to.
 */
final class RunHistory implements RunFolder.Listener {
    private final HistoryTarget target;
    private final String component;
    private final RunLength length;
    private final Function<String, String> suiteOf;
    /** The machine line the run is recorded under; null for the one saved beside each rows file. */
    private final String header;
    private final List<String> measuringJvm;
    private final PrintWriter console;

    /**
     * @param suiteOf      the suite of a benchmark, by its full name
     * @param header       the machine line to record, or null for the one saved beside the rows
     * @param measuringJvm the flags of the JVM that measured, where the rows do not carry them (JMH's rows do)
     */
    RunHistory(HistoryTarget target, String component, RunLength length, Function<String, String> suiteOf, String header,
               List<String> measuringJvm, PrintWriter console) {
        this.target = target;
        this.component = component;
        this.length = length;
        this.suiteOf = suiteOf;
        this.header = header;
        this.measuringJvm = measuringJvm;
        this.console = console;
    }

    /** The suite of a benchmark of {@code component}: the one whose class it is a method of ({@code ?} for none). */
    static Function<String, String> suiteOf(Component component) {
        return benchmark -> component.suites().stream().filter(s -> benchmark.startsWith(s.className() + "."))
                .findFirst().map(JmhSuite::name).orElse("?");
    }

    @Override
    public void rowsSaved(RunFolder.Saved saved) {
        HistoryRecorder.record(target, () -> HistoryRecorder.run("run", component, length.name().toLowerCase(Locale.ROOT),
                header != null ? header : saved.header(), saved.rows(), suiteOf, saved.file(), measuringJvm), console);
    }
}
