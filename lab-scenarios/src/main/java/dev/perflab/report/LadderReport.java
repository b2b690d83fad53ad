package dev.perflab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
    private final Map<Row, Path> sources;

    private LadderReport(List<Row> rows, Map<Row, Path> sources) {
        this.rows = List.copyOf(rows);
        this.groups = Ladders.of(this.rows);
        this.sources = sources;
    }

    /** A report of rows in input order (the order JMH wrote them). */
    public static LadderReport of(List<Row> rows) {
        return new LadderReport(rows, Map.of());
    }

    /** Reads JMH JSON files, in order, into a report; a bad file is a {@link ReportException}. */
    public static LadderReport read(List<Path> files) {
        List<Row> rows = new java.util.ArrayList<>();
        Map<Row, Path> sources = new java.util.IdentityHashMap<>();
        for (Path file : files) {
            for (Row row : JmhResults.read(file)) {
                rows.add(row);
                sources.put(row, file);
            }
        }
        return new LadderReport(rows, sources);
    }

    /** The files the rows were read from, in order; empty for a report made {@link #of} rows. */
    public List<Path> files() {
        return rows.stream().map(sources::get).filter(java.util.Objects::nonNull).distinct().collect(Collectors.toList());
    }

    /** The file {@code row} (one of {@link #rows()}) was read from, if the report was read from files. */
    public Optional<Path> source(Row row) {
        return Optional.ofNullable(sources.get(row));
    }

    public List<Row> rows() {
        return rows;
    }

    /** The groups in file order, each with its steps in rung order. */
    public List<LadderGroup> groups() {
        return groups;
    }

    /** The report as aligned plain text, after the header line. */
    public String text(String header) {
        return TextRenderer.render(header, groups, this::title);
    }

    /** The report as GitHub markdown tables, after the header as a paragraph. */
    public String markdown(String header) {
        return MarkdownRenderer.render(header, groups, this::title);
    }

    /**
     * Writes one chart per benchmark method, {@code <prefix>-<method>.png}, into {@code dir} (created if needed).
     * Rendering failures do not throw: the result carries a one-line warning and whatever was written.
     */
    public ChartOutput png(Path dir, String prefix, String header) {
        return ChartRenderer.render(groups, dir, prefix, header);
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
        Row first = rows.isEmpty() ? null : rows.get(0);
        String jdk = first == null || first.jdkVersion().isEmpty() ? "unknown" : first.jdkVersion();
        String vm = first == null || first.vmName().isEmpty() ? "unknown VM" : first.vmName();
        return "JDK " + jdk + " (" + vm + "); CPU and cores not recorded in this JMH file";
    }

    /** A group's title, with its mode added when the same benchmark ran in several modes. */
    String title(LadderGroup group) {
        boolean severalModes = groups.stream()
                .anyMatch(g -> g.benchmark().equals(group.benchmark()) && !g.mode().equals(group.mode()));
        return severalModes ? group.title() + "  (" + group.mode() + ")" : group.title();
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
