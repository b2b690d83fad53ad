package dev.perflab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.Calibration;
import dev.perflab.ab.Plant;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.RunLength;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ./lab ab COMPONENT --calibrate --runs N}: how often {@code ab} is wrong on this machine. One jar on both
 * sides; the plant of each target row (the tuned rung's rows, or every row of a suite without rungs) is sized
 * once; then N rounds of four runs, an A/A run and runs with 5%, 10% and 20% planted in head's forks of the
 * target rows, in that order each round, so that the machine's drift over hours reaches every kind alike
 * ({@code --plants} keeps some of the sizes: a round is then the A/A run and those).
 *
 * <pre>
 *   DIR/sizing/…                        the plants' sizing forks
 *   DIR/runs/NN-aa/, NN-plant05/, …     each run's outputs, as ./lab ab writes them
 *   DIR/calibration.json, .md           the table, rewritten after every run (an interrupted calibration keeps its runs)
 * </pre>
 */
final class AbCalibration {
    private final Component component;
    private final RunLength length;
    private final AbPlan plan;
    private final AbRun.Side side;
    private final int pairs;
    private final double threshold;
    private final double rulerThreshold;
    private final double confidence;
    private final int runs;
    private final List<Double> planted;
    private final Path dir;
    private final PrintWriter console;

    AbCalibration(Component component, RunLength length, AbPlan plan, AbRun.Side side, int pairs, double threshold,
                  double rulerThreshold, double confidence, int runs, List<Double> planted, Path dir, PrintWriter console) {
        this.component = component;
        this.length = length;
        this.plan = plan;
        this.side = side;
        this.pairs = pairs;
        this.threshold = threshold;
        this.rulerThreshold = rulerThreshold;
        this.confidence = confidence;
        this.runs = runs;
        this.planted = planted;
        this.dir = dir;
        this.console = console;
    }

    /** The rows a calibration plants in: the tuned rung's, or, where no row has a rung, every judged row. */
    static List<AbPlan.Row> targets(Component component, AbPlan plan) {
        boolean rungs = plan.judged().stream().anyMatch(r -> r.rung() != null);
        if (!rungs) {
            return plan.judged();
        }
        String tuned = component.ladder().tuned().id();
        List<AbPlan.Row> rows = plan.judged().stream().filter(r -> tuned.equals(r.rung())).collect(Collectors.toList());
        if (rows.isEmpty()) {
            throw new LabException("--calibrate plants its slowdowns in the tuned rung, " + tuned + ", which this selection "
                    + "leaves out: add it to --rung");
        }
        return rows;
    }

    int run() throws IOException, InterruptedException {
        OutputFile tableJson = OutputFile.check("--out", dir.resolve("calibration.json"));
        OutputFile tableMd = OutputFile.check("--out", dir.resolve("calibration.md"));
        List<AbPlan.Row> targets = targets(component, plan);
        String selection = String.format(Locale.ROOT, "ab --%s, %d pairs, threshold %s, %s confidence, %d rows + %d rulers; "
                        + "planted in %s", length.name().toLowerCase(Locale.ROOT), pairs, pct(threshold), pct(confidence),
                plan.judged().size(), plan.rows().size() - plan.judged().size(),
                targets.stream().map(AbPlan.Row::label).collect(Collectors.joining(", ")));
        console.printf("perflab ab %s --calibrate: %d runs each of A/A and %s planted · %s%n%s%n", component.name(), runs,
                planted.stream().map(AbCalibration::pct).collect(Collectors.joining(", ")), Machine.header(), selection);
        Calibration calibration = new Calibration(component.name(), Machine.header(), selection);
        Map<Integer, PlantSizing> sizings = new LinkedHashMap<>();
        for (AbPlan.Row row : targets) {
            try {
                sizings.put(row.index(), AbSizer.size(row, side.jar(), dir.resolve("sizing"), planted.get(0), console));
            } catch (LabException e) {
                // the A/A runs still tell the false positives; the table says why nothing was planted here
                calibration.note(e.getMessage());
                console.println("calibration: " + e.getMessage());
            }
        }
        Map<Double, Map<Integer, Plant>> plants = new LinkedHashMap<>();
        for (double f : planted) {
            Map<Integer, Plant> kind = new LinkedHashMap<>();
            for (Map.Entry<Integer, PlantSizing> e : sizings.entrySet()) {
                try {
                    kind.put(e.getKey(), e.getValue().plant(f));
                } catch (IllegalArgumentException ex) {
                    String note = "not planted in " + plan.rows().get(e.getKey() - 1).label() + ": " + ex.getMessage();
                    calibration.note(note);
                    console.println("calibration: " + note);
                }
            }
            plants.put(f, kind);
        }
        AbRun.Side base = new AbRun.Side("base", side.rev(), side.jar(), side.git());
        AbRun.Side head = new AbRun.Side("head", side.rev(), side.jar(), side.git());
        for (int i = 1; i <= runs; i++) {
            for (double f : java.util.stream.Stream.concat(java.util.stream.Stream.of(0.0), planted.stream()).toList()) {
                if (f != 0 && plants.get(f).isEmpty()) {
                    continue;
                }
                String kind = f == 0 ? "aa" : String.format(Locale.ROOT, "plant%02d", Math.round(f * 100));
                console.printf("%ncalibration run %d of %d, %s%n", i, runs, f == 0 ? "A/A" : pct(f) + " planted");
                AbReport report = new AbRun(component.name(), plan, base, head, pairs, threshold, rulerThreshold, confidence,
                        f == 0 ? Map.of() : plants.get(f), dir.resolve("runs").resolve(String.format(Locale.ROOT, "%02d-%s", i, kind)),
                        console, length.name().toLowerCase(Locale.ROOT)).run();
                calibration.add(new Calibration.Run(f, report));
                tableJson.write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, calibration.json()));
                tableMd.writeString(calibration.markdown());
            }
        }
        console.println();
        console.print(calibration.markdown());
        console.println("saved: " + tableJson.path() + ", " + tableMd.path() + " (every run in " + dir.resolve("runs") + ")");
        console.flush();
        return 0;
    }

    private static String pct(double f) {
        return new java.math.BigDecimal(f * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }
}
