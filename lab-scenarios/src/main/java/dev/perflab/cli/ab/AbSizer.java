package dev.perflab.cli.ab;

import dev.perflab.ab.AbRow;
import dev.perflab.ab.ForkResult;
import dev.perflab.ab.ForkSpread;
import dev.perflab.ab.Plant;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.RunLength;
import dev.perflab.jmh.BenchmarkCatalog;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sizes a planted slowdown on the row it goes into ({@link PlantSizing}): forks from head's jar in the order
 * plain, trial A, trial B, plain, each trial held against the plain fork beside it (trials once more with a period
 * when a token proves too coarse; the whole sizing once more when noise hid the plant); then each size to be
 * planted is aimed on the row ({@link #aim}). Their JSON and logs go to {@code DIR/sizing/}.
 */
final class AbSizer {
    private AbSizer() {
    }

    /**
     * @param smallest the smallest slowdown that will be planted: when whole tokens per invocation are too coarse
     *                 for it, the sizing is done again with a period ({@link PlantSizing#retrial})
     */
    static PlantSizing size(AbPlan.Row row, AbRun.Side from, Path dir, double smallest, PrintWriter console)
            throws IOException, InterruptedException {
        try {
            PlantSizing sizing = sizeOnce(row, from, dir, smallest, console);
            if (sizing.canPlant(smallest)) {
                return sizing;
            }
            // the counter's cost comes from one fork, and one slow fork can put it above the smallest size: the
            // sizing is worth doing once more before that size is given up
            console.printf(Locale.ROOT, "ab: a %s slowdown is below what the sizing's counter cost by itself (%s) on %s; sizing once more%n",
                    AbRow.percent(smallest), AbRow.percent(sizing.overhead()), row.label());
        } catch (LabException first) {
            console.println("ab: " + first.getMessage() + "; sizing once more");
        }
        // kept even when the smallest size still cannot be planted: the larger ones may be, and each size that
        // cannot says so when it is aimed (the calibration notes it under its table)
        return sizeOnce(row, from, dir, smallest, console);
    }

    private static PlantSizing sizeOnce(AbPlan.Row row, AbRun.Side from, Path dir, double smallest, PrintWriter console)
            throws IOException, InterruptedException {
        AbForks runner = new AbForks(console);
        String stem = String.format(Locale.ROOT, "row%02d", row.index());
        ForkResult plain = fork(runner, from, row, null, dir.resolve(stem + "-none.json"), "sizing: no plant");
        double operations = BenchmarkCatalog.of(List.of(from.jar())).operationsPerCall(row.row().benchmark());
        double seconds = PlantSizing.secondsPerInvocation(plain.score(), plain.row().unit(), plain.threads(), operations);
        PlantSizing sizing = fit(runner, from, row, dir, stem, plain, PlantSizing.trial(seconds, plain.threads()));
        long[] retrial = sizing.period() == 1 && plain.threads() == 1 ? PlantSizing.retrial(sizing.perToken(), smallest) : null;
        if (retrial != null) {
            sizing = fit(runner, from, row, dir, stem, plain, retrial);
        }
        console.printf(Locale.ROOT, "plant sized on %s: %s per invocation; %s%n", row.label(),
                dev.perflab.report.Formats.number(seconds * 1e9) + " ns", sizing.describe());
        console.flush();
        return sizing;
    }

    /**
     * Without a period: forks with the trial burst and twice it. With one: a fork with the counter alone and one
     * with the trial burst. Either way the fit with the plain fork ({@link PlantSizing}).
     */
    private static PlantSizing fit(AbForks runner, AbRun.Side from, AbPlan.Row row, Path dir, String stem, ForkResult plain, long[] trial)
            throws IOException, InterruptedException {
        long tokens = trial[0];
        long period = trial[1];
        String first = period == 1 ? Long.toString(tokens) : "0/" + period;
        String second = period == 1 ? Long.toString(2 * tokens) : tokens + "/" + period;
        ForkResult a = fork(runner, from, row, first, dir.resolve(stem + "-" + first.replace('/', 'e') + ".json"), "sizing: " + first);
        ForkResult b = fork(runner, from, row, second, dir.resolve(stem + "-" + second.replace('/', 'e') + ".json"), "sizing: " + second);
        // a plain fork after the trials too: each trial is held against the plain fork run next to it, so a machine
        // that drifted during the sizing moves the trials and their baseline alike
        ForkResult after = fork(runner, from, row, null, dir.resolve(stem + "-none-" + second.replace('/', 'e') + ".json"), "sizing: no plant");
        try {
            return period == 1 ? PlantSizing.throughZero(tokens, slowdown(plain, a), slowdown(after, b))
                    : PlantSizing.withCounter(period, tokens, slowdown(plain, a), slowdown(after, b));
        } catch (IllegalArgumentException e) {
            throw new LabException("cannot size a plant for " + row.label() + ": " + e.getMessage() + " (forks in " + dir + ")",
                    LabException.CHECK_FAILED);
        }
    }

    /**
     * The plant for {@code fraction}, checked on the row and moved until it is close: the sizing's plant runs in
     * pairs of forks beside plain ones (plain first in odd pairs, planted first in even ones) until the pairs tell
     * its slowdown closely ({@link PlantSizing#aimedClosely}); the median of the pairs' slowdowns, when not within
     * {@link PlantSizing#AIM_TOLERANCE} of the size, aims the next plant from every plant measured so far
     * ({@link PlantSizing#aimed(double, List, List)}), which is
     * measured in turn, up to {@link PlantSizing#AIM_STEPS} plants. When the pairs cannot tell a plant from the
     * noise, the plant measured last stays, with a line saying so.
     *
     * <p>In the smoke length the aim measures one plant over {@value PlantSizing#AIM_MIN_PAIRS} pairs: a smoke run
     * checks the plumbing and the table's shape, and a noisy smoke fork could otherwise keep the aim going for
     * {@value PlantSizing#AIM_STEPS} × {@value PlantSizing#AIM_MAX_PAIRS} pairs. The plant is then as close as those
     * pairs tell; the realized slowdown is printed beside every planted row either way.
     *
     * @param gatePairs the most pairs one {@code ab} run may take ({@code --max-pairs}): the aim may take as many
     * @throws IllegalArgumentException when the sizing cannot plant {@code fraction} at all ({@link PlantSizing#plant})
     */
    static Plant aim(AbPlan.Row row, AbRun.Side from, Path dir, PlantSizing sizing, double fraction, int gatePairs, RunLength length,
                     PrintWriter console) throws IOException, InterruptedException {
        boolean smoke = length == RunLength.SMOKE;
        int steps = smoke ? 1 : PlantSizing.AIM_STEPS;
        Plant plant = sizing.plant(fraction);
        List<Plant> tried = new ArrayList<>();
        List<Double> realizedSoFar = new ArrayList<>();
        for (int step = 1; ; step++) {
            List<Double> slowdowns = measure(row, from, dir, plant, step, smoke ? 0 : gatePairs, console);
            double realized = ForkSpread.median(slowdowns);
            String measured = String.format(Locale.ROOT, "plant aimed at %s on %s, step %d: %s gave %+.1f%% (median of %d pairs, "
                    + "%+.1f%% to %+.1f%%, standard error %.1f points)", AbRow.percent(fraction), row.label(), step, plant.property(),
                    realized * 100, slowdowns.size(), slowdowns.stream().mapToDouble(Double::doubleValue).min().getAsDouble() * 100,
                    slowdowns.stream().mapToDouble(Double::doubleValue).max().getAsDouble() * 100,
                    PlantSizing.standardError(slowdowns) * 100);
            if (PlantSizing.closeEnough(fraction, realized)) {
                // the most pairs can leave the median far less sure than the aim wants (3.9 points for 10% on a noisy host)
                boolean loose = PlantSizing.standardError(slowdowns) > PlantSizing.AIM_STANDARD_ERROR * fraction;
                console.println(measured + "; close enough: planting " + plant.describe() + (loose ? String.format(Locale.ROOT,
                        " (its pairs could not tell it closer than the %.2f points aimed for; in a calibration the runs re-aim it)",
                        PlantSizing.AIM_STANDARD_ERROR * fraction * 100) : ""));
                console.flush();
                return plant;
            }
            tried.add(plant);
            realizedSoFar.add(realized);
            Plant next;
            try {
                next = sizing.aimed(fraction, tried, realizedSoFar);
            } catch (IllegalArgumentException e) {
                console.println(measured + "; not aimed (" + e.getMessage() + "): planting " + plant.describe());
                console.flush();
                return plant;
            }
            boolean last = step == steps || next.tokens() == plant.tokens();
            console.println(measured + (last ? "; planting " : "; next ") + next.describe());
            console.flush();
            if (last) {
                return next;
            }
            plant = next;
        }
    }

    /**
     * One plant's slowdowns on the row, a pair of forks at a time, until {@link PlantSizing#aimedClosely}; with
     * {@code gatePairs} 0 (a smoke run), {@value PlantSizing#AIM_MIN_PAIRS} pairs.
     */
    private static List<Double> measure(AbPlan.Row row, AbRun.Side from, Path dir, Plant plant, int step, int gatePairs, PrintWriter console)
            throws IOException, InterruptedException {
        AbForks runner = new AbForks(console);
        String stem = String.format(Locale.ROOT, "row%02d-aim%s-step%d", row.index(), AbRow.percent(plant.fraction()).replace("%", "pct"), step);
        List<Double> slowdowns = new ArrayList<>();
        for (int pair = 1; gatePairs == 0 ? slowdowns.size() < PlantSizing.AIM_MIN_PAIRS
                : !PlantSizing.aimedClosely(slowdowns, plant.fraction(), gatePairs); pair++) {
            String label = "aiming " + AbRow.percent(plant.fraction()) + ", step " + step + ", pair " + pair + ": ";
            ForkResult plain = null;
            ForkResult planted = null;
            for (int side = 0; side < 2; side++) {
                if ((side == 0) == (pair % 2 == 1)) {
                    plain = fork(runner, from, row, null, dir.resolve(stem + "-" + pair + "-none.json"), label + "no plant");
                } else {
                    planted = fork(runner, from, row, plant.property(), dir.resolve(stem + "-" + pair + "-"
                            + plant.property().replace('/', 'e') + ".json"), label + plant.property());
                }
            }
            slowdowns.add(slowdown(plain, planted));
        }
        return slowdowns;
    }

    private static ForkResult fork(AbForks runner, AbRun.Side from, AbPlan.Row row, String plant, Path json, String label)
            throws IOException, InterruptedException {
        return runner.run(from.jar(), from.workDir(), row, plant, json, label).orElseThrow(() -> new LabException("cannot size a plant: "
                + runner.failures().get(runner.failures().size() - 1), LabException.CHECK_FAILED));
    }

    /** How much slower {@code planted} is than {@code plain}, in time per operation: t/t0 − 1. */
    static double slowdown(ForkResult plain, ForkResult planted) {
        boolean higher = AbRow.higherIsBetter(plain.row().unit(), plain.row().mode());
        double ratio = planted.score() / plain.score();
        return (higher ? 1 / ratio : ratio) - 1;
    }
}
