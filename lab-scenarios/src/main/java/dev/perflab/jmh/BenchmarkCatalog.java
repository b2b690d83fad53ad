package dev.perflab.jmh;

import dev.perflab.base.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What each benchmark declares about itself: its {@code @Fork}, {@code @Warmup} and {@code @Measurement},
 * read back from the {@code META-INF/BenchmarkList} that JMH's annotation processor writes beside the
 * benchmark classes, with JMH's defaults where a class leaves one out.
 *
 * <p>The standard run passes JMH no iteration flags, so a benchmark's annotations are the one place its
 * standard budget lives; the lab reads them here only to show them and to add up a run's time before it
 * starts. Immutable once loaded.
 */
public final class BenchmarkCatalog {
    private final Map<String, JmhOptions> declared;
    private final Map<String, Double> operationsPerCall;
    private final java.util.Set<String> singleShot;

    private BenchmarkCatalog(Map<String, JmhOptions> declared, Map<String, Double> operationsPerCall, java.util.Set<String> singleShot) {
        this.declared = Collections.unmodifiableMap(declared);
        this.operationsPerCall = Collections.unmodifiableMap(operationsPerCall);
        this.singleShot = Collections.unmodifiableSet(singleShot);
    }

    /** The catalog of this JVM's own class path (a test's, which holds the benchmark classes). */
    public static BenchmarkCatalog ofThisClassPath() {
        return of(java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(Path::of).toList());
    }

    /** The catalog of the JMH that {@link JmhProcess} starts: the benchmarks jar, or the class path a test names. */
    public static BenchmarkCatalog load() {
        return of(JmhProcess.classPath());
    }

    /** The catalog of the benchmark lists found on this class path (jars and folders). */
    public static BenchmarkCatalog of(List<Path> classPath) {
        URL[] urls = classPath.stream().map(BenchmarkCatalog::url).toArray(URL[]::new);
        Map<String, JmhOptions> declared = new HashMap<>();
        Map<String, Double> operations = new HashMap<>();
        java.util.Set<String> singleShot = new java.util.HashSet<>();
        try (URLClassLoader loader = new URLClassLoader(urls, null)) {
            Enumeration<URL> lists = loader.getResources(BenchmarkList.BENCHMARK_LIST.substring(1));
            while (lists.hasMoreElements()) {
                try (InputStream in = lists.nextElement().openStream()) {
                    for (BenchmarkListEntry e : entries(in)) {
                        declared.putIfAbsent(e.getUsername(), options(e));
                        boolean shot = e.getMode() == org.openjdk.jmh.annotations.Mode.SingleShotTime;
                        // a single shot calls the method batchSize times and divides its time by @OperationsPerInvocation
                        // alone (JMH's generated _ss_ stub); other modes ignore the batch size
                        operations.putIfAbsent(e.getUsername(), (double) e.getOperationsPerInvocation().orElse(1)
                                / (shot ? e.getMeasurementBatchSize().orElse(1) : 1));
                        if (shot) {
                            singleShot.add(e.getUsername());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new LabException("cannot read JMH's benchmark list from " + classPath + ": " + e.getMessage());
        }
        return new BenchmarkCatalog(declared, operations, singleShot);
    }

    /**
     * The entries of one benchmark list, read by JMH's own reader; a line of an older JMH that it refuses (JMH 1.19
     * to 1.2x write {@code @Param} values unarmored) is rewritten as the lab's JMH writes it first
     * ({@link OldBenchmarkList}).
     */
    private static List<BenchmarkListEntry> entries(InputStream in) throws IOException {
        List<BenchmarkListEntry> entries = new java.util.ArrayList<>();
        for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                entries.add(new BenchmarkListEntry(line));
            } catch (RuntimeException refused) {
                try {
                    entries.add(new BenchmarkListEntry(OldBenchmarkList.upgrade(line)));
                } catch (RuntimeException e) {
                    throw new IOException(e.getMessage() + " (and JMH's own reader: " + refused.getMessage() + ")", e);
                }
            }
        }
        return entries;
    }

    /**
     * The options a benchmark's annotations give its standard run.
     *
     * @param benchmark the full name JMH writes, {@code pkg.Class.method}
     */
    public JmhOptions declared(String benchmark) {
        JmhOptions options = declared.get(benchmark);
        if (options == null) {
            throw new LabException("no benchmark " + benchmark + " in JMH's benchmark list (rebuild with ./lab, which builds what is stale)");
        }
        return options;
    }

    /** Every benchmark's full name ({@code pkg.Class.method}), sorted: what {@code --benchmark} chooses from. */
    public java.util.SortedSet<String> benchmarks() {
        return java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(declared.keySet()));
    }

    /**
     * How many of its reported operations one call of the benchmark method counts: {@code @OperationsPerInvocation}
     * (1 without it), over the calls a single shot makes ({@code @Measurement(batchSize)}, SingleShotTime only). A
     * call's cost is the per-operation cost times this: a replay of 250k commands counts 250,000; a single shot of a
     * 100,000-call batch with {@code @OperationsPerInvocation(100_000)} counts 1, one put a call.
     */
    public double operationsPerCall(String benchmark) {
        declared(benchmark);
        return operationsPerCall.get(benchmark);
    }

    /**
     * Whether the benchmark times single calls ({@code @BenchmarkMode(SingleShotTime)}): each iteration is one call,
     * as long as its work takes, and the iteration time its options name does not apply.
     */
    public boolean singleShot(String benchmark) {
        return singleShot.contains(benchmark);
    }

    private static JmhOptions options(BenchmarkListEntry e) {
        return new JmhOptions(e.getForks().orElse(Defaults.MEASUREMENT_FORKS),
                e.getWarmupIterations().orElse(Defaults.WARMUP_ITERATIONS), jmhSyntax(e.getWarmupTime().orElse(Defaults.WARMUP_TIME)),
                e.getMeasurementIterations().orElse(Defaults.MEASUREMENT_ITERATIONS),
                jmhSyntax(e.getMeasurementTime().orElse(Defaults.MEASUREMENT_TIME)));
    }

    /** A time as JMH's flags spell it: {@code 500ms}, {@code 1s}. */
    private static String jmhSyntax(TimeValue time) {
        long millis = time.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    private static URL url(Path entry) {
        try {
            return entry.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }
}
