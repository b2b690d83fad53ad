package dev.perflab.cli.latency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perflab.base.InputFile;
import dev.perflab.base.Inputs;
import dev.perflab.base.LabException;
import dev.perflab.base.Machine;
import dev.perflab.base.MemorySize;
import dev.perflab.base.OutputFile;
import dev.perflab.cli.component.Component;
import dev.perflab.cli.component.HistoryOption;
import dev.perflab.cli.component.Registry;
import dev.perflab.cli.component.RungOption;
import dev.perflab.history.HistoryRecorder;
import dev.perflab.history.HistoryStore;
import dev.perflab.history.HistoryTarget;
import dev.perflab.ladder.UnknownEntryException;
import dev.perflab.latency.Arrivals;
import dev.perflab.latency.JfrFacts;
import dev.perflab.latency.LatencyConfig;
import dev.perflab.latency.Sender;
import dev.perflab.latency.ThreadModel;
import dev.perflab.latency.TimingMode;
import dev.perflab.results.ResultsLayout;
import dev.perflab.results.RunFolder;
import dev.perflab.scenario.JmhRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab latency orderbook}: drives one rung at a fixed rate in a fresh child JVM and prints its
 * latency three ways: service time (the call alone), batch (from the start of each second) and intended
 * (from each command's own scheduled start, which is what a client waits). The gap between service and
 * intended under load is coordinated omission, the lesson of report 004.
 *
 * <p>Every option is checked here, before any child starts: bad input is one line and exit 2. Then one
 * child per run ({@link LatencyChildLauncher}); {@code --gc-matrix} runs one per collector configuration and
 * {@code --find-max} one per trial rate.
 */
@Command(name = "latency", mixinStandardHelpOptions = true, description = {
        "Measure a rung's latency at a fixed rate, in a fresh JVM per run (coordinated-omission aware).",
        "Prints p50…max per timing mode: service (the call alone), batch (from the start of its second),",
        "intended (from the command's own scheduled start: the honest one).",
        "--rung null drives a no-op operation through the same harness: the floor of harness and platform."})
public final class LatencyCommand implements Callable<Integer>, Registry.User {
    static final double DEFAULT_RATE = 10_000;
    static final double DEFAULT_SECONDS = 10;
    static final double DEFAULT_WARMUP = 2;
    static final double FIND_MAX_SECONDS = 3;
    static final double FIND_MAX_WARMUP = 1;
    /** The highest rate the harness can schedule (see {@link LatencyConfig#MIN_PERIOD_NANOS}). */
    static final double MAX_RATE = 1e9 / LatencyConfig.MIN_PERIOD_NANOS;

    @Spec
    CommandSpec spec;

    private Registry registry = Registry.builtIn();

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "What to drive: a component with a latency workload, e.g. orderbook.")
    String component;

    @Override
    public void use(Registry registry) {
        this.registry = registry;
    }

    /** {@code --rung null}: a no-op operation through the same harness, the harness-and-platform floor. */
    static final String NULL_RUNG = LatencyChild.NULL_RUNG;

    @Mixin
    RungOption rung = RungOption.defaultingTo("tuned");

    @Option(names = "--rate", paramLabel = "OPS",
            description = "Target commands/s; required, except with --find-max (its starting rate, default 10000).")
    Double rate;

    @Option(names = "--seconds", paramLabel = "S", description = "Recorded seconds (default 10; 3 with --find-max).")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "S", description = "Warm-up seconds, run but not recorded (default 2; 1 with --find-max).")
    Double warmup;

    @Option(names = "--mode", paramLabel = "MODE", description = "service, batch, intended or all (default all; --gc-matrix and --find-max use intended).")
    String mode;

    /**
     * Heap one prefilled resting order may take in the child, for the pre-check: the order object, its place
     * in the rung's index and price level, and the event log's share (an upper estimate over the rungs).
     */
    private static final int HEAP_BYTES_PER_PREFILLED_ORDER = 200;
    /** Share of the child heap the prefilled book may take, leaving room for the run itself. */
    private static final double PREFILL_HEAP_SHARE = 0.5;

    @Option(names = "--prefill", paramLabel = "N", defaultValue = "1000",
            description = "Resting orders before the run; the book stays about this deep (default ${DEFAULT-VALUE}).")
    int prefill;

    @Option(names = "--arrivals", paramLabel = "KIND", defaultValue = "uniform",
            description = "uniform or poisson spacing of intended starts (default ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(names = "--threads", paramLabel = "1|2", defaultValue = "1",
            description = "1: one thread waits and runs; 2: a sender thread queues to the book's thread (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--sender", paramLabel = "spin|sleep",
            description = "How the thread holding the schedule waits: spin (park, then spin the last 0.5 ms: on time"
                    + " to ~1 µs, one busy core) or sleep (park until each release: a free core, tens of µs late)."
                    + " Default: spin, except sleep with --threads 2 on fewer than "
                    + Sender.MIN_CORES_TO_SPIN_WITH_TWO_THREADS + " cores (two spinning threads would starve the JIT"
                    + " and the GC). The run prints which it used.")
    String sender;

    @Option(names = "--jvm-arg", paramLabel = "ARG",
            description = "A flag for the child JVM, after the lab's own (repeatable), e.g. --jvm-arg=-XX:+AlwaysPreTouch.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--jfr", paramLabel = "FILE",
            description = "Record the child with JFR (settings=" + ChildRun.JFR_SETTINGS + ") into FILE, then print"
                    + " the deoptimizations, safepoints and GC pauses of the recorded phase.")
    Path jfr;

    @Option(names = "--gc", paramLabel = "GC", description = "g1, parallel, serial or zgc (default g1).")
    String gc;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g", description = "-Xms and -Xmx of the child (default ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--young", paramLabel = "SIZE", description = "-Xmn of the child (default: the collector's choice).")
    String young;

    @Option(names = "--hlog", paramLabel = "FILE", description = "Write HdrHistogram interval logs, one per second per mode (tagged), and the hiccup meter's (tag hiccup).")
    Path hlog;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result as JSON.")
    Path json;

    @Option(names = "--jmh-json", paramLabel = "FILE",
            description = "Also write the result as JMH-shaped rows (one per timing mode) that ./lab report, gate and compare read.")
    Path jmhJson;

    @Mixin
    HistoryOption history = new HistoryOption();

    @Option(names = "--gc-matrix", description = "Run G1, Parallel, Serial (each with default young and young = ¾ heap) and ZGC; one table.")
    boolean gcMatrix;

    @Option(names = "--find-max", description = "Search for the highest rate that meets --slo (intended mode).")
    boolean findMax;

    @Option(names = "--slo", paramLabel = "pP=T", description = "Objective for --find-max, e.g. p99.9=1ms (the default); units ns, us, µs, ms, s.")
    String slo;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ChildRun run = validated();
        HistoryTarget historyTarget = history.target();
        HistoryStore.checkBeforeRun(historyTarget); // a history that cannot be made: refused now, not after the run
        RunFolder.open("crash log folder", run.crashLogDir());
        PrintWriter out = spec.commandLine().getOut();
        if (gcMatrix) {
            return GcMatrix.run(run, out, json);
        }
        if (findMax) {
            return FindMax.run(run, sloOrDefault(), out, json);
        }
        return single(run, historyTarget, out);
    }

    /** The suite a latency run's rows belong to, in the results history. */
    static final String HISTORY_SUITE = "latency";

    private int single(ChildRun run, HistoryTarget historyTarget, PrintWriter out) throws IOException, InterruptedException {
        out.println(header(run));
        out.println(plan(run));
        out.flush();
        // the child writes its interval log and recording under temporary names, renamed over --hlog and --jfr only
        // when the run ends whole: a failed run, a Ctrl-C or a full disk leaves the previous files as they were
        OutputFile.Staged hlogFile = run.hlog() == null ? null : OutputFile.check("--hlog", run.hlog()).stage();
        OutputFile.Staged jfrFile = run.jfr() == null ? null : OutputFile.check("--jfr", run.jfr()).stage();
        JsonNode result;
        JfrFacts recording;
        try {
            result = LatencyChildLauncher.run(run.withFiles(hlogFile == null ? null : hlogFile.file(),
                    jfrFile == null ? null : jfrFile.file()), out);
            out.println();
            ResultText.print(result, out); // before the recording is read: a broken recording does not hide the run
            out.flush();
            recording = jfrFile == null ? null : recording(jfrFile);
        } catch (IOException | InterruptedException | RuntimeException e) {
            discard(hlogFile);
            discard(jfrFile);
            throw e;
        }
        if (jfrFile != null) {
            jfrFile.commit();
        }
        if (hlogFile != null) {
            hlogFile.commit();
        }
        if (recording != null) {
            out.println("recording: " + run.jfr());
            out.println(recording.summary());
        }
        writeJson(result, json, out);
        JmhRows rows = LatencyRows.of(run.component(), result);
        if (jmhJson != null) {
            // the rows and their machine file, both or neither: a failed second write puts the first back
            RunFolder folder = RunFolder.of("--jmh-json", jmhJson.toAbsolutePath().getParent());
            folder.whole(() -> folder.saveRows(jmhJson.getFileName().toString(), rows.json(), Machine.header(), null));
            out.println("saved: " + jmhJson);
            out.flush();
        }
        HistoryRecorder.record(historyTarget, () -> HistoryRecorder.run("latency", run.component(), null, header(run), rows.json(),
                benchmark -> HISTORY_SUITE, jmhJson != null ? jmhJson : json, run.jvmFlags()), out);
        return 0;
    }

    /** The staged recording, read back: a recording the JVM could not finish (a full disk) is refused, not kept. */
    private static JfrFacts recording(OutputFile.Staged jfrFile) {
        try {
            return JfrFacts.read(jfrFile.file());
        } catch (IOException e) {
            throw new LabException("--jfr " + jfrFile.target() + ": the child JVM's recording is not whole ("
                    + (OutputFile.diskFull(jfrFile.file()) ? "no space left on device: " : "") + InputFile.reason(e)
                    + "); the previous file, if any, is unchanged");
        }
    }

    private static void discard(OutputFile.Staged staged) {
        if (staged != null) {
            staged.discard();
        }
    }

    static String header(ChildRun run) {
        return "latency " + run.component() + " · " + Machine.header() + " · GC " + run.gc().title() + " · heap "
                + run.heap().text() + (run.young() != null ? " · young " + run.young().text() : "");
    }

    static String plan(ChildRun run) {
        String prefill = NULL_RUNG.equals(run.rung()) ? "no-op, no prefill"
                : String.format(Locale.ROOT, "prefill %,d orders", run.prefill());
        return String.format(Locale.ROOT, "%s · %s · target %,.0f commands/s (%s) · %d thread%s · "
                        + "sender %s · %s s recorded after %s s warm-up", run.rung(), prefill, run.rate(),
                run.arrivals().id(), run.threads(), run.threads() == 1 ? "" : "s", run.sender().id(),
                trim(run.seconds()), trim(run.warmup()));
    }

    static void writeJson(JsonNode node, Path file, PrintWriter out) throws IOException {
        if (file != null) {
            OutputFile.check("--json", file).writeString(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(node));
            out.println("saved: " + file);
            out.flush();
        }
    }

    /** Checks every option and builds the run they describe; throws a one-line {@link LabException}. */
    ChildRun validated() {
        Component target = component();
        if (gcMatrix && findMax) {
            throw new LabException("--gc-matrix and --find-max are separate experiments; choose one");
        }
        String rungId = resolveRung(target);
        double runRate = checkedRate();
        double runSeconds = positive("--seconds", seconds != null ? seconds : findMax ? FIND_MAX_SECONDS : DEFAULT_SECONDS);
        double runWarmup = warmup != null ? warmup : findMax ? FIND_MAX_WARMUP : DEFAULT_WARMUP;
        if (!(runWarmup >= 0) || Double.isInfinite(runWarmup)) {
            throw new LabException("--warmup must be ≥ 0 seconds, was " + runWarmup);
        }
        atMostADay("--warmup", runWarmup);
        if (prefill < 1) {
            throw new LabException("--prefill must be ≥ 1 order, was " + prefill);
        }
        ThreadModel threadModel = checked("--threads", () -> ThreadModel.ofThreads(threads));
        Sender senderChoice = sender == null ? Sender.defaultFor(threadModel, Machine.cores())
                : checked("--sender", () -> Sender.fromId(sender));
        for (String arg : jvmArgs) {
            if (!arg.startsWith("-")) {
                throw new LabException("--jvm-arg takes one JVM flag starting with '-', was '" + arg
                        + "' (write --jvm-arg=-XX:… so the flag is not read as a lab option)");
            }
        }
        if (jfr != null && (gcMatrix || findMax)) {
            throw new LabException("--jfr records one run; it does not go with --gc-matrix or --find-max");
        }
        if (jfr != null) {
            Path folder = jfr.toAbsolutePath().getParent();
            if (folder == null || !java.nio.file.Files.isDirectory(folder)) {
                throw new LabException("--jfr " + jfr + ": folder " + folder + " does not exist");
            }
        }
        Arrivals arrivalKind = checked("--arrivals", () -> Arrivals.fromId(arrivals));
        Set<TimingMode> modes = modes();
        GcChoice collector = collector();
        MemorySize heapSize = MemorySize.parse("--heap", heap);
        MemorySize youngSize = youngSize(collector, heapSize);
        checkHeapFits(heapSize);
        checkExperimentOptions();
        checkOutputs();
        List<Double> percentiles = findMax ? List.of(sloOrDefault().percentile()) : List.of();
        checked("--rate", () -> new LatencyConfig(runRate, runWarmup, runSeconds, arrivalKind, ChildRun.SEED,
                threadModel, modes, senderChoice));
        return new ChildRun(target.name(), rungId, runRate, runSeconds, runWarmup, modes, prefill, arrivalKind, threadModel.threads(),
                collector, heapSize, youngSize, percentiles, hlog == null ? null : hlog.toAbsolutePath(), senderChoice,
                List.copyOf(jvmArgs), jfr == null ? null : jfr.toAbsolutePath(), crashLogDir(target));
    }

    /**
     * Every output file before any work: none is the results history this run is recorded in, and no two are one
     * file (nor the machine header written beside {@code --jmh-json}).
     */
    private void checkOutputs() {
        Inputs inputs = Inputs.of(history.target().file());
        java.util.Map<String, Path> outputs = new java.util.LinkedHashMap<>();
        outputs.put("--json", json);
        outputs.put("--hlog", hlog);
        outputs.put("--jmh-json", jmhJson);
        outputs.put("--jfr", jfr);
        if (jmhJson != null) {
            Inputs.machineFiles(jmhJson).forEach(m -> outputs.putIfAbsent("the machine header of --jmh-json (" + m + ")", m));
        }
        java.util.List<java.util.Map.Entry<String, Path>> given = outputs.entrySet().stream().filter(e -> e.getValue() != null).toList();
        for (int i = 0; i < given.size() && given.get(i).getKey().startsWith("--"); i++) {
            OutputFile output = OutputFile.check(given.get(i).getKey(), given.get(i).getValue(), inputs);
            for (int j = 0; j < given.size(); j++) {
                if (j != i) {
                    output.notSameAs(given.get(j).getKey(), given.get(j).getValue());
                }
            }
        }
    }

    /**
     * Where a crashed child JVM's log goes: the folder of the run's first output file (--json, --jmh-json,
     * --hlog, --jfr), else the component's results folder, {@code results/COMPONENT}; never the working directory.
     */
    private Path crashLogDir(Component target) {
        return java.util.stream.Stream.of(json, jmhJson, hlog, jfr).filter(java.util.Objects::nonNull).findFirst()
                .map(f -> f.toAbsolutePath().getParent())
                .orElse(ResultsLayout.DEFAULT.component(target.name()).toAbsolutePath());
    }

    /**
     * A child heap the machine cannot give fails in the JVM with a crash banner and an hs_err file; a prefill
     * the heap cannot hold fails with OutOfMemoryError after the JVM started. Both are refused here instead.
     */
    private void checkHeapFits(MemorySize heapSize) {
        long physical = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize();
        if (physical > 0 && heapSize.bytes() > physical) {
            throw new LabException("--heap " + heap + " is more than this machine's memory (" + InputFile.size(physical) + ")");
        }
        double needed = (double) prefill * HEAP_BYTES_PER_PREFILLED_ORDER;
        if (needed > heapSize.bytes() * PREFILL_HEAP_SHARE) {
            throw new LabException(String.format(Locale.ROOT, "--prefill %,d needs about %s of heap; --heap %s is too small "
                    + "(raise --heap or lower --prefill)", prefill, InputFile.size((long) needed), heap));
        }
    }

    /** The component, if it has a latency workload; the child looks the same name up in its own registry. */
    private Component component() {
        Component target;
        try {
            target = registry.byName(component);
        } catch (UnknownEntryException e) {
            throw new LabException(e.getMessage());
        }
        if (target.latency().isEmpty()) {
            throw new LabException("component '" + component + "' has no latency workload; latency runs know: "
                    + registry.all().stream().filter(c -> c.latency().isPresent()).map(Component::name)
                            .collect(java.util.stream.Collectors.joining(", ")));
        }
        return target;
    }

    private String resolveRung(Component target) {
        if (NULL_RUNG.equals(rung.one())) {
            return NULL_RUNG;
        }
        try {
            return target.ladder().resolve(rung.one()).id();
        } catch (UnknownEntryException e) {
            throw new LabException(e.getMessage());
        }
    }

    private double checkedRate() {
        if (rate == null && !findMax) {
            throw new LabException("--rate OPS is required (commands/s), e.g. --rate 10000");
        }
        double value = rate != null ? rate : DEFAULT_RATE;
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new LabException("--rate must be a positive number of commands/s, was " + value);
        }
        return value;
    }

    private static double positive(String option, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new LabException(option + " must be > 0, was " + value);
        }
        return atMostADay(option, value);
    }

    /**
     * The longest phase a latency run takes: a day. Beyond it a count of commands no longer fits a long (1e308 s
     * once printed "not run: -9,223,372,036,854,773,809"), and no run that long is meant.
     */
    static final double MAX_SECONDS = 86_400;

    private static double atMostADay(String option, double seconds) {
        if (seconds > MAX_SECONDS) {
            throw new LabException(String.format(Locale.ROOT, "%s must be at most %,.0f s (a day), was %s s", option, MAX_SECONDS,
                    seconds < 1e15 ? String.format(Locale.ROOT, "%,.0f", seconds) : Double.toString(seconds)));
        }
        return seconds;
    }

    private Set<TimingMode> modes() {
        if (gcMatrix || findMax) {
            if (mode != null && !mode.equals(TimingMode.INTENDED.id())) {
                throw new LabException((gcMatrix ? "--gc-matrix" : "--find-max") + " measures intended latency only; drop --mode " + mode);
            }
            return EnumSet.of(TimingMode.INTENDED);
        }
        if (mode == null || mode.equals("all")) {
            return EnumSet.allOf(TimingMode.class);
        }
        return EnumSet.of(checked("--mode", () -> TimingMode.fromId(mode)));
    }

    /**
     * The collector: {@code --gc}, or one chosen through {@code --jvm-arg=-XX:+Use…GC}, which then replaces the
     * default (the flag leaves {@link #jvmArgs}: the child gets the collector's flag once). Two collectors (a
     * {@code --gc} and a different {@code --jvm-arg} one, or two {@code --jvm-arg} ones) are refused in one line
     * rather than left to the child JVM ("Multiple garbage collectors selected").
     */
    private GcChoice collector() {
        List<String> gcFlags = jvmArgs.stream().filter(a -> a.matches("-XX:\\+Use\\w+GC")).collect(java.util.stream.Collectors.toList());
        if (gcMatrix && gc != null) {
            throw new LabException("--gc-matrix runs every collector; drop --gc " + gc);
        }
        if (gcFlags.isEmpty()) {
            return gc == null ? GcChoice.G1 : GcChoice.parse(gc);
        }
        if (gcMatrix) {
            throw new LabException("--gc-matrix runs every collector; drop --jvm-arg=" + gcFlags.get(0));
        }
        if (gcFlags.stream().distinct().count() > 1) {
            throw new LabException("--jvm-arg=" + gcFlags.get(0) + " and --jvm-arg=" + gcFlags.get(1) + " choose two collectors; give one");
        }
        GcChoice chosen = java.util.Arrays.stream(GcChoice.values()).filter(c -> c.flag().equals(gcFlags.get(0))).findFirst()
                .orElseThrow(() -> new LabException("--jvm-arg=" + gcFlags.get(0) + ": the latency lab runs g1, parallel, serial or zgc;"
                        + " choose one with --gc"));
        if (gc != null && GcChoice.parse(gc) != chosen) {
            throw new LabException("--gc " + gc + " and --jvm-arg=" + gcFlags.get(0) + " choose two collectors; give one");
        }
        jvmArgs.removeAll(gcFlags);
        return chosen;
    }

    private MemorySize youngSize(GcChoice collector, MemorySize heapSize) {
        if (young == null) {
            return null;
        }
        if (gcMatrix) {
            throw new LabException("--gc-matrix chooses the young sizes itself (default and ¾ of the heap); drop --young");
        }
        if (!collector.hasYoungGeneration()) {
            throw new LabException("--young: ZGC on JDK 17 has a single generation, so it has no young size to fix");
        }
        MemorySize size = MemorySize.parse("--young", young);
        if (size.bytes() >= heapSize.bytes()) {
            throw new LabException("--young " + young + " must be smaller than --heap " + heap);
        }
        return size;
    }

    private void checkExperimentOptions() {
        if (slo != null && !findMax) {
            throw new LabException("--slo is the objective of --find-max; add --find-max or drop --slo");
        }
        if (findMax) {
            sloOrDefault();
        }
        if (jmhJson != null && (gcMatrix || findMax)) {
            throw new LabException("--jmh-json records one run; it does not go with --gc-matrix or --find-max");
        }
        if (hlog != null && (gcMatrix || findMax)) {
            throw new LabException("--hlog records one run; it does not go with --gc-matrix or --find-max");
        }
    }

    private Slo sloOrDefault() {
        return Slo.parse(slo != null ? slo : Slo.EXAMPLE);
    }

    private static <T> T checked(String option, java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new LabException(option + ": " + e.getMessage());
        }
    }

    static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
