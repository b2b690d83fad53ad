package dev.perflab.cli;

import dev.perflab.ab.AbRow;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.LabException;
import dev.perflab.jmh.BenchmarkCatalog;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Sizes a planted slowdown on the row it goes into ({@link PlantSizing}): three forks from head's jar, without
 * a plant, with a trial burst, and with twice that burst; their JSON and logs go to {@code DIR/sizing/}.
 */
final class AbSizer {
    private AbSizer() {
    }

    /**
     * @param smallest the smallest slowdown that will be planted: when whole tokens per invocation are too coarse
     *                 for it, the sizing is done again with a period ({@link PlantSizing#retrial})
     */
    static PlantSizing size(AbPlan.Row row, Path jar, Path dir, double smallest, PrintWriter console)
            throws IOException, InterruptedException {
        AbForks runner = new AbForks(console);
        String stem = String.format(Locale.ROOT, "row%02d", row.index());
        ForkResult plain = fork(runner, jar, row, null, dir.resolve(stem + "-none.json"), "sizing: no plant");
        int operations = BenchmarkCatalog.of(List.of(jar)).operationsPerInvocation(row.row().benchmark());
        double seconds = PlantSizing.secondsPerInvocation(plain.score(), plain.row().unit(), plain.threads(), operations);
        PlantSizing sizing = fit(runner, jar, row, dir, stem, plain, PlantSizing.trial(seconds, plain.threads()));
        long[] retrial = sizing.period() == 1 && plain.threads() == 1 ? PlantSizing.retrial(sizing.perToken(), smallest) : null;
        if (retrial != null) {
            sizing = fit(runner, jar, row, dir, stem, plain, retrial);
        }
        console.printf(Locale.ROOT, "plant sized on %s: %s per invocation; %s%n", row.label(),
                dev.perflab.report.Formats.number(seconds * 1e9) + " ns", sizing.describe());
        console.flush();
        return sizing;
    }

    /** Two forks with the trial burst and twice it, and the line through them and the plain fork. */
    private static PlantSizing fit(AbForks runner, Path jar, AbPlan.Row row, Path dir, String stem, ForkResult plain, long[] trial)
            throws IOException, InterruptedException {
        String once = trial[0] + (trial[1] == 1 ? "" : "/" + trial[1]);
        String twice = 2 * trial[0] + (trial[1] == 1 ? "" : "/" + trial[1]);
        ForkResult t = fork(runner, jar, row, once, dir.resolve(stem + "-" + once.replace('/', 'e') + ".json"), "sizing: " + once);
        ForkResult t2 = fork(runner, jar, row, twice, dir.resolve(stem + "-" + twice.replace('/', 'e') + ".json"), "sizing: " + twice);
        try {
            return PlantSizing.fit(trial[1], trial[0], slowdown(plain, t), slowdown(plain, t2));
        } catch (IllegalArgumentException e) {
            throw new LabException("cannot size a plant for " + row.label() + ": " + e.getMessage() + " (forks in " + dir + ")",
                    LabException.CHECK_FAILED);
        }
    }

    private static ForkResult fork(AbForks runner, Path jar, AbPlan.Row row, String plant, Path json, String label)
            throws IOException, InterruptedException {
        return runner.run(jar, row, plant, json, label).orElseThrow(() -> new LabException("cannot size a plant: "
                + runner.failures().get(runner.failures().size() - 1), LabException.CHECK_FAILED));
    }

    /** How much slower {@code planted} is than {@code plain}, in time per operation: t/t0 − 1. */
    static double slowdown(ForkResult plain, ForkResult planted) {
        boolean higher = AbRow.higherIsBetter(plain.row().unit(), plain.row().mode());
        double ratio = planted.score() / plain.score();
        return (higher ? 1 / ratio : ratio) - 1;
    }
}
