package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perflab.base.Machine;
import dev.perflab.cli.component.LatencyWorkload;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RungOption;
import dev.perflab.latency.Arrivals;
import dev.perflab.latency.LatencyConfig;
import dev.perflab.latency.LatencyHarness;
import dev.perflab.latency.LatencyResult;
import dev.perflab.latency.LatencyTask;
import dev.perflab.latency.Sender;
import dev.perflab.latency.ThreadModel;
import dev.perflab.latency.TimingMode;
import dev.perflab.scenario.RoleProtocol;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The child JVM of {@code ./lab latency}: one latency run in a fresh JVM whose collector and heap the
 * parent chose. Prepares the rung through the component's {@link LatencyWorkload} (the order book: a book
 * prefilled from an order flow, one {@code flow.next(book)} per operation), drives it through {@link LatencyHarness}, prints a progress line a second on runs longer
 * than {@value #PROGRESS_AFTER_SECONDS} s, and ends with the result as its last stdout line, {@code summary {json}}:
 * the lab's one role protocol ({@link RoleProtocol}), the same a scenario's roles speak.
 *
 * <p>Why a child at all: a collector, heap and young size can only be chosen when a JVM starts, and a
 * run's JIT and heap state must not leak into the next. Bad input: one line on stderr, exit 2.
 *
 * <p>{@code --rung null} drives a no-op operation instead of a rung (no prefill, no workload): the same
 * harness, threads, sender and hiccup meter, so its figures are the floor under every rung's.
 */
@Command(name = "latency-child", description = "One latency run; started by ./lab latency, not by hand.")
public final class LatencyChild implements Callable<Integer> {
    static final double PROGRESS_AFTER_SECONDS = 3;
    /** The no-op rung: the harness-and-platform floor. */
    static final String NULL_RUNG = "null";
    /** The hiccup percentiles every result carries, besides max. */
    static final double[] HICCUP_PERCENTILES = {99, 99.9};
    /** The percentiles every result carries, besides max. */
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    @Option(names = "--component", required = true, description = "A component with a latency workload, by name.")
    String component;

    /** Always named by {@code ./lab latency}, which starts this JVM. */
    @Mixin
    RungOption rungOption = RungOption.orElse("none: ./lab latency names it");

    @Option(names = "--rate", required = true)
    double rate;

    @Option(names = "--seconds", required = true)
    double seconds;

    @Option(names = "--warmup", required = true)
    double warmup;

    @Option(names = "--modes", required = true, split = ",")
    List<String> modes;

    @Option(names = "--prefill", required = true)
    int prefill;

    @Option(names = "--arrivals", defaultValue = "uniform")
    String arrivals;

    @Option(names = "--threads", defaultValue = "1")
    int threads;

    @Option(names = "--sender", required = true)
    String sender;

    @Option(names = "--seed", defaultValue = "1")
    long seed;

    @Option(names = "--gc", required = true, description = "Collector id, for the result only; the JVM flags choose it.")
    String gc;

    @Option(names = "--heap", required = true, description = "Heap size, for the result only.")
    String heap;

    @Option(names = "--young", defaultValue = "default", description = "Young size, for the result only.")
    String young;

    @Option(names = "--percentile", description = "Extra percentile to report in each mode.")
    List<Double> extraPercentiles = new ArrayList<>();

    @Option(names = "--hlog")
    Path hlog;

    /** The interval log could not be written whole; the parent keeps the previous {@code --hlog} (it wrote to a temporary name). */
    static final class HlogNotWritten extends IOException {
        HlogNotWritten(String reason) {
            super("--hlog: the interval log could not be written whole (" + reason + "); the previous file, if any, is unchanged");
        }
    }

    public static void main(String[] args) {
        dev.perflab.proc.ParentWatch.start(); // a lab killed with kill -9 leaves no child running on
        CommandLine cli = new CommandLine(new LatencyChild());
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        cli.setParameterExceptionHandler((e, a) -> oneLine(err, e.getMessage(), 2));
        // bad input, and a file the machine refused (a full disk): exit 2 in the child's own words; else a failed run
        cli.setExecutionExceptionHandler((e, c, p) -> e instanceof IllegalArgumentException || e instanceof HlogNotWritten
                ? oneLine(err, e.getMessage(), 2) : oneLine(err, "latency run failed: " + e, 1));
        System.exit(cli.execute(args));
    }

    private static int oneLine(PrintWriter err, String message, int exitCode) {
        err.println("lab: " + message);
        err.flush();
        return exitCode;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        LatencyWorkload workload = Registry.builtIn().byName(component).latency()
                .orElseThrow(() -> new IllegalArgumentException("component '" + component + "' has no latency workload"));
        LatencyConfig config = new LatencyConfig(rate, warmup, seconds, Arrivals.fromId(arrivals), seed,
                ThreadModel.ofThreads(threads), modeSet(), Sender.fromId(sender));
        String rung = Objects.requireNonNull(rungOption.one(), "--rung");
        String rungId = NULL_RUNG.equals(rung) ? NULL_RUNG : Registry.builtIn().byName(component).ladder().resolve(rung).id();
        LatencyWorkload.Run prepared = NULL_RUNG.equals(rung) ? NoOp.INSTANCE : workload.prepare(rungId, seed, prefill);
        // Start from a clean heap: the prefill's garbage is not the run's.
        System.gc();
        long[] gcBefore = gcCountAndMillis();
        LatencyResult measured = measure(config, prepared);
        long[] gcAfter = gcCountAndMillis();
        prepared.checkConservation();
        ObjectNode json = toJson(rungId, measured, prepared);
        json.put("gc_pauses", gcAfter[0] - gcBefore[0]);
        json.put("gc_time_ms", gcAfter[1] - gcBefore[1]);
        RoleProtocol.printSummary(new PrintWriter(System.out, true, StandardCharsets.UTF_8), json.put("role", "latency"));
        return 0;
    }

    /** {@code --rung null}: nothing per operation, nothing to check, no facts. */
    private enum NoOp implements LatencyWorkload.Run {
        INSTANCE;

        @Override
        public LatencyTask task() {
            return sequence -> { };
        }

        @Override
        public void checkConservation() {
        }

        @Override
        public Map<String, Long> facts() {
            return Map.of();
        }
    }

    private Set<TimingMode> modeSet() {
        Set<TimingMode> set = EnumSet.noneOf(TimingMode.class);
        for (String mode : modes) {
            set.add(TimingMode.fromId(mode));
        }
        return set;
    }

    private LatencyResult measure(LatencyConfig config, LatencyWorkload.Run prepared)
            throws IOException, InterruptedException {
        LatencyHarness.Progress progress = warmup + seconds > PROGRESS_AFTER_SECONDS ? LatencyChild::progress : null;
        if (hlog == null) {
            return LatencyHarness.run(config, prepared.task(), progress, null);
        }
        try (PrintStream log = new PrintStream(Files.newOutputStream(hlog), false, StandardCharsets.UTF_8)) {
            LatencyResult result = LatencyHarness.run(config, prepared.task(), progress,
                    new org.HdrHistogram.HistogramLogWriter(log));
            // a PrintStream keeps its write errors to itself: ask, or a full disk leaves a cut log and exit 0
            if (log.checkError()) {
                throw new HlogNotWritten(dev.perflab.base.OutputFile.diskFull(hlog) ? "no space left on device" : "a write failed");
            }
            return result;
        }
    }

    /**
     * One line a second, on stdout: the parent passes it through. The figures are this second's alone (the
     * line once showed the p99 of everything so far, which made one early stall look like a stall every
     * second), beside the hiccup meter's worst wake-up in the same second.
     */
    private static void progress(LatencyHarness.Second s) {
        String line = s.warmingUp() || s.commands() == 0
                ? String.format(Locale.ROOT, "  [%5.1f s] warming up · hiccup max %,.1f µs", s.elapsedSeconds(),
                        s.hiccupMaxMicros())
                : String.format(Locale.ROOT, "  [%5.1f s] %,10d operations recorded · this second p99 %,.1f µs,"
                                + " max %,.1f µs · hiccup max %,.1f µs", s.elapsedSeconds(), s.commands(),
                        s.p99Micros(), s.maxMicros(), s.hiccupMaxMicros());
        System.out.println(line);
        System.out.flush();
    }

    private ObjectNode toJson(String rungId, LatencyResult r, LatencyWorkload.Run prepared) {
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("target_rate_per_s", rate);
        putFinite(json, "achieved_rate_per_s", r.achievedRatePerSecond());
        Machine.describe(json);
        json.put("gc", gc);
        json.put("gc_collectors", collectorNames());
        json.put("heap", heap);
        json.put("young", young);
        ArrayNode jvmArgs = json.putArray("jvm_args");
        ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(jvmArgs::add);
        json.put("rung", rungId);
        json.put("prefill", prefill);
        json.put("threads", threads);
        json.put("sender", r.config().sender().id());
        json.put("arrivals", arrivals);
        json.put("seconds", seconds);
        json.put("warmup_s", warmup);
        json.put("recorded", r.recorded());
        json.put("late_starts", r.lateStarts());
        json.put("max_lateness_us", r.maxLatenessNanos() / 1e3);
        json.put("not_run", r.notRun());
        json.put("sender_late", r.senderLate());
        prepared.facts().forEach(json::put);
        ObjectNode hiccups = json.putObject("hiccups");
        for (double p : HICCUP_PERCENTILES) {
            hiccups.put(percentileKey(p), r.hiccupMicros(p));
        }
        hiccups.put("max_us", r.hiccups().getMaxValue() / 1e3);
        hiccups.put("count", r.hiccups().getTotalCount());
        ObjectNode modesJson = json.putObject("modes");
        for (TimingMode mode : TimingMode.values()) {
            if (r.histograms().containsKey(mode)) {
                modesJson.set(mode.id(), modeJson(r, mode));
            }
        }
        return json;
    }

    private ObjectNode modeJson(LatencyResult r, TimingMode mode) {
        ObjectNode node = new ObjectMapper().createObjectNode();
        node.put("count", r.histograms().get(mode).getTotalCount());
        for (double p : PERCENTILES) {
            node.put(percentileKey(p), r.percentileMicros(mode, p));
        }
        for (double p : extraPercentiles) {
            node.put(percentileKey(p), r.percentileMicros(mode, p));
        }
        node.put("max_us", r.maxMicros(mode));
        node.put("mean_us", r.histograms().get(mode).getMean() / 1e3);
        return node;
    }

    /** {@code p99_9_us} for 99.9, {@code p50_us} for 50: the result file's name for a percentile. */
    static String percentileKey(double percentile) {
        String text = String.format(Locale.ROOT, "%s", percentile);
        if (text.endsWith(".0")) {
            text = text.substring(0, text.length() - 2);
        }
        return "p" + text.replace('.', '_') + "_us";
    }

    private static String collectorNames() {
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.add(bean.getName());
        }
        return String.join(", ", names);
    }

    /** Collections and milliseconds spent in them so far, over every collector (warm-up included). */
    private static long[] gcCountAndMillis() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
            millis += Math.max(0, bean.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    private static void putFinite(ObjectNode json, String field, double value) {
        if (Double.isFinite(value)) {
            json.put(field, value);
        } else {
            json.putNull(field);
        }
    }
}
