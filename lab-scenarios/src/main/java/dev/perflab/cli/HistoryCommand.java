package dev.perflab.cli;

import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.BenchmarkOption;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RungOption;
import dev.perflab.history.ChangePoint;
import dev.perflab.history.GitState;
import dev.perflab.history.History;
import dev.perflab.history.HistoryChart;
import dev.perflab.history.HistoryQuery;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.history.HistoryText;
import dev.perflab.history.Otava;
import dev.perflab.history.OtavaCsv;
import dev.perflab.history.Series;
import dev.perflab.results.RunFolder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ./lab history COMPONENT}: the component's rows over the runs the results history holds, as a table
 * per row with a sparkline (or PNG charts), as the CSV Apache Otava reads ({@code --export csv}), or as the
 * change points Otava finds in it ({@code --changes}). See docs/history.md.
 */
@Command(name = "history", mixinStandardHelpOptions = true, sortOptions = false, subcommands = HistoryImportCommand.class,
        description = {"A component's results over the runs kept in the results history.",
                "Every ./lab run, latency and ab adds one.",
                "Per row: a sparkline and a table of score ± error by commit; --png charts; --export csv (Apache Otava's shape);",
                "--changes: the change points Apache Otava finds (the step in %% and its p-value).",
                "./lab history import FILE.json… adds any project's JMH results (see ./lab history import --help)."})
final class HistoryCommand implements Callable<Integer>, Registry.User {
    /** How many of each row's newest runs the table shows by default. */
    static final int DEFAULT_LAST_RUNS = 10;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "COMPONENT", description = "The component (or imported project), e.g. orderbook.")
    String component;

    @Mixin
    HistoryOption history = new HistoryOption();

    @Mixin
    RungOption rungs = RungOption.orElse("every rung");

    @Mixin
    BenchmarkOption benchmark = new BenchmarkOption();

    @Option(names = "--since", paramLabel = "WHEN", description = "Only runs from then on: a date (2026-01-31, UTC), an instant (2026-01-31T12:00:00Z) or days back (30d).")
    String since;

    @Option(names = "--branch", paramLabel = "NAME", description = "Only runs on this git branch (--changes: default the checkout's branch when runs are on several).")
    String branch;

    @Option(names = "--length", paramLabel = "LENGTH", description = "Only runs of this length: smoke, quick, standard or full.")
    String length;

    @Option(names = "--secondary", paramLabel = "METRIC", description = "Also this secondary metric of each row (repeatable), e.g. gc.alloc.rate.norm.")
    List<String> secondary = new java.util.ArrayList<>();

    @Option(names = "--last", paramLabel = "N", description = "Runs per table, newest last (default ${DEFAULT-VALUE}); the sparkline shows them all.",
            defaultValue = "" + DEFAULT_LAST_RUNS)
    int last;

    @Option(names = "--png", paramLabel = "DIR", description = "Also draw one PNG per benchmark method: a line per row over the runs.")
    Path png;

    @Option(names = "--export", paramLabel = "csv", description = "Print (or --out) the history as CSV in the shape Apache Otava reads: one row per run.")
    String export;

    @Option(names = "--out", paramLabel = "FILE", description = "With --export: write the CSV here instead of printing it.")
    Path out;

    @Option(names = "--changes", description = "Find change points with Apache Otava (installed on first use into a venv in ~/.cache/perflab; needs python3).")
    boolean changes;

    @Option(names = "--json", paramLabel = "FILE", description = "With --changes: also write them as JSON [{metric, commit, time, change_percent, p_value}].")
    Path json;

    private Registry registry = Registry.builtIn();

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        if (component == null) {
            throw new LabException("history: name a component (./lab history orderbook) or import runs (./lab history import FILE.json…)");
        }
        checkOptions();
        HistoryTarget target = history.target();
        if (!target.enabled()) {
            throw new LabException("--history none: there is no history to read; name one with --history DB");
        }
        if (target.kind() == HistoryTarget.Kind.SQLITE && !Files.isRegularFile(target.file())) {
            throw new LabException("no results history at " + target.describe() + " yet: ./lab run, ./lab latency and ./lab history import add"
                    + " their runs to it (or name another with --history)");
        }
        Inputs inputs = Inputs.of(target.file());
        OutputFile csvOut = out != null ? OutputFile.check("--out", out, inputs) : null;
        OutputFile jsonOut = json != null ? OutputFile.check("--json", json, inputs) : null;
        RunFolder pngs = png != null ? RunFolder.open("--png", png, inputs) : null;
        PrintWriter console = spec.commandLine().getOut();
        try (HistoryStore store = HistoryStore.open(target)) {
            HistoryQuery query = new HistoryQuery(component, sinceInstant(), branch, lengthName(), benchmark.filter(), rungIds(), secondary);
            History found = read(store, query, target);
            if (changes) {
                return changes(store, query, found, target, jsonOut, console);
            }
            if (export != null) {
                if (csvOut != null) {
                    csvOut.writeText(w -> OtavaCsv.write(found, w));
                    console.println("saved: " + out + " (" + found.runs().size() + " runs, " + found.series().size() + " series)");
                } else {
                    OtavaCsv.write(found, console);
                }
                console.flush();
                return 0;
            }
            console.println(header(target, found));
            console.print(HistoryText.render(found, last));
            if (pngs != null) { // whole or not at all: a Ctrl-C or a full disk leaves the previous charts as they were
                for (Path chart : pngs.whole(() -> HistoryChart.write(component, found, machines(found), pngs::path))) {
                    console.println("saved: " + chart);
                }
            }
            console.flush();
            return 0;
        } catch (java.io.IOException e) {
            throw new LabException("history: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("history: interrupted");
        }
    }

    private void checkOptions() {
        if (export != null && !export.equalsIgnoreCase("csv")) {
            throw new LabException("--export " + export + ": the history exports csv only (--export csv)");
        }
        if (out != null && export == null) {
            throw new LabException("--out names where --export csv writes: add --export csv");
        }
        if (json != null && !changes) {
            throw new LabException("--json writes the change points: add --changes");
        }
        if (changes && export != null) {
            throw new LabException("--changes and --export are two views of the history: give one");
        }
        if (last < 1) {
            throw new LabException("--last " + last + ": give a number of runs, 1 or more");
        }
    }

    private History read(HistoryStore store, HistoryQuery query, HistoryTarget target) {
        History found = store.read(query);
        if (!found.runs().isEmpty()) {
            return found;
        }
        Map<String, Integer> components = store.components();
        if (!components.containsKey(component)) {
            throw new LabException("history " + target.describe() + " has no runs of '" + component + "'"
                    + (components.isEmpty() ? "" : "; runs of: " + components.entrySet().stream()
                    .map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "))));
        }
        throw new LabException("none of the " + components.get(component) + " runs of " + component + " in " + target.describe()
                + " has rows that match --rung, --benchmark, --since, --branch and --length as given");
    }

    private int changes(HistoryStore store, HistoryQuery query, History found, HistoryTarget target, OutputFile jsonOut,
                        PrintWriter console) {
        History oneBranch = found;
        Set<String> branches = found.runs().stream().map(r -> String.valueOf(r.git().branch())).collect(Collectors.toCollection(LinkedHashSet::new));
        if (branch == null && branches.size() > 1) {
            String here = GitState.ofLab().branch();
            if (here == null || !branches.contains(here)) {
                throw new LabException("the runs of " + component + " are on several branches (" + String.join(", ", branches)
                        + "); Otava looks at one: give --branch NAME");
            }
            console.println("branch: " + here + " (the checkout's; --branch picks another)");
            oneBranch = store.read(new HistoryQuery(query.component(), query.since(), here, query.length(), query.benchmark(),
                    query.rungs(), query.secondary()));
        }
        console.println(header(target, oneBranch));
        console.flush();
        List<ChangePoint> points = Otava.forLab().changePoints(oneBranch, console);
        Map<String, Series> byName = new LinkedHashMap<>();
        oneBranch.series().forEach(s -> byName.put(s.name(), s));
        long analysed = Otava.analysed(oneBranch);
        console.println("Apache Otava's settings: " + Otava.settings().describe() + " (docs/history.md)");
        console.printf("change points found by Apache Otava in %d series of at least %d runs: %d%n", analysed, Otava.MIN_RUNS, points.size());
        for (ChangePoint c : points) {
            console.println(HistoryText.changeLine(c, byName.get(c.metric())));
        }
        if (jsonOut != null) {
            jsonOut.writeString(Otava.json(points));
            console.println("saved: " + json);
        }
        console.flush();
        return 0;
    }

    /** {@code history of C in DB: N runs from … to … (UTC), M series}, then each machine line with its run count. */
    private String header(HistoryTarget target, History found) {
        Instant first = found.runs().get(0).time();
        Instant lastRun = found.runs().get(found.runs().size() - 1).time();
        return String.format(Locale.ROOT, "history of %s in %s: %d runs from %s to %s (UTC), %d series%n%s", component,
                target.describe(), found.runs().size(), OtavaCsv.time(first), OtavaCsv.time(lastRun), found.series().size(),
                machineLines(found));
    }

    private static String machineLines(History found) {
        Map<String, Long> machines = found.runs().stream().collect(Collectors.groupingBy(r -> r.machine(), LinkedHashMap::new, Collectors.counting()));
        return machines.entrySet().stream().map(e -> "measured on " + e.getKey() + " (" + e.getValue() + " runs)").collect(Collectors.joining("\n"));
    }

    /** The chart's header: the one machine, or how many there were. */
    private static String machines(History found) {
        Set<String> machines = found.runs().stream().map(r -> r.machine()).collect(Collectors.toCollection(LinkedHashSet::new));
        return machines.size() == 1 ? machines.iterator().next() : machines.size() + " machines";
    }

    private Instant sinceInstant() {
        if (since == null) {
            return null;
        }
        String s = since.strip();
        try {
            if (s.matches("\\d+d")) {
                return Instant.now().minus(Duration.ofDays(Long.parseLong(s.substring(0, s.length() - 1))));
            }
            if (s.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return Instant.parse(s);
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new LabException("--since " + since + ": expected a date (2026-01-31), an instant (2026-01-31T12:00:00Z) or days back (30d)");
        }
    }

    private String lengthName() {
        if (length == null) {
            return null;
        }
        String l = length.toLowerCase(Locale.ROOT);
        if (!Set.of("smoke", "quick", "standard", "full").contains(l)) {
            throw new LabException("--length " + length + ": expected smoke, quick, standard or full");
        }
        return l;
    }

    /** The rung ids: names resolved on the component's ladder when the lab knows it, else taken as given. */
    private Set<String> rungIds() {
        List<String> rungs = this.rungs.ids();
        if (rungs == null) {
            return null;
        }
        Function<String, String> resolve = known().<Function<String, String>>map(c -> name -> c.ladder().resolve(name).id())
                .orElse(Function.identity());
        return rungs.stream().map(resolve).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private java.util.Optional<Component> known() {
        return registry.all().stream().filter(c -> c.name().equals(component)).findFirst();
    }
}
