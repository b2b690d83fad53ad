package dev.perflab.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A ladder report of JMH results: rows grouped per benchmark and non-rung params, rungs in order with their
 * speedups over the previous rung and over {@code r0}, rendered as text, markdown or PNG charts. Also the
 * entry point for callers that check results, through {@link #find} and {@link #speedup}.
 */
public final class LadderReport {
    private final List<Row> rows;
    private final List<LadderGroup> groups;
    /** The file each row was read from (by identity: two files may hold equal rows); empty for {@link #of}. */
    private final Map<Row, ResultSource> sources;
    private final List<ResultSource> sourceList;
    /** Each benchmark's name in titles: {@code Class.method}, or the full name where two packages share it. */
    private final Map<String, String> names;
    /**
     * The modes each benchmark's groups ran in, counted once: a title asks whether its benchmark ran in several, and
     * asking every group of the report instead made a report of 50,000 rows take minutes.
     */
    private final Map<String, Set<String>> modesByBenchmark = new java.util.HashMap<>();

    private LadderReport(List<Row> rows, Map<Row, ResultSource> sources, List<ResultSource> sourceList) {
        this.rows = List.copyOf(rows);
        this.sources = sources;
        this.sourceList = List.copyOf(sourceList);
        this.groups = Ladders.of(this.rows, r -> sourceList.size() > 1 ? sources.get(r).label() : "");
        this.names = BenchmarkNames.of(this.rows.stream().map(Row::benchmark).toList());
        groups.forEach(g -> modesByBenchmark.computeIfAbsent(g.benchmark(), b -> new java.util.HashSet<>()).add(g.mode()));
    }

    /** A report of rows in input order (the order JMH wrote them). */
    public static LadderReport of(List<Row> rows) {
        return new LadderReport(rows, Map.of(), List.of());
    }

    /**
     * Reads JMH JSON files, in order, into a report; a bad file is a {@link ReportException}. Rows of different
     * files never share a table, and each file keeps the machine line recorded beside it.
     */
    public static LadderReport read(List<Path> files) {
        List<Row> rows = new ArrayList<>();
        Map<Row, ResultSource> sources = new IdentityHashMap<>();
        List<ResultSource> sourceList = new ArrayList<>();
        Set<String> repeatedNames = repeatedFileNames(files);
        for (Path file : files) {
            List<Row> fileRows = JmhResults.read(file);
            String name = file.getFileName().toString();
            ResultSource source = new ResultSource(file, repeatedNames.contains(name) ? file.toString() : name,
                    MachineHeader.of(file).orElse(defaultHeader(fileRows)), MachineHeader.runLength(file));
            sourceList.add(source);
            for (Row row : fileRows) {
                rows.add(row);
                sources.put(row, source);
            }
        }
        return new LadderReport(rows, sources, sourceList);
    }

    private static Set<String> repeatedFileNames(List<Path> files) {
        Set<String> seen = new HashSet<>();
        return files.stream().map(f -> f.getFileName().toString()).filter(n -> !seen.add(n)).collect(Collectors.toSet());
    }

    /** The same report with only the rows {@code keep} accepts; files and their machine lines are kept. */
    public LadderReport filter(java.util.function.Predicate<Row> keep) {
        return new LadderReport(rows.stream().filter(keep).toList(), sources, sourceList);
    }

    /** The files the rows were read from, in order; empty for a report made {@link #of} rows. */
    public List<Path> files() {
        return sourceList.stream().map(ResultSource::path).collect(Collectors.toList());
    }

    /** The files read, in order, with their machine lines; empty for a report made {@link #of} rows. */
    public List<ResultSource> sources() {
        return sourceList;
    }

    /** The file {@code row} (one of {@link #rows()}) was read from, if the report was read from files. */
    public Optional<Path> source(Row row) {
        return Optional.ofNullable(sources.get(row)).map(ResultSource::path);
    }

    /** Where {@code row} (one of {@link #rows()}) was read from, if the report was read from files. */
    public Optional<ResultSource> sourceOf(Row row) {
        return Optional.ofNullable(sources.get(row));
    }

    /**
     * What the report was measured on: the one file's machine line (and run length), or, for several files,
     * one line per file ({@code FILE: machine}), since each may come from another machine and JDK.
     */
    public String header() {
        if (sourceList.isEmpty()) {
            return defaultHeader();
        }
        if (sourceList.size() == 1) {
            return sourceList.get(0).described();
        }
        return sourceList.stream().map(s -> s.label() + ": " + s.described()).collect(Collectors.joining("\n"));
    }

    /** How titles name {@code benchmark}: {@code Class.method}, or the full name where two packages share it. */
    public String displayName(String benchmark) {
        return names.getOrDefault(benchmark, benchmark);
    }

    public List<Row> rows() {
        return rows;
    }

    /** The groups in file order, each with its steps in rung order. */
    public List<LadderGroup> groups() {
        return groups;
    }

    /**
     * The report as aligned plain text, after the header line: a table per group, or, for several runs of one
     * project without ladders ({@link RunsTable#applies}), their rows side by side with the change between runs.
     */
    public String text(String header) {
        return RunsTable.applies(this) ? RunsTable.render(this, header) : TextRenderer.render(header, groups, this::title);
    }

    /** The report as GitHub markdown tables, after the header as a paragraph. */
    public String markdown(String header) {
        return MarkdownRenderer.render(header, groups, this::title);
    }

    /**
     * Writes one chart per benchmark method and mode, named by {@link ChartNames}, into {@code dir} (created if needed).
     * Rendering failures do not throw: the result carries a one-line warning and whatever was written.
     */
    public ChartOutput png(Path dir, String prefix, String header) {
        return png(dir::resolve, prefix, header);
    }

    /**
     * {@link #png(Path, String, String)}, each chart where {@code place} puts a file of its name: a run folder's
     * {@code path}, so that a run written whole or not at all puts the previous charts back too.
     */
    public ChartOutput png(Function<String, Path> place, String prefix, String header) {
        return ChartRenderer.render(this, place, prefix, header);
    }

    /**
     * The rows of a benchmark whose name is {@code methodSuffix} or ends with {@code "." + methodSuffix}
     * ({@code cancelLast}, {@code OrderBookCancelBenchmark.cancelLast}) and that have every given param.
     * A {@code rung} value may be an id's short prefix before its first dash: {@code r3} matches
     * {@code r3-long-ticks}, as in {@code dev.perflab.ladder.Ladder#resolve}.
     */
    public List<Row> find(String methodSuffix, Map<String, String> params) {
        return rows.stream()
                .filter(r -> r.benchmark().equals(methodSuffix) || r.benchmark().endsWith("." + methodSuffix))
                .filter(r -> params.entrySet().stream().allMatch(p -> paramMatches(r, p.getKey(), p.getValue())))
                .collect(Collectors.toList());
    }

    /** The step (row plus its speedups over the previous rung and r0) that shows {@code row}. */
    public Optional<Step> step(Row row) {
        return groups.stream().flatMap(g -> g.steps().stream()).filter(s -> s.row().equals(row)).findFirst();
    }

    /**
     * How many times better {@code candidate} is than {@code base}, direction-aware (see {@link Speedup}):
     * {@code ×2} means twice the throughput or half the time per operation.
     */
    public static OptionalDouble speedup(Row base, Row candidate) {
        return Speedup.of(base, candidate);
    }

    /** The header to use when no machine description was recorded: JDK and VM from the first result. */
    public String defaultHeader() {
        return defaultHeader(rows);
    }

    private static String defaultHeader(List<Row> rows) {
        Row first = rows.isEmpty() ? null : rows.get(0);
        String jdk = first == null || first.jdkVersion().isEmpty() ? "unknown" : first.jdkVersion();
        String vm = first == null || first.vmName().isEmpty() ? "unknown VM" : first.vmName();
        return "JDK " + jdk + " (" + vm + "); CPU and cores not recorded in this JMH file";
    }

    /**
     * A group's title: the benchmark (its full name where another package has the same {@code Class.method}), its
     * params, its mode when the same benchmark ran in several, and its file when the report read several.
     */
    public String title(LadderGroup group) {
        String title = group.severalMethods() ? group.className().substring(group.className().lastIndexOf('.') + 1)
                : group.titled(displayName(group.benchmark()));
        boolean severalModes = group.ladder() && modesByBenchmark.getOrDefault(group.benchmark(), Set.of()).size() > 1;
        title = severalModes ? title + "  (" + group.mode() + ")" : title;
        return group.source().isEmpty() ? title : title + "  [" + group.source() + "]";
    }

    private static boolean paramMatches(Row row, String key, String wanted) {
        String actual = row.params().get(key);
        if (actual == null) {
            return false;
        }
        boolean shortRung = Row.RUNG_PARAM.equals(key) && !wanted.contains("-");
        return actual.equals(wanted) || (shortRung && actual.startsWith(wanted + "-"));
    }
}
