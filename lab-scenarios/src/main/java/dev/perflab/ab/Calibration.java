package dev.perflab.ab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.report.Formats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * What {@code ./lab ab COMPONENT --calibrate} measured: N A/A runs (the same jar on both sides) and N runs each
 * with a slowdown of 5%, 10% and 20% planted in head's forks of the target rows, tabled per row: the false
 * positives of the A/A runs (a regression or an improvement), the A/A runs left undecided, the planted runs detected
 * (and left undecided), the smallest planted change detected in ≥ 95% of runs at ≤ 1% false positives, the time one
 * run took, and the evidence behind them (the spread between forks and inside them, forks in two modes). Rates are
 * counted over runs not marked noisy, each with its exact interval ({@link Rate}); noisy runs are counted apart.
 *
 * <p>No rate is called met on fewer than {@value #MIN_RUNS} runs of its kind: a goal of ≤ 1% false positives or
 * ≥ 95% detected cannot show in fewer. A detection goal is called NOT met before that when more runs missed
 * than {@value #MIN_RUNS} runs may miss (one per row), since no later run can bring the rate back to 95%.
 */
public final class Calibration {
    /** The planted slowdowns, as fractions of the target row's time per operation. */
    public static final List<Double> PLANTED = List.of(0.05, 0.10, 0.20);
    /**
     * The kind of a run of base against a head revision ({@code --calibrate --head}) where {@link Run#planted()} names a
     * planted size: a real change, whose size is what its runs measure.
     */
    public static final double HEAD = -1;
    /** The goals the table is held against. */
    public static final double MAX_FALSE_POSITIVES = 0.01;
    public static final double MIN_DETECTION = 0.95;
    /** Runs of a kind (A/A, or one planted size) before its goal is judged met. */
    public static final int MIN_RUNS = 20;
    /** Misses a row's {@value #MIN_RUNS} runs may have and still find 95%: one. */
    private static final int MAY_MISS = (int) Math.floor((1 - MIN_DETECTION) * MIN_RUNS + 1e-9);
    public static final int MIN_AA_RUNS = MIN_RUNS;
    public static final double GOAL_DETECTED = 0.10;
    public static final double STRETCH_DETECTED = 0.05;
    public static final double MAX_RUN_SECONDS = 15 * 60;
    /** The share of A/A row verdicts a default run must decide (no change, or a change) within its budget. */
    public static final double MIN_DECIDED = 0.90;
    /** Judged A/A runs before the decided goal is judged: the goal's ≥ 10 runs of each kind. */
    public static final int MIN_DECIDED_RUNS = 10;

    /**
     * One run of the calibration.
     *
     * @param planted the slowdown planted in the target rows' head forks; 0 for an A/A run, {@link #HEAD} for base against head
     * @param round   the round it ran in (its folder's number), so that a resumed calibration numbers on
     */
    public record Run(double planted, AbReport report, int round) {
        public Run(double planted, AbReport report) {
            this(planted, report, 0);
        }
    }

    private final String component;
    private final String machine;
    private final String selection;
    private final List<Run> runs = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /**
     * @param selection what the runs measured, in words (length, rungs, pairs), for the table's header
     */
    public Calibration(String component, String machine, String selection) {
        this.component = component;
        this.machine = machine;
        this.selection = selection;
    }

    public void add(Run run) {
        runs.add(run);
    }

    /** A planted run's plant in one row and the slowdown it realized there: head/base − 1 in time per operation. */
    public record Realized(Plant plant, double slowdown) {
    }

    /**
     * What the planted runs of size {@code fraction} realized in one row (benchmark and params as JMH lists them), in
     * the order they ran; runs marked noisy are left out, as the table leaves them out of the detection rates.
     * Each run's plant is read back from its verdict, so that a resumed calibration knows its runs' plants too.
     */
    public List<Realized> realized(double fraction, String benchmark, Map<String, String> params) {
        List<Realized> out = new ArrayList<>();
        for (Run run : runs) {
            if (run.planted() != fraction || run.report().verdict() == AbVerdict.NOISY) {
                continue;
            }
            for (AbRow row : run.report().rows()) {
                if (row.benchmark().equals(benchmark) && row.params().equals(params)) {
                    Plant.described(fraction, row.planted()).ifPresent(p -> out.add(new Realized(p, row.slowdown())));
                }
            }
        }
        return out;
    }

    /** A line printed under the goals: what the calibration could not do (a plant too small to make). */
    public void note(String line) {
        notes.add(line);
    }

    public List<Run> runs() {
        return List.copyOf(runs);
    }

    /** What the runs measured, in words: a resumed calibration must match it. */
    public String selection() {
        return selection;
    }

    /** JDK, CPU and cores, one line: a resumed calibration must match it. */
    public String machine() {
        return machine;
    }

    /**
     * One row of the table.
     *
     * @param falsePositives A/A runs that called the row a regression or an improvement
     * @param aaUndecided    A/A runs that left it undecided
     * @param detected       per planted size: runs that called it a regression, runs judged, runs that left it undecided
     * @param head           runs of base against head ({@link #HEAD}): called a regression, judged, undecided, and the
     *                       median slowdown head showed (NaN without such runs)
     */
    public record RowStats(AbRow first, int aaRuns, int falsePositives, int aaUndecided, Map<Double, int[]> detected, Map<Double, Double> realized,
                           HeadRuns head, double forkCv, double pairLogSd, double iterationCv, int bimodalForks, int betweenModeForks, int forks) {
        /** False positives over the A/A runs not marked noisy; NaN without any. */
        public double falsePositiveRate() {
            return aaRuns == 0 ? Double.NaN : (double) falsePositives / aaRuns;
        }

        /** Whether any run planted a slowdown in this row. */
        public boolean planted() {
            return detected.values().stream().anyMatch(d -> d[1] > 0);
        }

        /**
         * The smallest planted slowdown detected in ≥ 95% of ≥ {@value #MIN_RUNS} runs, at ≤ 1% false positives over
         * ≥ {@value #MIN_RUNS} A/A runs; empty when none was, or too few runs were made to say.
         */
        public Optional<Double> smallestDetected() {
            if (aaRuns < MIN_RUNS || !(falsePositiveRate() <= MAX_FALSE_POSITIVES)) {
                return Optional.empty();
            }
            return PLANTED.stream().filter(f -> detected.get(f)[1] >= MIN_RUNS && (double) detected.get(f)[0] / detected.get(f)[1] >= MIN_DETECTION)
                    .findFirst();
        }

        /** Whether the A/A runs or every planted size have fewer runs than the goals need. */
        boolean tooFewRuns() {
            return aaRuns < MIN_RUNS || detected.values().stream().anyMatch(d -> d[1] > 0 && d[1] < MIN_RUNS);
        }
    }

    /** The table's rows, in the order of the first run's rows. */
    public List<RowStats> rows() {
        Map<List<Object>, List<AbRow>> aa = new LinkedHashMap<>();
        Map<List<Object>, Map<Double, List<Seen>>> planted = new LinkedHashMap<>();
        Map<List<Object>, List<Seen>> head = new LinkedHashMap<>();
        for (Run run : runs) {
            boolean judged = run.report().verdict() != AbVerdict.NOISY;
            for (AbRow row : run.report().rows()) {
                aa.computeIfAbsent(row.key(), k -> new ArrayList<>());
                planted.computeIfAbsent(row.key(), k -> new LinkedHashMap<>());
                if (run.planted() == 0) {
                    if (judged || row.ruler()) {
                        aa.get(row.key()).add(row);
                    }
                } else if (run.planted() == HEAD) {
                    head.computeIfAbsent(row.key(), k -> new ArrayList<>()).add(new Seen(row, judged));
                } else if (!row.planted().isEmpty()) {
                    planted.get(row.key()).computeIfAbsent(run.planted(), f -> new ArrayList<>()).add(new Seen(row, judged));
                }
            }
        }
        Map<List<Object>, List<AbRow>> aaAll = new LinkedHashMap<>();
        for (Run run : runs) {
            if (run.planted() == 0) {
                run.report().rows().forEach(r -> aaAll.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r));
            }
        }
        Map<List<Object>, AbRow> first = new LinkedHashMap<>();
        runs.forEach(run -> run.report().rows().forEach(r -> first.putIfAbsent(r.key(), r)));
        List<RowStats> table = new ArrayList<>();
        for (Map.Entry<List<Object>, AbRow> e : first.entrySet()) {
            List<AbRow> aaRows = aa.getOrDefault(e.getKey(), List.of());
            int fp = (int) aaRows.stream().filter(r -> r.verdict().moved()).count();
            int aaUndecided = (int) aaRows.stream().filter(r -> r.verdict() == AbVerdict.UNDECIDED).count();
            Map<Double, int[]> detected = new LinkedHashMap<>();
            Map<Double, Double> realized = new LinkedHashMap<>();
            for (double f : PLANTED) {
                List<Seen> rows = planted.get(e.getKey()).getOrDefault(f, List.of());
                List<AbRow> judgedRows = rows.stream().filter(Seen::judged).map(Seen::row).collect(Collectors.toList());
                detected.put(f, new int[] {(int) judgedRows.stream().filter(r -> r.verdict() == AbVerdict.REGRESSION).count(), judgedRows.size(),
                        (int) judgedRows.stream().filter(r -> r.verdict() == AbVerdict.UNDECIDED).count()});
                realized.put(f, ForkSpread.median(rows.stream().map(s -> s.row().slowdown()).collect(Collectors.toList())));
            }
            List<AbRow> evidence = aaAll.getOrDefault(e.getKey(), List.of());
            table.add(new RowStats(e.getValue(), aaRows.size(), fp, aaUndecided, detected, realized, HeadRuns.of(head.getOrDefault(e.getKey(), List.of())),
                    ForkSpread.median(evidence.stream().map(r -> ForkSpread.cv(r.baseScores())).collect(Collectors.toList())),
                    ForkSpread.median(evidence.stream().map(r -> r.ratio().logSd()).collect(Collectors.toList())),
                    ForkSpread.median(evidence.stream().map(AbRow::iterationCv).collect(Collectors.toList())),
                    evidence.stream().mapToInt(AbRow::bimodalForks).sum(),
                    ForkSpread.minorMode(evidence.stream().flatMap(r -> java.util.stream.Stream.concat(r.baseScores().stream(),
                            r.headScores().stream())).collect(Collectors.toList())),
                    evidence.stream().mapToInt(r -> r.baseScores().size() + r.headScores().size()).sum()));
        }
        return table;
    }

    /** One row's verdicts in the runs of base against head: regressions, judged runs, undecided, the median slowdown shown. */
    public record HeadRuns(int regressions, int judged, int undecided, double slowdown) {
        static HeadRuns of(List<Seen> seen) {
            List<AbRow> judged = seen.stream().filter(Seen::judged).map(Seen::row).collect(Collectors.toList());
            return new HeadRuns((int) judged.stream().filter(r -> r.verdict() == AbVerdict.REGRESSION).count(), judged.size(),
                    (int) judged.stream().filter(r -> r.verdict() == AbVerdict.UNDECIDED).count(),
                    ForkSpread.median(seen.stream().map(s -> s.row().slowdown()).collect(Collectors.toList())));
        }
    }

    /** A planted row, and whether its run was judged (not noisy). */
    private record Seen(AbRow row, boolean judged) {
    }

    /** Runs of one kind (0: A/A), and how many of them were marked noisy. */
    private int[] runCount(double planted) {
        List<Run> kind = runs.stream().filter(r -> r.planted() == planted).collect(Collectors.toList());
        return new int[] {kind.size(), (int) kind.stream().filter(r -> r.report().verdict() == AbVerdict.NOISY).count()};
    }

    private double[] runSeconds() {
        return runs.stream().mapToDouble(r -> r.report().seconds()).toArray();
    }

    /** The table as markdown, with its header (component, machine, selection) and the goals under it. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        int aaRuns = runCount(0)[0];
        String planted = PLANTED.stream().filter(f -> runCount(f)[0] > 0).map(f -> runCount(f)[0] + " × " + AbRow.percent(f))
                .collect(Collectors.joining(", "));
        int headRuns = runCount(HEAD)[0];
        out.append("#### ").append(component).append(": ").append(runs(aaRuns, "A/A run"))
                .append(planted.isEmpty() ? "" : " and " + planted + " planted")
                .append(headRuns == 0 ? "" : " and " + runs(headRuns, "run") + " of head against base")
                .append("\n\n").append(machine).append(" · ").append(selection).append("\n\n");
        out.append("| row | A/A false positives | A/A undecided | 5% detected | 10% detected | 20% detected | ")
                .append(headRuns == 0 ? "" : "head against base: regression (its change) | ").append("smallest change detected "
                + "(≥ 95%, ≤ 1% FP) | fork spread (CV) | ln(head/base) sd per pair | iteration spread (CV) "
                + "| forks in two modes (inside a fork · between forks) |\n");
        out.append("|---|---|---|---|---|---|---|").append(headRuns == 0 ? "" : "---|").append("---|---|---|---|\n");
        for (RowStats r : rows()) {
            out.append("| ").append(cell(r.first().label())).append(r.first().ruler() ? " (ruler)" : "").append(" | ")
                    .append(rate(r.falsePositives(), r.aaRuns())).append(" | ").append(rate(r.aaUndecided(), r.aaRuns()));
            for (double f : PLANTED) {
                int[] d = r.detected().get(f);
                out.append(" | ").append(d[1] == 0 ? "–" : rate(d[0], d[1]) + " (realized " + AbRow.percent(r.realized().get(f)) + ")"
                        + (d[2] == 0 ? "" : "; undecided " + rate(d[2], d[1])));
            }
            if (headRuns > 0) {
                HeadRuns h = r.head();
                out.append(" | ").append(r.first().ruler() ? "–" : rate(h.regressions(), h.judged()) + " (" + AbRow.change(1 / (1 + h.slowdown())) + ")"
                        + (h.undecided() == 0 ? "" : "; undecided " + rate(h.undecided(), h.judged())));
            }
            out.append(" | ").append(r.planted() ? r.smallestDetected().map(f -> AbRow.percent(f) + (offSize(f, r.realized().get(f))
                    ? " (realized " + AbRow.percent(r.realized().get(f)) + ")" : "")).orElse(notReached(r)) : "–")
                    .append(" | ").append(cvText(r.forkCv())).append(" | ").append(cvText(r.pairLogSd()))
                    .append(" | ").append(cvText(r.iterationCv())).append(" | ").append(modes(r)).append(" |\n");
        }
        out.append('\n').append(capitalized(Rate.LEGEND)).append("; false positives are regressions and improvements, detected means"
                + " called a regression, and an undecided row is neither.\n\n");
        // A "why" line explains the goal line above it: a nested list item under it.
        goals().forEach(line -> out.append(line.startsWith(WHY) ? "  - " + line.substring(2)
                : line.startsWith(PAIRS) ? "  - " + line.substring(PAIRS.length()) : "- " + line).append('\n'));
        return out.toString();
    }

    /**
     * The share of judged A/A row verdicts that were decided (no change, or a change), against the goal of a default run
     * deciding ≥ {@value #MIN_DECIDED} × 100% of them within its budget; judged over ≥ {@value #MIN_DECIDED_RUNS} runs.
     */
    private static String decidedLine(List<RowStats> rows, int judgedAaRuns) {
        int verdicts = rows.stream().filter(r -> !r.first().ruler()).mapToInt(RowStats::aaRuns).sum();
        int decided = verdicts - rows.stream().filter(r -> !r.first().ruler()).mapToInt(RowStats::aaUndecided).sum();
        Rate rate = new Rate(decided, verdicts);
        String goal = judgedAaRuns < MIN_DECIDED_RUNS ? "not judged: " + runs(judgedAaRuns, "judged A/A run") + ", the goal needs ≥ " + MIN_DECIDED_RUNS
                : rate.value() >= MIN_DECIDED ? "met" + atLeastBound(rate, MIN_DECIDED) : "NOT met";
        return String.format(Locale.ROOT, "A/A row verdicts decided (no change, or a change): %d of %d (%s); goal ≥ 90%% within the"
                + " run's budget: %s", decided, verdicts, verdicts == 0 ? "–" : rate.share(), goal);
    }

    /**
     * The runs of base against head as a gate reads them, run by run: called a regression (exit 1), undecided (exit 4),
     * or passed (no change or an improvement, exit 0), each with its rate; empty without such runs.
     */
    private Optional<String> headLine() {
        List<AbReport> judged = runs.stream().filter(r -> r.planted() == HEAD && r.report().verdict() != AbVerdict.NOISY)
                .map(Run::report).collect(Collectors.toList());
        if (runCount(HEAD)[0] == 0) {
            return Optional.empty();
        }
        int n = judged.size();
        long regressions = judged.stream().filter(r -> r.verdict() == AbVerdict.REGRESSION).count();
        long undecided = judged.stream().filter(r -> r.verdict() == AbVerdict.UNDECIDED).count();
        return Optional.of(String.format(Locale.ROOT, "runs of head against base (a real change), over %s not marked noisy: a regression"
                        + " (exit 1) in %d (%s), undecided (exit 4) in %d (%s), passed (exit 0) in %d (%s)", runs(n, "run"), regressions,
                new Rate((int) regressions, n).share(), undecided, new Rate((int) undecided, n).share(), n - regressions - undecided,
                new Rate((int) (n - regressions - undecided), n).share()));
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** How a goal line's explanation starts: indented under the goal it explains. */
    private static final String WHY = "  why: ";

    /** "1 A/A run", "3 A/A runs". */
    private static String runs(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Forks in two modes inside a fork, and forks in the smaller of two groups of whole forks (A/A runs). */
    private static String modes(RowStats r) {
        return r.bimodalForks() + " of " + r.forks() + " · " + r.betweenModeForks() + " of " + r.forks();
    }

    /**
     * Whether a plant named {@code fraction} realized a slowdown outside what its aim accepts
     * ({@link PlantSizing#AIM_TOLERANCE}: 8.5–11.5% for 10%): its runs then tell the detection of another size.
     */
    static boolean offSize(double fraction, Double realized) {
        return realized != null && Double.isFinite(realized) && !PlantSizing.closeEnough(fraction, realized);
    }

    private static String notReached(RowStats r) {
        if (r.tooFewRuns() && !(r.falsePositiveRate() > MAX_FALSE_POSITIVES)) {
            return "not judged: fewer than " + MIN_RUNS + " runs";
        }
        return r.falsePositiveRate() > MAX_FALSE_POSITIVES ? "none (false positives above 1%)" : "none of 5%, 10%, 20%";
    }

    /**
     * What a goal met by its rate still lacks when the rate's interval cannot show it: 0 false positives of 20 is
     * met by the convention of {@value #MIN_RUNS} runs, yet its bound (≤ 14%) is far from 1%. Empty when the bound
     * shows the goal. With no run against it, the runs that would show it: ln(1 − level) / ln(1 − goal).
     */
    static String atMostBound(Rate rate, double goal) {
        if (!(rate.high() > goal)) {
            return "";
        }
        String would = rate.hits() == 0 ? String.format(Locale.ROOT, " (0 of %d runs would)", runsToShow(goal)) : "";
        return String.format(Locale.ROOT, " by its rate; its bound, ≤ %s, cannot show ≤ %s%s", AbRow.percent(rate.high()),
                AbRow.percent(goal), would);
    }

    /** The same for a goal of at least {@code goal}: 20 of 20 detected is ≥ 86%, not yet ≥ 95%. */
    static String atLeastBound(Rate rate, double goal) {
        if (!(rate.low() < goal)) {
            return "";
        }
        int n = runsToShow(1 - goal);
        String would = rate.hits() == rate.of() ? String.format(Locale.ROOT, " (%d of %d runs would)", n, n) : "";
        return String.format(Locale.ROOT, " by its rate; its bound, ≥ %s, cannot show ≥ %s%s", AbRow.percent(rate.low()),
                AbRow.percent(goal), would);
    }

    /** The fewest runs, none against the goal, whose one-sided bound shows a rate ≤ {@code rate}. */
    static int runsToShow(double rate) {
        return (int) Math.ceil(Math.log(1 - Rate.ONE_SIDED) / Math.log(1 - rate) - 1e-9);
    }

    /** The goals, each met or not, with the evidence when not. */
    public List<String> goals() {
        List<String> lines = new ArrayList<>();
        List<RowStats> rows = rows();
        int aaRuns = runCount(0)[0];
        int fp = rows.stream().filter(r -> !r.first().ruler()).mapToInt(RowStats::falsePositives).sum();
        int verdicts = rows.stream().filter(r -> !r.first().ruler()).mapToInt(RowStats::aaRuns).sum();
        double fpRate = verdicts == 0 ? Double.NaN : (double) fp / verdicts;
        int aaNoisy = runCount(0)[1];
        // Judged over the runs not marked noisy, as the detection goals are: a noisy run gave no verdict.
        String fpGoal = aaRuns - aaNoisy < MIN_AA_RUNS ? "not judged: " + (aaNoisy == 0 ? runs(aaRuns, "A/A run")
                : (aaRuns - aaNoisy) + " judged A/A runs (" + aaNoisy + " noisy)") + ", the goal needs ≥ " + MIN_AA_RUNS
                : fpRate <= MAX_FALSE_POSITIVES ? "met" + atMostBound(new Rate(fp, verdicts), MAX_FALSE_POSITIVES) : "NOT met";
        lines.add(String.format(Locale.ROOT, "A/A false positives: %d of %d row verdicts (%s) over %s; goal ≤ 1%%: %s",
                fp, verdicts, verdicts == 0 ? "–" : new Rate(fp, verdicts).share(),
                runs(aaRuns, "A/A run"), fpGoal));
        lines.add(decidedLine(rows, aaRuns - aaNoisy));
        if (fpRate > MAX_FALSE_POSITIVES) {
            rows.stream().filter(r -> !r.first().ruler() && r.falsePositiveRate() > MAX_FALSE_POSITIVES)
                    .forEach(r -> lines.add(WHY + r.first().label() + " " + rate(r.falsePositives(), r.aaRuns())
                            + " false positives; forks differ by " + cvText(r.forkCv()) + ", iterations inside a fork by "
                            + cvText(r.iterationCv()) + ", forks in two modes (inside · between) " + modes(r)));
        }
        boolean plantedNone = PLANTED.stream().allMatch(f -> runCount(f)[0] == 0);
        for (double f : plantedNone && runCount(HEAD)[0] > 0 ? List.<Double>of() : List.of(GOAL_DETECTED, STRETCH_DETECTED)) {
            List<RowStats> planted = rows.stream().filter(RowStats::planted).collect(Collectors.toList());
            int hit = planted.stream().mapToInt(r -> r.detected().get(f)[0]).sum();
            int of = planted.stream().mapToInt(r -> r.detected().get(f)[1]).sum();
            int kindRuns = runCount(f)[0] - runCount(f)[1];
            int mayMiss = MAY_MISS * planted.size();
            String goal = of == 0 ? "not judged: no run"
                    : of - hit > mayMiss && (double) hit / of < MIN_DETECTION ? "NOT met"
                    : kindRuns < MIN_RUNS ? "not judged: " + runs(kindRuns, "run") + ", the goal needs ≥ " + MIN_RUNS
                    : (double) hit / of >= MIN_DETECTION ? "met" : "NOT met";
            goal = sizedGoal(goal, f, planted);
            if (goal.equals("met")) {
                goal += atLeastBound(new Rate(hit, of), MIN_DETECTION);
            }
            lines.add(String.format(Locale.ROOT, "planted %s slowdown detected%s: %d of %d (%s); goal ≥ 95%%: %s", AbRow.percent(f),
                    f == STRETCH_DETECTED ? " (stretch)" : "", hit, of, of == 0 ? "–"
                            : new Rate(hit, of).share(), goal));
            if (of > 0 && (double) hit / of < MIN_DETECTION) {
                planted.stream().filter(r -> r.detected().get(f)[1] > 0 && (double) r.detected().get(f)[0] / r.detected().get(f)[1] < MIN_DETECTION)
                        .forEach(r -> lines.add(WHY + r.first().label() + " realized " + AbRow.percent(r.realized().get(f))
                                + " against a pair-to-pair sd of " + cvText(r.pairLogSd()) + " in ln(head/base) over "
                                + r.first().ratio().pairs() + " pairs; forks in two modes (inside · between) " + modes(r)));
            }
        }
        double[] seconds = runSeconds();
        double mean = java.util.Arrays.stream(seconds).average().orElse(Double.NaN);
        double max = java.util.Arrays.stream(seconds).max().orElse(Double.NaN);
        lines.add(String.format(Locale.ROOT, "one ab run of this selection: %s on average, %s the longest, over %s; goal ≤ 15 min: %s",
                seconds.length == 0 ? "–" : Formats.duration(mean), seconds.length == 0 ? "–" : Formats.duration(max), runs(seconds.length, "run"),
                seconds.length == 0 ? "not judged" : max <= MAX_RUN_SECONDS ? "met" : "NOT met"));
        headLine().ifPresent(lines::add);
        lines.add("runs marked noisy (a ruler moved): " + java.util.stream.Stream.concat(java.util.stream.Stream.of(0.0, HEAD),
                        PLANTED.stream()).filter(f -> f == 0 || runCount(f)[0] > 0)
                .map(f -> (f == 0 ? "A/A" : f == HEAD ? "head" : AbRow.percent(f)) + " " + runCount(f)[1] + " of " + runCount(f)[0])
                .collect(Collectors.joining(", ")));
        lines.addAll(plantLines(rows));
        lines.addAll(pairsLines(rows));
        lines.addAll(thresholdLines(rows));
        lines.addAll(levelLines(rows));
        lines.addAll(rulerLines());
        stealLine().ifPresent(lines::add);
        cacheLine().ifPresent(lines::add);
        notes.forEach(n -> lines.add("note: " + n));
        return lines;
    }

    /**
     * A detection goal as judged on the runs, unless the plants realized another size than {@code f}: finding a
     * larger slowdown in 95% of runs does not show that {@code f} is found (a 10% plant that realized 14% on the order
     * book's tuned replay, JDK 17, 2 cores), and missing a smaller one does not show that {@code f} is missed; both are not judged,
     * with the sizes. Finding a smaller one, or missing a larger one, still judges {@code f}.
     */
    private static String sizedGoal(String goal, double f, List<RowStats> planted) {
        List<RowStats> sized = planted.stream().filter(r -> r.detected().get(f)[1] > 0).collect(Collectors.toList());
        boolean met = goal.equals("met");
        if (!met && !goal.equals("NOT met")) {
            return goal;
        }
        // met: a larger plant does not carry over to f; NOT met: a smaller one does not, unless a row planted at
        // least f (or close to it) missed more than its 20 runs may by itself
        List<RowStats> off = sized.stream().filter(r -> offSize(f, r.realized().get(f)) && (r.realized().get(f) > f) == met)
                .collect(Collectors.toList());
        boolean missedAtSize = sized.stream().filter(r -> !off.contains(r)).anyMatch(r -> {
            int[] d = r.detected().get(f);
            return d[1] - d[0] > MAY_MISS && (double) d[0] / d[1] < MIN_DETECTION;
        });
        if (off.isEmpty() || (!met && missedAtSize)) {
            return goal;
        }
        return String.format(Locale.ROOT, "not judged: the plant %s, %s than %s (%s–%s%% counts as %s)",
                off.stream().map(r -> "in " + r.first().label() + " realized " + points(r.realized().get(f)) + "%")
                        .collect(Collectors.joining("; the plant ")), met ? "larger" : "smaller",
                AbRow.percent(f), points(f * (1 - PlantSizing.AIM_TOLERANCE)), points(f * (1 + PlantSizing.AIM_TOLERANCE)), AbRow.percent(f));
    }

    /** A fraction in percentage points, up to one decimal and no trailing zero: 8.5, 11.7, 17. */
    private static String points(double fraction) {
        return java.math.BigDecimal.valueOf(fraction * 100).setScale(1, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /**
     * Per planted row and size, the plants its runs ran with, run by run, and what each realized (the median over its
     * runs): a calibration re-aims a plant whose runs realized another size ({@link PlantSizing#reaimed}), and these
     * lines show whether the later plants came out at the size named.
     */
    private List<String> plantLines(List<RowStats> rows) {
        List<String> lines = new ArrayList<>();
        for (RowStats r : rows) {
            for (double f : PLANTED) {
                List<String> plants = new ArrayList<>();
                List<Double> realized = new ArrayList<>();
                for (Run run : runs) {
                    if (run.planted() != f) {
                        continue;
                    }
                    run.report().rows().stream().filter(row -> row.key().equals(r.first().key()) && !row.planted().isEmpty()).findFirst()
                            .ifPresent(row -> {
                                plants.add(Plant.described(f, row.planted()).map(Plant::burst).orElse(row.planted()));
                                realized.add(row.slowdown());
                            });
                }
                if (plants.isEmpty()) {
                    continue;
                }
                List<String> spans = new ArrayList<>();
                for (int from = 0, to; from < plants.size(); from = to) {
                    to = from + 1;
                    while (to < plants.size() && plants.get(to).equals(plants.get(from))) {
                        to++;
                    }
                    spans.add(plants.get(from) + (from == 0 && to == plants.size() ? " in every run" : to - from == 1 ? " in run " + (from + 1)
                            : " in runs " + (from + 1) + "–" + to) + " (realized " + AbRow.percent(ForkSpread.median(realized.subList(from, to))) + ")");
                }
                lines.add("the " + AbRow.percent(f) + " plant in " + r.first().label() + ", by run: " + String.join("; ", spans));
            }
        }
        return lines;
    }

    /**
     * Per judged row, what {@link PairsNeeded}'s model says the run's pairs give at the spread the row's A/A runs
     * measured (σ pooled over them: the root of their mean variance, since one run's sd of a few pairs is mostly
     * small and sometimes large), and the fewest pairs that would meet both goals for a 10% slowdown. Where the
     * measured rates are worse than the model's, the pairs are not independent draws of one spread (drift between
     * runs, forks in two modes); where the model already misses, more pairs or a quieter machine is what to change.
     */
    private List<String> pairsLines(List<RowStats> rows) {
        if (runs.isEmpty()) {
            return List.of();
        }
        AbReport first = runs.get(0).report();
        List<String> lines = new ArrayList<>();
        for (RowStats r : rows) {
            List<AbRow> aa = judgedRows(r.first().key(), 0);
            if (r.first().ruler() || aa.isEmpty()) {
                continue;
            }
            double sd = Math.sqrt(mean(aa.stream().map(row -> row.ratio().logSd() * row.ratio().logSd()).collect(Collectors.toList())));
            if (!(sd > 0)) {
                continue;
            }
            // the pairs the row took: more than asked for where the looks gave an undecided row more
            int pairs = (int) Math.round(ForkSpread.median(aa.stream().map(row -> (double) row.ratio().pairs()).collect(Collectors.toList())));
            PairsNeeded.Rates now = PairsNeeded.at(pairs, sd, first.threshold(), first.confidence(), GOAL_DETECTED);
            java.util.OptionalInt needed = PairsNeeded.needed(sd, first.threshold(), first.confidence(),
                    GOAL_DETECTED, MAX_FALSE_POSITIVES, MIN_DETECTION);
            // the decided goal: an A/A row called "no change" at the looks' level, which needs its interval inside the threshold
            java.util.OptionalInt decided = PairsNeeded.toDecideNoChange(sd, first.threshold(), first.intervalConfidence(), MIN_DECIDED);
            lines.add(String.format(Locale.ROOT, "%s%s (sd %s): %d pairs (as its A/A runs took) give A/A %s false positives and find %s"
                            + " in %s of runs; %s; A/A \"no change\" in %s of runs (the interval inside ±%s at %s) needs %s", PAIRS,
                    r.first().label(), AbRow.percent(sd), pairs, AbRow.percent(now.falsePositives()),
                    AbRow.percent(GOAL_DETECTED), AbRow.percent(now.detected()), needed.isPresent()
                            ? "both goals need " + needed.getAsInt() + " pairs"
                            : "no number of pairs up to " + PairsNeeded.MOST_PAIRS + " meets both goals" + (first.threshold() >= GOAL_DETECTED
                            ? " (the threshold, " + AbRow.percent(first.threshold()) + ", is not below the slowdown)" : ""),
                    AbRow.percent(MIN_DECIDED), AbRow.percent(first.threshold()), Looks.percent(first.intervalConfidence()),
                    decided.isPresent() ? decided.getAsInt() + " pairs" : "more than " + PairsNeeded.MOST_PAIRS + " pairs"));
        }
        if (!lines.isEmpty()) {
            lines.add(0, String.format(Locale.ROOT, "pairs the goals need, if each pair's ln(head/base) were an independent normal draw of"
                    + " the spread the A/A runs measured (sd pooled over them; threshold %s, %s confidence, %s slowdown; measured rates"
                    + " worse than these point at drift or modes, not at too few pairs):", AbRow.percent(first.threshold()),
                    AbRow.percent(first.confidence()), AbRow.percent(GOAL_DETECTED)));
        }
        return lines;
    }

    /** How a line under the pairs' model starts: a nested item of it. */
    private static final String PAIRS = "  pairs: ";

    /** The thresholds the saved runs are judged at again ({@link #thresholdLines}). */
    static final List<Double> OTHER_THRESHOLDS = List.of(0.02, 0.03, 0.05, 0.075, 0.10);
    /** The stricter confidence the saved runs are judged at again: its interval alone passes 1% of A/A rows. */
    static final double STRICT_CONFIDENCE = 0.99;

    /**
     * Per planted row, its saved runs judged again at other thresholds: a verdict needs the interval (kept as saved)
     * and the threshold, so the false positives and detections a gate at another threshold would have had on the
     * same runs follow without measuring again. Then the same at {@value #STRICT_CONFIDENCE} confidence, the interval
     * made again from the saved fork scores: an interval of confidence c alone calls 1 − c of A/A rows changed, so a
     * 95% gate's false positives stay under 1% only while its threshold, not its interval, turns them away (the pair
     * spread well under the threshold); a 99% interval keeps them near 1% at any spread (as far as the pairs are
     * independent and their ln(head/base) normal) and pays in detection. A
     * threshold picked on these runs fits them better than it will fit new ones: the lines say what to calibrate
     * next, not a rate.
     */
    private List<String> thresholdLines(List<RowStats> rows) {
        List<String> lines = new ArrayList<>();
        double saved = runs.isEmpty() ? Double.NaN : runs.get(0).report().intervalConfidence();
        for (RowStats r : rows) {
            if (!r.planted()) {
                continue;
            }
            List<Object> key = r.first().key();
            lines.add("the same runs judged at other thresholds, " + r.first().label() + ": " + thresholdCells(key, null)
                    + " (a threshold picked on these runs fits them better than new ones)");
            if (saved < STRICT_CONFIDENCE) {
                lines.add("the same runs judged at " + AbRow.percent(STRICT_CONFIDENCE) + " confidence (intervals made again from"
                        + " the saved forks), " + r.first().label() + ": " + thresholdCells(key, STRICT_CONFIDENCE));
            }
        }
        return lines;
    }

    /** "2%: A/A 0/20 · 10% 18/20; 3%: …": the row's saved runs at each threshold, at a confidence (null: as saved). */
    private String thresholdCells(List<Object> key, Double confidence) {
        List<AbRow> aa = judgedRows(key, 0);
        List<String> cells = new ArrayList<>();
        for (double t : OTHER_THRESHOLDS) {
            StringBuilder cell = new StringBuilder(AbRow.percent(t)).append(": A/A ")
                    .append(count(aa, t, confidence, AbVerdict::moved)).append('/').append(aa.size());
            for (double f : PLANTED) {
                List<AbRow> planted = judgedRows(key, f);
                if (!planted.isEmpty()) {
                    cell.append(" · ").append(AbRow.percent(f)).append(' ')
                            .append(count(planted, t, confidence, v -> v == AbVerdict.REGRESSION)).append('/').append(planted.size());
                }
            }
            cells.add(cell.toString());
        }
        return String.join("; ", cells);
    }

    /** The row's results in the runs of one kind (0: A/A) that were not marked noisy. */
    private List<AbRow> judgedRows(List<Object> key, double planted) {
        return runs.stream().filter(run -> run.planted() == planted && run.report().verdict() != AbVerdict.NOISY)
                .flatMap(run -> run.report().rows().stream()).filter(row -> row.key().equals(key)).collect(Collectors.toList());
    }

    /** Rows whose verdict at {@code threshold} passes {@code test}; their intervals as saved, or made again at {@code confidence}. */
    private static long count(List<AbRow> rows, double threshold, Double confidence, java.util.function.Predicate<AbVerdict> test) {
        return rows.stream().filter(r -> test.test(AbVerdict.of(confidence == null ? r.ratio()
                : PairedRatio.of(r.baseScores(), r.headScores(), confidence), threshold, AbRow.higherIsBetter(r.unit(), r.mode())))).count();
    }

    /**
     * Whether a row's A/A runs differ from each other by more than their own pairs predict. A run's ln(head/base)
     * is the mean of its pairs', so if the pairs were independent the runs' spread would be the pair sd over
     * √pairs; a run that shares a level across all its pairs (the machine's state held for a run, not a fork)
     * spreads them further, and then more pairs narrow the interval by less than √n. F is the ratio of the two
     * variances, against F(runs − 1, Σ(pairs − 1)) from Apache Commons Math.
     *
     * @param betweenSd   the sd of the runs' ln(head/base)
     * @param predictedSd what independent pairs predict: √(mean of pair sd² / pairs)
     * @param p           the chance of an F this large with independent pairs
     */
    record RunLevels(int runs, double betweenSd, double predictedSd, double f, double p) {
        static Optional<RunLevels> of(List<AbRow> aa) {
            if (aa.size() < MIN_SPREAD_RUNS) {
                return Optional.empty();
            }
            double[] means = aa.stream().mapToDouble(r -> Math.log(r.ratio().ratio())).toArray();
            double between = new StandardDeviation().evaluate(means);
            double predictedVariance = aa.stream().mapToDouble(r -> r.ratio().logSd() * r.ratio().logSd() / r.ratio().pairs())
                    .average().orElseThrow();
            int withinDf = aa.stream().mapToInt(r -> r.ratio().pairs() - 1).sum();
            double f = between * between / predictedVariance;
            double p = 1 - new FDistribution(null, aa.size() - 1, withinDf).cumulativeProbability(f);
            return Optional.of(new RunLevels(aa.size(), between, Math.sqrt(predictedVariance), f, p));
        }
    }

    /** Per row with ≥ {@value #MIN_SPREAD_RUNS} judged A/A runs: {@link RunLevels}, in words. */
    private List<String> levelLines(List<RowStats> rows) {
        List<String> lines = new ArrayList<>();
        for (RowStats r : rows) {
            if (r.first().ruler()) {
                continue;
            }
            RunLevels.of(judgedRows(r.first().key(), 0)).ifPresent(l -> lines.add(String.format(Locale.ROOT,
                    "A/A runs of %s: their ln(head/base) sd %s over %d runs, where independent pairs predict %s; F %.2f, p %.3f: %s",
                    r.first().label(), cvText(l.betweenSd()), l.runs(), cvText(l.predictedSd()), l.f(), l.p(),
                    l.p() < 0.05 ? "a run keeps a level its pairs do not cancel, so more pairs narrow a run's interval by less than √pairs"
                            : "as independent pairs predict, so more pairs narrow a run's interval by √pairs")));
        }
        return lines;
    }

    /** Runs before a spread over runs is turned into a figure: a ruler's threshold, a row's {@link RunLevels}. */
    static final int MIN_SPREAD_RUNS = 10;

    /**
     * Per ruler, the threshold its own spread allows: no run plants in a ruler, so every run (A/A or planted) is an
     * A/A run of it. With an sd s of ln(head/base) over the runs, |ln| passes z·s in 1% of runs by chance (z the
     * normal's 99.5% point); the interval's own test comes on top, so a threshold there calls at most 1% noisy.
     */
    private List<String> rulerLines() {
        Map<List<Object>, List<AbRow>> rulers = new LinkedHashMap<>();
        for (Run run : runs) {
            run.report().rows().stream().filter(AbRow::ruler).forEach(r -> rulers.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r));
        }
        double current = runs.isEmpty() ? Double.NaN : runs.get(0).report().rulerThreshold();
        List<String> lines = new ArrayList<>();
        for (List<AbRow> seen : rulers.values()) {
            String label = "ruler " + seen.get(0).label() + ": ";
            if (seen.size() < MIN_SPREAD_RUNS) {
                lines.add(label + "its own threshold not judged: " + runs(seen.size(), "run") + ", ≥ " + MIN_SPREAD_RUNS + " needed");
                continue;
            }
            double sd = new StandardDeviation()
                    .evaluate(seen.stream().mapToDouble(r -> Math.log(r.ratio().ratio())).toArray());
            double z = new NormalDistribution().inverseCumulativeProbability(1 - MAX_FALSE_POSITIVES / 2);
            lines.add(String.format(Locale.ROOT, "%sln(head/base) sd %s over %s (no run plants in a ruler); a ruler threshold of %s"
                    + " would call ≤ 1%% of runs noisy by chance (these runs': %s)", label, cvText(sd), runs(seen.size(), "run"),
                    AbRow.percent(Math.expm1(z * sd)), AbRow.percent(current)));
        }
        return lines;
    }

    /** The CPU time the host took for others during the runs ({@link Steal}), where it was recorded. */
    private Optional<String> stealLine() {
        List<Steal> known = runs.stream().map(r -> r.report().steal()).filter(Steal::known).collect(Collectors.toList());
        if (known.isEmpty()) {
            return Optional.empty();
        }
        List<Double> perRun = known.stream().map(Steal::run).collect(Collectors.toList());
        return Optional.of(String.format(Locale.ROOT, "CPU steal (time the host ran others on this machine's CPUs), over %s: median %s"
                        + " of a run's CPU time, highest %s; the worst fork lost %s", runs(known.size(), "run"),
                Steal.percent(ForkSpread.median(perRun)), Steal.percent(perRun.stream().mapToDouble(Double::doubleValue).max().orElseThrow()),
                Steal.percent(known.stream().mapToDouble(Steal::worstFork).filter(Double::isFinite).max().orElse(Double.NaN))));
    }

    /**
     * How steadily the machine ran cache-bound work during the runs ({@link CacheSpread}), where it was recorded;
     * with four or more A/A runs, how far their judged rows moved in the runs whose probe spread was above the
     * median against the rest: a machine whose caches a neighbour shares moves both together.
     */
    private Optional<String> cacheLine() {
        List<Run> known = runs.stream().filter(r -> r.report().cache().known()).collect(Collectors.toList());
        if (known.isEmpty()) {
            return Optional.empty();
        }
        List<Double> perRun = known.stream().map(r -> r.report().cache().cv()).collect(Collectors.toList());
        double median = ForkSpread.median(perRun);
        CacheSpread first = known.get(0).report().cache();
        String line = String.format(Locale.ROOT, "cache probe (a %d KiB pointer chase before each pair's forks; steal cannot show a "
                        + "neighbour in this core's caches), over %s: chunk times spread median %s (CV), highest %s; the slowest chunk ×%.2f the median",
                first.kib(), runs(known.size(), "run"), Steal.percent(median),
                Steal.percent(perRun.stream().mapToDouble(Double::doubleValue).max().orElseThrow()),
                known.stream().mapToDouble(r -> r.report().cache().slowest()).max().orElseThrow());
        List<Run> aa = known.stream().filter(r -> r.planted() == 0).collect(Collectors.toList());
        if (aa.size() >= 4) {
            double aaMedian = ForkSpread.median(aa.stream().map(r -> r.report().cache().cv()).collect(Collectors.toList()));
            List<Double> wide = new ArrayList<>();
            List<Double> narrow = new ArrayList<>();
            for (Run run : aa) {
                run.report().rows().stream().filter(r -> !r.ruler()).forEach(r ->
                        (run.report().cache().cv() > aaMedian ? wide : narrow).add(Math.abs(Math.log(r.ratio().ratio()))));
            }
            line += String.format(Locale.ROOT, "; A/A rows moved %s (mean absolute ln(head/base)) in the runs whose probe spread"
                    + " was above its median (%d rows), %s in the rest (%d rows)", cvText(mean(wide)), wide.size(), cvText(mean(narrow)), narrow.size());
        }
        return Optional.of(line);
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The table and the runs' verdicts as JSON, so a later look can re-table them. */
    public ObjectNode json() {
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("component", component);
        root.put("machine", machine);
        root.put("selection", selection);
        ArrayNode table = root.putArray("rows");
        for (RowStats r : rows()) {
            ObjectNode row = table.addObject();
            row.put("benchmark", r.first().benchmark());
            ObjectNode params = row.putObject("params");
            r.first().params().forEach(params::put);
            row.put("mode", r.first().mode());
            row.put("ruler", r.first().ruler());
            row.put("aaRuns", r.aaRuns());
            row.put("falsePositives", r.falsePositives());
            row.put("aaUndecided", r.aaUndecided());
            if (r.head().judged() > 0) {
                row.putObject("head").put("regressions", r.head().regressions()).put("runs", r.head().judged())
                        .put("undecided", r.head().undecided()).put("slowdown", r.head().slowdown());
            }
            ObjectNode detected = row.putObject("detected");
            for (double f : PLANTED) {
                int[] d = r.detected().get(f);
                detected.putObject(AbRow.percent(f)).put("detected", d[0]).put("runs", d[1]).put("undecided", d[2])
                        .put("realizedSlowdown", r.realized().get(f));
            }
            r.smallestDetected().ifPresent(f -> row.put("smallestDetected", f));
            row.put("forkCv", r.forkCv());
            row.put("pairLogRatioSd", r.pairLogSd());
            row.put("iterationCv", r.iterationCv());
            row.put("bimodalForks", r.bimodalForks());
            row.put("betweenModeForks", r.betweenModeForks());
            row.put("forks", r.forks());
        }
        ArrayNode goals = root.putArray("goals");
        goals().forEach(goals::add);
        ArrayNode noteList = root.putArray("notes");
        notes.forEach(noteList::add);
        ArrayNode list = root.putArray("runs");
        for (Run run : runs) {
            ObjectNode node = list.addObject();
            node.put("planted", run.planted());
            node.put("kind", run.planted() == 0 ? "aa" : run.planted() == HEAD ? "head" : "planted");
            node.put("verdict", run.report().verdict().label());
            node.put("seconds", run.report().seconds());
            if (run.report().steal().known()) {
                node.put("cpuStealShare", run.report().steal().run());
            }
            if (run.report().cache().known()) {
                node.put("cacheProbeCv", run.report().cache().cv());
            }
        }
        return root;
    }

    private static String rate(int hits, int of) {
        return new Rate(hits, of).toString();
    }

    private static String cvText(double cv) {
        return Double.isNaN(cv) ? "–" : AbRow.percent(cv);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }
}
