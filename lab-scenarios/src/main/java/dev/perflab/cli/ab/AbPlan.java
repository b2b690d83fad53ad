package dev.perflab.cli.ab;

import dev.perflab.base.BenchmarkFilter;
import dev.perflab.base.LabException;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.JmhSuite;
import dev.perflab.cli.component.RunLength;
import dev.perflab.cli.run.JmhRun;
import dev.perflab.jmh.BenchmarkCatalog;
import dev.perflab.jmh.JmhOptions;
import dev.perflab.jmh.JmhProcess;
import dev.perflab.ladder.Kind;
import dev.perflab.ladder.UnknownEntryException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The rows one {@code ./lab ab} run measures: the component's JMH suites in a run length, narrowed by
 * {@code --rung}, {@code --benchmark} and {@code --param} as {@code ./lab run} narrows them, listed by JMH from
 * both jars (they must list the same rows), then the JDK-only ruler. Each row runs one fork per JMH run with the
 * length's options ({@code -f 1}); in the standard length those are head's annotations, so both sides measure
 * the same way.
 *
 * <p>An ab run costs 2 × pairs forks a row, where {@code ./lab run} costs one, so unless {@code --all-rows} asks for
 * the length's whole selection, ab narrows further on its own and says so before it starts:
 * <ul>
 *   <li>the peers are left out unless {@code --rung} names them: no revision of the lab changes their code, so
 *       they could only be rulers, and the JDK-only ruler already watches the machine;</li>
 *   <li>in the quick and standard lengths, each parameter {@code --param} does not name takes the component's
 *       {@link Component#abParams() ab point}, and where {@code --rung} names no rung, only the most tuned rung
 *       each suite measures and the component's {@link Component#abSuites() ab suites} run (the order book's naive replay is one whole
 *       replay per iteration, so its forks outlast their planned time many times over), unless {@code --benchmark}
 *       chooses rows of the other suites only.</li>
 * </ul>
 * Without this, the whole quick selection of the order book or the ring cannot fit a pull request's wait on 2
 * cores; the plans and runs are in the ab-quick-selections logs in docs/measurements/README.md. The tuned rung is
 * the component as it ships; the rungs below it are exhibits of the story, which a pull request seldom touches. Each
 * row a run adds divides the pairs its budget holds, and with every rung the budget held too few pairs for most rows
 * to decide (docs/ab.md, the default selections' calibrations). {@code --rung} names the others.
 */
final class AbPlan {
    /** The JDK-only ruler every run measures beside the rows (lab-benchmarks' RulerBenchmark). */
    static final String RULER = "dev.perflab.bench.RulerBenchmark.sortCopy";

    /** The ruler's JMH options per length; the standard run uses its annotations. */
    static final JmhSuite RULER_SUITE = JmhSuite.of("ruler", "dev.perflab.bench.RulerBenchmark", Map.of(
            RunLength.SMOKE, new JmhOptions(1, 1, "300ms", 3, "200ms"),
            RunLength.QUICK, new JmhOptions(1, 1, "1s", 5, "300ms"),
            RunLength.FULL, new JmhOptions(1, 2, "1s", 20, "500ms")));

    /**
     * One row: what JMH runs for one fork of it.
     *
     * @param index    1-based, in run order
     * @param row      the benchmark and every one of its params
     * @param options  JMH's options for one fork ({@code -f 1})
     * @param ruler    a row that must not move (a peer, the JDK-only ruler)
     * @param jar      the jar both sides run it from, or null for each side's own: the JDK-only ruler runs from
     *                 head's jar (no revision changes it, and an older base may not have it), or for another project's
     *                 jars from the lab's own
     * @param suite    the component's suite the row comes from ({@code ruler} for the ruler), as the history files it
     * @param plantAgent the planting agent's jar for a row of a jar the lab did not build (another project's), whose
     *                 benchmarks have no plant hook of their own; null for the lab's own rows and the ruler
     */
    record Row(int index, JmhProcess.Configuration row, JmhOptions options, boolean ruler, Path jar, String suite, Path plantAgent) {
        Row(int index, JmhProcess.Configuration row, JmhOptions options, boolean ruler, Path jar, String suite) {
            this(index, row, options, ruler, jar, suite, null);
        }

        /** This row planted through {@code agent}; a ruler, from the lab's own jar, keeps its plant hook. */
        Row withPlantAgent(Path agent) {
            return ruler ? this : new Row(index, row, options, false, jar, suite, agent);
        }

        /** JMH's include regex for exactly this benchmark. */
        String include() {
            return "^" + row.benchmark().replace(".", "\\.") + "$";
        }

        /** {@code OrderBookCancelBenchmark.cancelLast {rung=…, depth=1000}}. */
        String label() {
            return row.toString();
        }

        String rung() {
            return row.params().get(dev.perflab.report.Row.RUNG_PARAM);
        }

        /** The method's name, the part after the last dot. */
        String method() {
            return row.benchmark().substring(row.benchmark().lastIndexOf('.') + 1);
        }
    }

    /** How many methods a "matches nothing" message names: another project's jar may hold hundreds. */
    static final int NAMES_SHOWN = 12;

    private final List<Row> rows;
    private final String narrowed;

    private AbPlan(List<Row> rows, String narrowed) {
        this.rows = List.copyOf(rows);
        this.narrowed = narrowed;
    }

    /**
     * What ab's own narrowing chose and left out, as one line ({@code ab's selection: depth=1000, the component's ab
     * point; left out: 6 rows of peers, …}); empty when it left out nothing.
     */
    String narrowed() {
        return narrowed;
    }

    List<Row> rows() {
        return rows;
    }

    /**
     * This plan with a planted slowdown reaching its judged rows through the planting agent ({@code lab-agent},
     * {@code -javaagent}): for another project's jar, which has no plant hook compiled in. The ruler, from the lab's
     * own jar, keeps its hook.
     */
    AbPlan withPlantAgent(Path agent) {
        return new AbPlan(rows.stream().map(r -> r.withPlantAgent(agent)).collect(Collectors.toList()), narrowed);
    }

    /** The rows that are not rulers. */
    List<Row> judged() {
        return rows.stream().filter(r -> !r.ruler()).collect(Collectors.toList());
    }

    /**
     * Lists the rows from both jars.
     *
     * @param allRows    the length's whole selection, as {@code ./lab run} measures it, without ab's own narrowing
     * @param peerRulers whether peers' rows are rulers (their code is not the lab's, so no revision changes it)
     * @param rulerJar   the jar the JDK-only ruler is listed in and run from on both sides (head's for the lab's own
     *                   jars); null, or a jar without it, for a run with no ruler
     * @throws LabException (exit 2) when the jars list different rows (naming the rows only in one), when a
     *                      {@code --param} names no parameter, or when nothing matches
     */
    static AbPlan of(Component component, RunLength length, List<String> rungs, BenchmarkFilter filter, Map<String, String> params,
                     Path baseJar, Path headJar, boolean allRows, boolean peerRulers, Path rulerJar) throws IOException, InterruptedException {
        Map<String, List<String>> jmhParams = JmhRun.jmhParams(component, length, rungs, params);
        Map<String, List<String>> abPoint = allRows ? Map.of() : abPoint(component, length, params);
        abPoint.forEach(jmhParams::putIfAbsent);
        boolean leavePeersOut = rungs == null && !allRows;
        boolean tunedOnly = rungs == null && !allRows && abPoint(length);
        Set<String> tunedRungs = new LinkedHashSet<>();
        int otherRungsLeftOut = 0;
        BenchmarkCatalog catalog = BenchmarkCatalog.of(List.of(headJar));
        boolean filterOutsideAbSuites = !filter.all()
                && component.abSuites().stream().allMatch(s -> filter.select(s.methods(catalog.benchmarks())).isEmpty());
        Set<String> abSuites = allRows || rungs != null || !abPoint(length) || filterOutsideAbSuites ? null
                : component.abSuites().stream().map(JmhSuite::name).collect(Collectors.toSet());
        int peersLeftOut = 0;
        Map<String, Integer> suitesLeftOut = new LinkedHashMap<>();
        Set<String> known = new TreeSet<>();
        List<Row> rows = new ArrayList<>();
        List<String> onlyBase = new ArrayList<>();
        List<String> onlyHead = new ArrayList<>();
        for (JmhSuite suite : component.suites()) {
            if (!suite.runsIn(length)) {
                continue;
            }
            if (!filter.all() && filter.select(suite.methods(catalog.benchmarks())).isEmpty()) {
                continue; // --benchmark chose none of its methods: no JVM spent listing nothing (a project may have dozens of classes)
            }
            String include = suite.include(length, filter, filter.all() ? List.of() : catalog.benchmarks());
            Map<String, List<String>> suiteParams = suite.params(length, jmhParams);
            List<JmhProcess.Configuration> headRows = JmhProcess.listConfigurations(headJar, include, suiteParams, known);
            if (abSuites != null && !abSuites.contains(suite.name())) {
                if (!headRows.isEmpty()) {
                    suitesLeftOut.put(suite.name(), headRows.size());
                }
                continue;
            }
            List<JmhProcess.Configuration> baseRows = baseJar.equals(headJar) ? headRows
                    : JmhProcess.listConfigurations(baseJar, include, suiteParams, new TreeSet<>());
            if (leavePeersOut) {
                peersLeftOut += (int) headRows.stream().filter(r -> isPeer(component, r)).count();
                headRows = headRows.stream().filter(r -> !isPeer(component, r)).collect(Collectors.toList());
                baseRows = baseRows.stream().filter(r -> !isPeer(component, r)).collect(Collectors.toList());
            }
            String tuned = tunedOnly ? mostTuned(component, headRows) : null;
            if (tuned != null) {
                tunedRungs.add(tuned);
                otherRungsLeftOut += (int) headRows.stream().filter(r -> !ofRung(r, tuned)).count();
                headRows = headRows.stream().filter(r -> ofRung(r, tuned)).collect(Collectors.toList());
                baseRows = baseRows.stream().filter(r -> ofRung(r, tuned)).collect(Collectors.toList());
            }
            Set<JmhProcess.Configuration> base = new LinkedHashSet<>(baseRows);
            headRows.stream().filter(r -> !base.contains(r)).forEach(r -> onlyHead.add(r.toString()));
            Set<JmhProcess.Configuration> head = new LinkedHashSet<>(headRows);
            baseRows.stream().filter(r -> !head.contains(r)).forEach(r -> onlyBase.add(r.toString()));
            for (JmhProcess.Configuration row : headRows) {
                if (base.contains(row)) {
                    JmhOptions options = oneFork(suite.options(length, row.benchmark(), catalog));
                    rows.add(new Row(rows.size() + 1, row, options, peerRulers && isPeer(component, row), null, suite.name()));
                }
            }
        }
        if (!onlyBase.isEmpty() || !onlyHead.isEmpty()) {
            throw new LabException("base and head list different " + component.name() + " benchmarks, so they cannot be "
                    + "paired: " + (onlyBase.isEmpty() ? "" : "only in base: " + shown(onlyBase))
                    + (onlyBase.isEmpty() || onlyHead.isEmpty() ? "" : "; ")
                    + (onlyHead.isEmpty() ? "" : "only in head: " + shown(onlyHead))
                    + " (narrow both with --rung, --benchmark or --param to the rows they share)");
        }
        for (String param : params.keySet()) {
            if (!known.contains(param)) {
                throw new LabException("--param " + param + ": no " + component.name() + " benchmark in this run has a parameter '"
                        + param + "'; known: " + String.join(", ", known));
            }
        }
        if (rows.isEmpty()) {
            List<String> methods = component.suites().stream().flatMap(s -> s.methods(catalog.benchmarks()).stream())
                    .map(dev.perflab.report.BenchmarkNames::shortName).toList();
            throw new LabException("no " + component.name() + " benchmark matches this selection"
                    + (filter.all() ? "" : " (" + filter + ", found anywhere in Class.method)") + "; its methods"
                    + (filter.all() || methods.size() <= NAMES_SHOWN ? ": " + String.join(", ", methods)
                    : ", the closest first: " + String.join(", ", dev.perflab.base.EditDistance.closest(filter.regex(), methods, NAMES_SHOWN)))
                    + (methods.size() > NAMES_SHOWN ? " and " + (methods.size() - NAMES_SHOWN) + " more" : ""));
        }
        List<JmhProcess.Configuration> ruler = rulerJar == null ? List.of()
                : JmhProcess.listConfigurations(rulerJar, "^" + RULER.replace(".", "\\.") + "$", Map.of(), new TreeSet<>());
        if (!ruler.isEmpty()) {
            JmhOptions options = oneFork(RULER_SUITE.options(length, RULER, BenchmarkCatalog.of(List.of(rulerJar))));
            rows.add(new Row(rows.size() + 1, ruler.get(0), options, true, rulerJar, RULER_SUITE.name()));
        }
        return new AbPlan(rows, narrowed(abPoint, known, tunedRungs, component.ladder().tuned().id(), otherRungsLeftOut, peersLeftOut, suitesLeftOut));
    }

    /**
     * The highest rung of the ladder among a suite's rows (its exhibits and peers are not rungs), or null when none of
     * its rows is of a rung. A suite may measure only the rungs that change its part: SHA-256's executor suite lists
     * the rungs whose executor differs, so its most tuned rung is not the ladder's.
     */
    private static String mostTuned(Component component, List<JmhProcess.Configuration> rows) {
        List<String> order = component.ladder().rungs().stream().map(dev.perflab.ladder.Entry::id).collect(Collectors.toList());
        return rows.stream().map(r -> r.params().get(dev.perflab.report.Row.RUNG_PARAM)).filter(order::contains)
                .max(java.util.Comparator.comparingInt(order::indexOf)).orElse(null);
    }

    /** Whether a row is of this rung, or of no rung at all (a suite without a ladder, such as SHA-256's ceilings). */
    private static boolean ofRung(JmhProcess.Configuration row, String id) {
        String rung = row.params().get(dev.perflab.report.Row.RUNG_PARAM);
        return rung == null || rung.equals(id);
    }

    /** Whether a length narrows to the component's ab point (a smoke run has its own point, a full run every value). */
    private static boolean abPoint(RunLength length) {
        return length == RunLength.QUICK || length == RunLength.STANDARD;
    }

    /** The component's ab point for the parameters {@code --param} leaves open, in the lengths that narrow to it. */
    static Map<String, List<String>> abPoint(Component component, RunLength length, Map<String, String> params) {
        Map<String, List<String>> point = new LinkedHashMap<>(abPoint(length) ? component.abParams() : Map.of());
        point.keySet().removeAll(params.keySet());
        return point;
    }

    private static String narrowed(Map<String, List<String>> abPoint, Set<String> known, Set<String> tunedRungs, String ladderTuned,
                                   int otherRungsLeftOut, int peersLeftOut, Map<String, Integer> suitesLeftOut) {
        List<String> point = new ArrayList<>();
        abPoint.keySet().stream().filter(known::contains).forEach(name -> point.add(name + "=" + String.join(",", abPoint.get(name))));
        if (!tunedRungs.isEmpty()) {
            point.add("rung=" + String.join(",", tunedRungs) + (tunedRungs.equals(Set.of(ladderTuned)) ? " (the tuned one)"
                    : " (the most tuned each suite measures)"));
        }
        List<String> out = new ArrayList<>();
        if (otherRungsLeftOut > 0) {
            out.add(rows(otherRungsLeftOut) + " of the other rungs and exhibits");
        }
        if (peersLeftOut > 0) {
            out.add(rows(peersLeftOut) + " of peers");
        }
        suitesLeftOut.forEach((suite, n) -> out.add(rows(n) + " of suite " + suite));
        if (point.isEmpty() && out.isEmpty()) {
            return "";
        }
        return "ab's selection: " + (point.isEmpty() ? "" : String.join(", ", point) + ", the component's ab point")
                + (point.isEmpty() || out.isEmpty() ? "" : "; ") + (out.isEmpty() ? "" : "left out: " + String.join(", ", out))
                + " (--all-rows measures the whole selection; --param and --rung choose others)";
    }

    private static String rows(int n) {
        return n + " row" + (n == 1 ? "" : "s");
    }

    /** A peer's row (its rung is a peer of the component's ladder, or named {@code peer-…} outside it). */
    private static boolean isPeer(Component component, JmhProcess.Configuration row) {
        String rung = row.params().get(dev.perflab.report.Row.RUNG_PARAM);
        if (rung == null) {
            return false;
        }
        try {
            return component.ladder().resolve(rung).kind() == Kind.PEER;
        } catch (UnknownEntryException e) {
            return rung.startsWith("peer-");
        }
    }

    /** The options with one fork: ab pairs forks itself, one JMH run each. */
    static JmhOptions oneFork(JmhOptions o) {
        return new JmhOptions(1, o.warmupIterations(), o.warmupTime(), o.iterations(), o.iterationTime());
    }

    private static String shown(List<String> rows) {
        int shown = Math.min(rows.size(), JmhRun.MISSING_ROWS_SHOWN);
        return String.join(", ", rows.subList(0, shown)) + (rows.size() > shown ? " and " + (rows.size() - shown) + " more" : "");
    }

    /** Seconds of warm-up and measurement of one fork of every row, both sides, every pair. */
    double seconds(int pairs) {
        return rows.stream().mapToDouble(r -> r.options().iterationSeconds()).sum() * 2 * pairs;
    }
}
