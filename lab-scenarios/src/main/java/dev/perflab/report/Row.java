package dev.perflab.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One result of a JMH JSON file: a benchmark method at one combination of {@code @Param} values.
 *
 * @param benchmark        full name, e.g. {@code dev.perflab.bench.OrderBookCancelBenchmark.cancelLast}
 * @param method           the part after the last dot, e.g. {@code cancelLast}
 * @param params           the {@code @Param} values in file order; empty if none
 * @param mode             {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}
 * @param score            the primary metric
 * @param scoreError       its error half-width; NaN when absent
 * @param unit             the primary metric's unit, e.g. {@code ops/s} or {@code ns/op}
 * @param allocBytesPerOp  {@code gc.alloc.rate.norm} in bytes per operation; null when not measured
 * @param jdkVersion       as JMH recorded it, e.g. {@code 17.0.15}; empty when absent
 * @param vmName           as JMH recorded it, e.g. {@code OpenJDK 64-Bit Server VM}; empty when absent
 * @param secondaryMetrics every secondary metric, keyed as in the file
 * @param forks            each fork's iteration scores in the primary metric's unit (JMH's {@code rawData}; for
 *                         a {@code sample} row each iteration's mean, from {@code rawDataHistogram}); empty when
 *                         the file has none
 * @param machine          the machine it was measured on, as the lab's header line names it (a merged result
 *                         set's own {@code "machine"} field, else its file's {@code .machine.txt}); null when
 *                         unknown. Two rows of different machines make no same-run ratio ({@link RowMachine}).
 * @param percentiles      a {@code sample} or {@code ss} row's {@code scorePercentiles} ({@code "50.0"} → value, in
 *                         {@code unit}); empty for other modes and for rows made in code
 * @param serialCorrelation how much one iteration's noise carries into the next on the host that measured the row's
 *                         file: the lag-1 correlation {@link Trend#serialCorrelation} estimates from all the file's
 *                         rows, which its trend check allows for; 0 for rows made in code
 */
public record Row(String benchmark, String method, Map<String, String> params, String mode,
                  double score, double scoreError, String unit, Double allocBytesPerOp,
                  String jdkVersion, String vmName, Map<String, Metric> secondaryMetrics,
                  List<List<Double>> forks, String machine, Map<String, Double> percentiles, double serialCorrelation) {

    /** The {@code @Param} that names a rung or peer of a ladder. */
    public static final String RUNG_PARAM = "rung";

    private static final Pattern RUNG_ID = Pattern.compile("r\\d+-.*");

    /**
     * The modes whose percentiles say something the score does not: a sample row's spread of single calls, a
     * single-shot row's spread of cold starts. A throughput or average-time row's percentiles are of its few
     * iteration scores, already in its forks.
     */
    public static final java.util.Set<String> DISTRIBUTION_MODES = java.util.Set.of("sample", "ss");

    public Row {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondaryMetrics = Collections.unmodifiableMap(new LinkedHashMap<>(secondaryMetrics));
        forks = forks.stream().map(List::copyOf).toList();
        percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    }

    /** A row whose host's serial correlation is not known (taken as none). */
    public Row(String benchmark, String method, Map<String, String> params, String mode, double score,
               double scoreError, String unit, Double allocBytesPerOp, String jdkVersion, String vmName,
               Map<String, Metric> secondaryMetrics, List<List<Double>> forks, String machine, Map<String, Double> percentiles) {
        this(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, forks, machine, percentiles, 0);
    }

    /** A row without percentiles. */
    public Row(String benchmark, String method, Map<String, String> params, String mode, double score,
               double scoreError, String unit, Double allocBytesPerOp, String jdkVersion, String vmName,
               Map<String, Metric> secondaryMetrics, List<List<Double>> forks, String machine) {
        this(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, forks, machine, Map.of());
    }

    /** A row whose machine is not known. */
    public Row(String benchmark, String method, Map<String, String> params, String mode, double score,
               double scoreError, String unit, Double allocBytesPerOp, String jdkVersion, String vmName,
               Map<String, Metric> secondaryMetrics, List<List<Double>> forks) {
        this(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, forks, null);
    }

    /** A row without its forks' iterations (rows made in code rather than read from a file). */
    public Row(String benchmark, String method, Map<String, String> params, String mode, double score,
               double scoreError, String unit, Double allocBytesPerOp, String jdkVersion, String vmName,
               Map<String, Metric> secondaryMetrics) {
        this(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, List.of());
    }

    /** The same row with another score, e.g. moved to the edge of its error interval. */
    public Row withScore(double newScore) {
        return new Row(benchmark, method, params, mode, newScore, scoreError, unit, allocBytesPerOp, jdkVersion,
                vmName, secondaryMetrics, forks, machine, percentiles, serialCorrelation);
    }

    /** This row, measured on {@code machine}. */
    public Row withMachine(String machine) {
        return new Row(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, forks, machine, percentiles, serialCorrelation);
    }

    /** This row, measured on a host whose iterations' noise has this lag-1 correlation ({@link Trend#serialCorrelation}). */
    public Row withSerialCorrelation(double rho) {
        return new Row(benchmark, method, params, mode, score, scoreError, unit, allocBytesPerOp, jdkVersion, vmName,
                secondaryMetrics, forks, machine, percentiles, rho);
    }

    /** The {@code rung} param's value ({@code r2-intrusive-list}, {@code peer-parity}), or null if none. */
    public String rung() {
        return params.get(RUNG_PARAM);
    }

    /** True when this row is a rung of a ladder ({@code r<N>-…}), false for peers and rows without a rung. */
    public boolean isRung() {
        return rung() != null && RUNG_ID.matcher(rung()).matches();
    }

    /** True when this row has a {@code rung} param that is not an {@code r<N>-…} id, e.g. {@code peer-parity}. */
    public boolean isPeer() {
        return rung() != null && !isRung();
    }

    /** The params without {@code rung}, in file order: what identifies this row's ladder. */
    public Map<String, String> paramsWithoutRung() {
        Map<String, String> rest = new LinkedHashMap<>(params);
        rest.remove(RUNG_PARAM);
        return Collections.unmodifiableMap(rest);
    }

    /** The benchmark's class and method without the package, e.g. {@code OrderBookCancelBenchmark.cancelLast}. */
    public String shortBenchmark() {
        int methodDot = benchmark.lastIndexOf('.');
        int classDot = methodDot > 0 ? benchmark.lastIndexOf('.', methodDot - 1) : -1;
        return benchmark.substring(classDot + 1);
    }
}
