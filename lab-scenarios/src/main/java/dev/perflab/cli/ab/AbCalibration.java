package dev.perflab.cli.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.ab.AbReport;
import dev.perflab.ab.Calibration;
import dev.perflab.ab.Plant;
import dev.perflab.ab.PlantSizing;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.RunLength;
import dev.perflab.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ./lab ab COMPONENT --calibrate --runs N}: how often {@code ab} is wrong on this machine. One jar on both
 * sides; the plant of each target row (the tuned rung's rows, the selected rungs' where {@code --rung} leaves the tuned
 * one out, or every row of a suite without rungs) is sized and aimed
 * once; then N rounds of four runs, an A/A run and runs with 5%, 10% and 20% planted in head's forks of the
 * target rows, in that order each round, so that the machine's drift over hours reaches every kind alike
 * ({@code --plants} keeps some of the sizes: a round is then the A/A run and those). Before each planted run the
 * plant is re-aimed from what the last planted runs of its size realized in its row
 * ({@link PlantSizing#reaimed}), so that a row whose speed drifts over the hours still gets the slowdown named.
 *
 * <p>With a head revision ({@code --calibrate --base REV --head REV}) nothing is planted: each round is an A/A run of
 * base and a run of base against head, so a real change (a commit that slows a rung, made to measure the gate) is
 * tabled beside the A/A runs made in the same hours: how often {@code ab} calls it, and how often it is left undecided.
 *
 * <pre>
 *   DIR/sizing/…                        the plants' sizing forks
 *   DIR/runs/NN-aa/, NN-plant05/, …     each run's outputs, as ./lab ab writes them (NN-head: base against head)
 *   DIR/calibration.json, .md           the table, rewritten after every run (an interrupted calibration keeps its runs)
 * </pre>
 *
 * <p>The goals need 20 runs of each kind, hours of a quiet machine per suite. {@code --resume} lets them add up
 * over several sittings: it reads the runs saved in DIR back, reuses the plants sized then (calibration.json's
 * {@code plants}), and adds rounds until every kind has {@code --runs}. It refuses a DIR calibrated with other
 * options or on another machine (the table would mix two calibrations), naming both.
 */
final class AbCalibration {
    /** The field of a verdict.json that names its run, whichever folder holds it. */
    static final String RUN_ID = "runId";

    private final Component component;
    private final RunLength length;
    private final AbPlan plan;
    private final AbRun.Side side;
    /** The head revision whose change is calibrated, or null for planted slowdowns. */
    private final AbRun.Side change;
    private final dev.perflab.ab.Looks looks;
    private final double budgetSeconds;
    private final double threshold;
    private final double rulerThreshold;
    private final int runs;
    private final List<Double> planted;
    private final Path dir;
    private final PrintWriter console;
    private boolean duet;
    /** What choosing the plant's invocations costs by itself in each target row (0 without a period), for the re-aim. */
    private final Map<Integer, Double> counterCost = new LinkedHashMap<>();

    /**
     * @param change the head revision whose change against {@code side} is calibrated; null to plant slowdowns instead
     */
    AbCalibration(Component component, RunLength length, AbPlan plan, AbRun.Side side, AbRun.Side change, dev.perflab.ab.Looks looks,
                  double budgetSeconds, double threshold, double rulerThreshold, int runs, List<Double> planted, Path dir, PrintWriter console) {
        this.component = component;
        this.length = length;
        this.plan = plan;
        this.side = side;
        this.change = change;
        this.looks = looks;
        this.budgetSeconds = budgetSeconds;
        this.threshold = threshold;
        this.rulerThreshold = rulerThreshold;
        this.runs = runs;
        this.planted = planted;
        this.dir = dir;
        this.console = console;
    }

    /** Runs each pair's two forks at the same time ({@code --duet}, {@link AbRun#duet}); part of the calibration's selection. */
    AbCalibration duet(boolean on) {
        this.duet = on;
        return this;
    }

    /**
     * Refuses to start a calibration in a folder that holds one: its table and runs would be replaced run by run (a
     * calibration of 2 runs becoming one of 1, its other runs orphaned). {@code --resume} goes on with it.
     */
    static void refuseToReplace(Path dir) throws IOException {
        long runs;
        try (java.util.stream.Stream<Path> list = Files.list(dir.resolve("runs"))) {
            runs = list.filter(Files::isDirectory).count();
        } catch (java.nio.file.NoSuchFileException e) {
            runs = 0;
        }
        if (Files.exists(dir.resolve("calibration.json")) || runs > 0) {
            throw new LabException("--out " + dir + " holds a calibration (" + (runs == 1 ? "1 run" : runs + " runs") + " in "
                    + dir.resolve("runs") + "); go on with it with --resume, or give another --out");
        }
    }

    /**
     * The rows a calibration plants in: the tuned rung's; where the selection leaves the tuned rung out
     * ({@code --rung r2}), the selected rungs' rows, so that a gate on another rung can be calibrated too; where no
     * row has a rung, every judged row.
     */
    static List<AbPlan.Row> targets(Component component, AbPlan plan) {
        List<AbPlan.Row> rungRows = plan.judged().stream().filter(r -> r.rung() != null).collect(Collectors.toList());
        if (rungRows.isEmpty()) {
            return plan.judged();
        }
        String tuned = component.ladder().tuned().id();
        List<AbPlan.Row> rows = rungRows.stream().filter(r -> tuned.equals(r.rung())).collect(Collectors.toList());
        return rows.isEmpty() ? rungRows : rows;
    }

    int run(boolean resume) throws IOException, InterruptedException {
        OutputFile tableJson = OutputFile.check("--out", dir.resolve("calibration.json"));
        OutputFile tableMd = OutputFile.check("--out", dir.resolve("calibration.md"));
        List<AbPlan.Row> targets = targets(component, plan);
        String selection = String.format(Locale.ROOT, "ab --%s%s, %d pairs%s, threshold %s, %s confidence, %d rows + %d rulers; "
                        + "%s", length.name().toLowerCase(Locale.ROOT), duet ? " --duet" : "", looks.first(), looks.count() > 1 ? " (looks at "
                        + looks.describe() + " while a row is undecided; budget " + dev.perflab.report.Formats.duration(budgetSeconds) + ")" : "",
                pct(threshold), pct(looks.confidence()),
                plan.judged().size(), plan.rows().size() - plan.judged().size(), change != null ? "head " + change.rev() + " against base"
                        : planted.isEmpty() ? NOTHING_PLANTED.substring(2) : "planted in " + targets.stream().map(AbPlan.Row::label).collect(Collectors.joining(", ")));
        console.printf("perflab ab %s --calibrate: %s · %s%n%s%n", component.name(), change != null
                        ? (runs == 1 ? "1 run" : runs + " runs") + " each of A/A (base " + side.rev() + ") and head " + change.rev() + " against base"
                        : planted.isEmpty() ? (runs == 1 ? "1 A/A run" : runs + " A/A runs") + ", nothing planted (--plants none)"
                        : (runs == 1 ? "1 run" : runs + " runs") + " each of A/A and "
                        + planted.stream().map(AbCalibration::pct).collect(Collectors.joining(", ")) + " planted",
                Machine.header(), selection);
        Calibration calibration = new Calibration(component.name(), Machine.header(), selection);
        Map<Double, Map<Integer, Plant>> resumed = resume ? resumeFrom(calibration, targets) : null;
        Map<Double, Map<Integer, Plant>> plants = resumed != null ? resumed : size(calibration, targets);
        AbRun.Side base = new AbRun.Side("base", side.rev(), side.jar(), side.git(), side.workDir());
        AbRun.Side head = new AbRun.Side("head", side.rev(), side.jar(), side.git(), side.workDir());
        List<Double> kinds = change != null ? List.of(0.0, Calibration.HEAD)
                : java.util.stream.Stream.concat(java.util.stream.Stream.of(0.0), planted.stream()).filter(f -> f == 0 || !plants.get(f).isEmpty()).toList();
        write(calibration, plants, tableJson, tableMd);
        int round = calibration.runs().stream().mapToInt(Calibration.Run::round).max().orElse(0);
        while (kinds.stream().anyMatch(f -> done(calibration, f) < runs)) {
            round++;
            for (double f : kinds) {
                if (done(calibration, f) >= runs) {
                    continue;
                }
                String kind = f == 0 ? "aa" : f == Calibration.HEAD ? "head" : String.format(Locale.ROOT, "plant%02d", Math.round(f * 100));
                if (f > 0) {
                    reaim(calibration, f, plants.get(f));
                    write(calibration, plants, tableJson, tableMd);
                }
                console.printf("%ncalibration run %d of %d, %s%n", done(calibration, f) + 1, runs, f == 0 ? "A/A"
                        : f == Calibration.HEAD ? "head against base" : pct(f) + " planted");
                AbReport report = new AbRun(component.name(), plan, base, f == Calibration.HEAD ? new AbRun.Side("head", change.rev(), change.jar(),
                        change.git(), change.workDir()) : head, looks, budgetSeconds, threshold, rulerThreshold, f > 0 ? plants.get(f) : Map.of(),
                        dir.resolve("runs").resolve(String.format(Locale.ROOT, "%02d-%s", round, kind)), console,
                        length.name().toLowerCase(Locale.ROOT)).duet(duet).run();
                calibration.add(new Calibration.Run(f, report, round));
                write(calibration, plants, tableJson, tableMd);
            }
        }
        write(calibration, plants, tableJson, tableMd);
        console.println();
        console.print(calibration.markdown());
        console.println("saved: " + tableJson.path() + ", " + tableMd.path() + " (every run in " + dir.resolve("runs") + ")");
        console.flush();
        return 0;
    }

    /**
     * Each plant of size {@code f} re-aimed from what the planted runs so far realized in its row
     * ({@link PlantSizing#reaimed}), with a line per row once there are runs to read.
     */
    private void reaim(Calibration calibration, double f, Map<Integer, Plant> byRow) {
        for (Map.Entry<Integer, Plant> e : byRow.entrySet()) {
            AbPlan.Row row = plan.rows().get(e.getKey() - 1);
            List<Calibration.Realized> runsSoFar = calibration.realized(f, row.row().benchmark(), row.row().params());
            if (runsSoFar.isEmpty()) {
                continue;
            }
            List<Calibration.Realized> last = runsSoFar.subList(Math.max(0, runsSoFar.size() - PlantSizing.REAIM_RUNS), runsSoFar.size());
            Plant next = PlantSizing.reaimed(counterCost.getOrDefault(e.getKey(), 0.0), e.getValue(),
                    runsSoFar.stream().map(Calibration.Realized::plant).toList(), runsSoFar.stream().map(Calibration.Realized::slowdown).toList());
            console.printf(Locale.ROOT, "calibration: the %s plant in %s realized %s in its last %d planted runs (%s); %s%n", pct(f), row.label(),
                    last.stream().map(r -> String.format(Locale.ROOT, "%+.1f%%", r.slowdown() * 100)).collect(Collectors.joining(", ")), last.size(),
                    last.stream().map(r -> r.plant().burst()).distinct().collect(Collectors.joining(", ")),
                    next.equals(e.getValue()) ? "kept: " + next.describe() : "re-aimed: " + next.describe());
            e.setValue(next);
        }
        console.flush();
    }

    private static int done(Calibration calibration, double planted) {
        return (int) calibration.runs().stream().filter(r -> r.planted() == planted).count();
    }

    private Map<Double, Map<Integer, Plant>> size(Calibration calibration, List<AbPlan.Row> targets) throws IOException, InterruptedException {
        Map<Integer, PlantSizing> sizings = new LinkedHashMap<>();
        for (AbPlan.Row row : planted.isEmpty() ? List.<AbPlan.Row>of() : targets) { // --plants none: no sizing forks
            try {
                PlantSizing sizing = AbSizer.size(row, side, dir.resolve("sizing"), planted.get(0), console);
                sizings.put(row.index(), sizing);
                counterCost.put(row.index(), sizing.overhead());
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
                AbPlan.Row row = plan.rows().get(e.getKey() - 1);
                try {
                    kind.put(e.getKey(), AbSizer.aim(row, side, dir.resolve("sizing"), e.getValue(), f, looks.last(), length, console));
                } catch (IllegalArgumentException ex) {
                    String note = "not planted in " + row.label() + ": " + ex.getMessage();
                    calibration.note(note);
                    console.println("calibration: " + note);
                }
            }
            plants.put(f, kind);
        }
        return plants;
    }

    /** The table and the plants, as they stand: calibration.json (which --resume reads back) and calibration.md. */
    private void write(Calibration calibration, Map<Double, Map<Integer, Plant>> plants, OutputFile json, OutputFile md) throws IOException {
        ObjectNode root = calibration.json();
        ArrayNode list = root.putArray("plants");
        plants.forEach((f, byRow) -> byRow.forEach((index, p) -> list.addObject().put("fraction", f).put("row", index)
                .put("label", plan.rows().get(index - 1).label()).put("tokens", p.tokens()).put("period", p.period())
                .put("counterCost", counterCost.getOrDefault(index, 0.0))));
        json.write(out -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, root));
        md.writeString(calibration.markdown());
    }

    /**
     * The runs and plants of the calibration saved in {@link #dir}, added to {@code calibration}; null when the
     * saved plants do not cover every size asked for now (the caller sizes them again).
     */
    private Map<Double, Map<Integer, Plant>> resumeFrom(Calibration calibration, List<AbPlan.Row> targets) throws IOException {
        Path saved = dir.resolve("calibration.json");
        if (!Files.isRegularFile(saved)) {
            throw new LabException("--resume: " + saved + " is missing: no calibration to go on with in " + dir
                    + "; start one without --resume");
        }
        JsonNode root = savedTable(dir, "--resume");
        for (String[] field : new String[][] {{"selection", calibration.selection()}, {"machine", calibration.machine()},
                {"component", component.name()}}) {
            String was = root.path(field[0]).asText();
            if (!was.equals(field[1])) {
                throw new LabException("--resume: " + saved + " was calibrated with " + field[0] + " '" + was + "'; this run's is '"
                        + field[1] + "': give the same options on the same machine, or another --out");
            }
        }
        loadRuns(dir, calibration, "--resume", new java.util.HashMap<>(), console);
        for (JsonNode note : root.path("notes")) {
            calibration.note(note.asText());
        }
        Map<Double, Map<Integer, Plant>> plants = new LinkedHashMap<>();
        planted.forEach(f -> plants.put(f, new LinkedHashMap<>()));
        for (JsonNode p : root.path("plants")) {
            double f = p.path("fraction").asDouble();
            if (plants.containsKey(f)) {
                plants.get(f).put(p.path("row").asInt(), new Plant(f, p.path("tokens").asLong(), p.path("period").asLong()));
                // a calibration saved before the re-aim has no counterCost: 0, exact for plants without a period
                counterCost.put(p.path("row").asInt(), p.path("counterCost").asDouble(0));
            }
        }
        console.printf("calibration: resumed from %s: %s%n", dir, java.util.stream.Stream.concat(java.util.stream.Stream.of(0.0),
                change != null ? java.util.stream.Stream.of(Calibration.HEAD) : planted.stream())
                .map(f -> (f == 0 ? "A/A" : f == Calibration.HEAD ? "head" : pct(f)) + " " + done(calibration, f))
                .collect(Collectors.joining(", ")) + " runs so far");
        boolean covered = plants.values().stream().allMatch(byRow -> byRow.keySet().containsAll(
                targets.stream().map(AbPlan.Row::index).toList()));
        if (!covered) {
            console.println("calibration: the saved plants do not cover every size and row asked for now: sizing them again");
            return null;
        }
        return plants;
    }

    /**
     * The runs saved in {@code dir/runs} (one folder per run, {@code NN-aa} or {@code NN-plantNN}, each with the
     * verdict.json {@code ab} wrote), added to {@code calibration}; a folder without a verdict (a run that was
     * interrupted) is left out with a line saying so, and so is a run already counted: a run is known by its id
     * ({@link #runId}), so the same run reached through two folders or two spellings of one counts once.
     *
     * @param seen the runs counted so far, by id, with the folder each came from; this adds to it
     */
    private static void loadRuns(Path dir, Calibration calibration, String option, Map<String, Path> seen, PrintWriter console)
            throws IOException {
        List<Path> runDirs;
        try (java.util.stream.Stream<Path> list = Files.list(dir.resolve("runs"))) {
            runDirs = list.filter(Files::isDirectory).sorted().toList();
        } catch (java.nio.file.NoSuchFileException e) {
            runDirs = List.of();
        }
        for (Path run : runDirs) {
            java.util.regex.Matcher m = RUN_FOLDER.matcher(run.getFileName().toString());
            Path verdict = run.resolve("verdict.json");
            if (!m.matches() || !Files.isRegularFile(verdict)) {
                console.println("calibration: " + run + " left out: " + (m.matches() ? "no verdict.json (a run that was interrupted)"
                        : "not a run's folder (NN-aa, NN-plantNN, NN-head)"));
                continue;
            }
            double f = m.group(2).equals("head") ? Calibration.HEAD : m.group(3) == null ? 0 : Integer.parseInt(m.group(3)) / 100.0;
            try {
                byte[] bytes = Files.readAllBytes(verdict);
                JsonNode root = new ObjectMapper().readTree(bytes);
                Path first = seen.putIfAbsent(runId(root, bytes), run);
                if (first != null) {
                    console.println("calibration: " + run + " left out: it is the run " + first + " again (run id "
                            + runId(root, bytes) + "); counted once");
                    continue;
                }
                calibration.add(new Calibration.Run(f, AbReport.fromJson(root), Integer.parseInt(m.group(1))));
            } catch (IOException | IllegalArgumentException e) {
                throw new LabException(option + ": " + verdict + ": " + (e instanceof IOException io ? dev.perflab.base.JsonProblem.of(io) : e.getMessage())
                        + "; move that run's folder out of " + dir.resolve("runs") + " to go on without it");
            }
        }
    }

    /**
     * A run's identity: the id {@code ab} wrote in its verdict ({@link #RUN_ID}); for a verdict saved before runs
     * had one, the SHA-256 of its bytes (a copied run's bytes are the same).
     */
    static String runId(JsonNode verdict, byte[] bytes) {
        String id = verdict.path(RUN_ID).asText("");
        if (!id.isEmpty()) {
            return id;
        }
        try {
            return "sha256:" + java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static final java.util.regex.Pattern RUN_FOLDER = java.util.regex.Pattern.compile("(\\d+)-(aa|plant(\\d+)|head)");

    /** A calibration's saved table (calibration.json), or a one-line error naming the folder. */
    private static JsonNode savedTable(Path dir, String option) {
        Path saved = dir.resolve("calibration.json");
        if (!Files.isRegularFile(saved)) {
            throw new LabException(option + ": " + saved + " is missing: no calibration in " + dir);
        }
        try {
            return new ObjectMapper().readTree(saved.toFile());
        } catch (IOException e) {
            throw new LabException(option + ": " + saved + " is not a calibration's JSON (" + dev.perflab.base.JsonProblem.of(e) + ")");
        }
    }

    /**
     * {@code --calibrate --merge DIR…}: one table over the runs of several calibrations of the same selection on the
     * same kind of machine, made side by side (lanes of a large runner, each pinned to its own CPUs) or one after
     * another. Nothing is run; the table goes to {@code out} (calibration.json, with the folders it merged, and
     * calibration.md, both or neither: {@link RunFolder#whole}). Calibrations of another component, selection or
     * machine are refused, naming both ({@link #samePlan}: an A/A-only calibration merges with one that also
     * planted); so is an {@code out} that is one of the folders (its own table and plants would be lost to a later
     * --resume). A null {@code component} takes the first folder's (how a project's
     * calibrations, which have no component of the lab's, are merged).
     */
    static int merge(String componentOrNull, List<Path> given, RunFolder out, PrintWriter console) throws IOException {
        List<Path> dirs = distinct(given, console);
        JsonNode first = savedTable(dirs.get(0), "--merge");
        String component = componentOrNull != null ? componentOrNull : first.path("component").asText();
        String selection = first.path("selection").asText();
        Path selectionFrom = dirs.get(0);
        Map<Path, JsonNode> tables = new java.util.LinkedHashMap<>();
        for (Path d : dirs) {
            JsonNode root = savedTable(d, "--merge");
            tables.put(d, root);
            for (String field : List.of("component", "selection", "machine")) {
                boolean isSelection = field.equals("selection");
                String want = field.equals("component") ? component : isSelection ? selection : first.path(field).asText();
                String got = root.path(field).asText();
                if (isSelection ? !samePlan(got, want) : !got.equals(want)) {
                    throw new LabException("--merge: " + d + " was calibrated with " + field + " '" + got + "', "
                            + (field.equals("component") ? "not " + component : (isSelection ? selectionFrom : dirs.get(0)) + " with '" + want + "'")
                            + ": merge only calibrations of the same selection on the same kind of machine");
                }
                if (isSelection && selection.endsWith(NOTHING_PLANTED) && !got.endsWith(NOTHING_PLANTED)) {
                    selection = got; // the table names the row that the planted runs among them planted in
                    selectionFrom = d;
                }
            }
        }
        Calibration merged = new Calibration(component, first.path("machine").asText(), selection);
        java.util.Set<String> notes = new java.util.LinkedHashSet<>();
        ArrayNode plants = new ObjectMapper().createArrayNode();
        Map<String, Path> seen = new java.util.HashMap<>();
        for (Path d : dirs) {
            JsonNode root = tables.get(d);
            loadRuns(d, merged, "--merge", seen, console);
            root.path("notes").forEach(n -> notes.add(n.asText()));
            for (JsonNode p : root.path("plants")) {
                boolean same = java.util.stream.StreamSupport.stream(plants.spliterator(), false).anyMatch(q -> q.path("fraction").equals(p.path("fraction"))
                        && q.path("row").equals(p.path("row")) && q.path("tokens").equals(p.path("tokens")) && q.path("period").equals(p.path("period")));
                if (!same) {
                    plants.add(((ObjectNode) p.deepCopy()).put("from", d.toString()));
                }
            }
        }
        notes.forEach(merged::note);
        ObjectNode root = merged.json();
        root.set("plants", plants);
        ArrayNode from = root.putArray("mergedFrom");
        dirs.forEach(d -> from.add(d.toString()));
        OutputFile json = out.file("calibration.json");
        OutputFile md = out.file("calibration.md");
        json.write(o -> new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(o, root));
        md.writeString(merged.markdown());
        console.printf("perflab ab %s --calibrate --merge: %d folders, %d runs%n%n", component, dirs.size(), merged.runs().size());
        console.print(merged.markdown());
        console.println("saved: " + json.path() + ", " + md.path());
        console.flush();
        return 0;
    }

    private static final String NOTHING_PLANTED = "; nothing planted";

    /**
     * Whether two calibrations' selections (their table's first line) measured the same rows the same way: equal, or
     * equal but for what they planted when one of them planted nothing. An A/A-only calibration's runs are then like
     * the A/A runs of one that also planted (same rows, looks, budget, threshold), so they table together; two
     * calibrations that planted in different rows, or one that measured a real change, do not.
     */
    static boolean samePlan(String one, String other) {
        if (one.equals(other)) {
            return true;
        }
        boolean oneAa = one.endsWith(NOTHING_PLANTED);
        if (oneAa == other.endsWith(NOTHING_PLANTED)) {
            return false;
        }
        String aa = oneAa ? one : other;
        String planted = oneAa ? other : one;
        return planted.startsWith(aa.substring(0, aa.length() - NOTHING_PLANTED.length()) + "; planted in ");
    }

    /** The folders, each once however it is spelled ({@code DIR}, {@code DIR/}, a link to it), with a line for each repeat. */
    private static List<Path> distinct(List<Path> dirs, PrintWriter console) {
        List<Path> once = new java.util.ArrayList<>();
        for (Path d : dirs) {
            java.util.Optional<Path> same = once.stream().filter(o -> dev.perflab.base.Inputs.same(o, d)).findFirst();
            if (same.isPresent()) {
                console.println("calibration: --merge " + d + " is " + same.get() + " again; its runs count once");
            } else {
                once.add(d);
            }
        }
        return once;
    }

    private static String pct(double f) {
        return new java.math.BigDecimal(f * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }
}
