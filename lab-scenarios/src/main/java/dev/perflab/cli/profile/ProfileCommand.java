package dev.perflab.cli.profile;

import dev.perflab.cli.JmhProcess;
import dev.perflab.cli.LabException;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Ladder;
import dev.perflab.orderbook.OrderBookLadder;
import dev.perflab.ladder.UnknownEntryException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab profile COMPONENT}: flame graphs of rungs under JMH with async-profiler ({@code -prof async}).
 *
 * <p>One JMH invocation per rung, each with one fork and its own output folder: JMH 1.37 writes every
 * fork's profile to the same file names, so a second fork would overwrite the first. The agent comes from
 * the async-profiler Maven artifact ({@link AsyncProfilerLibrary}); the engine that sampled is read from
 * the run's log ({@link SamplingEngine}) and written to {@code DIR/engine.txt}.
 */
@Command(name = "profile", description = {"Flame graphs of rungs under JMH with async-profiler.",
        "Writes DIR/<rung>/…/flame-<event>-forward.html per rung, DIR/engine.txt, and with --diff two differential graphs."})
public final class ProfileCommand implements Callable<Integer> {
    static final List<String> EVENTS = List.of("cpu", "alloc", "lock", "wall");
    static final List<String> JMH_OPTIONS = List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "Component to profile, e.g. orderbook.")
    String component;

    @Option(names = "--rung", split = ",", paramLabel = "ID", description = "Rungs or peers to profile (default naive,tuned).")
    List<String> rungs = List.of("naive", "tuned");

    @Option(names = "--benchmark", paramLabel = "REGEX", defaultValue = "OrderBookCancelBenchmark.cancelLast",
            description = "JMH benchmark to run (default ${DEFAULT-VALUE}).")
    String benchmark;

    @Option(names = "--param", paramLabel = "NAME=V", description = "JMH @Param values (default depth=1000).")
    Map<String, String> params = new LinkedHashMap<>(Map.of("depth", "1000"));

    @Option(names = "--event", defaultValue = "cpu", description = "cpu, alloc, lock or wall (default ${DEFAULT-VALUE}).")
    String event;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default results/profile/<component>).")
    Path out;

    @Option(names = "--diff", arity = "2", paramLabel = "ID", description = "Also write a differential flame graph of these two rungs.")
    List<String> diff;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Ladder<?> ladder = ladder(component);
        if (!EVENTS.contains(event)) {
            throw new LabException("--event '" + event + "' is not one of " + String.join(", ", EVENTS));
        }
        List<String> ids = Stream.concat(rungs.stream(), diff == null ? Stream.empty() : diff.stream())
                .map(name -> ladder.resolve(name)).map(Entry::id).distinct().collect(Collectors.toList());
        Path dir = out != null ? out : Path.of("results", "profile", component);
        Files.createDirectories(dir);
        Path home = Path.of(System.getProperty("perflab.home", "."));
        Path library = AsyncProfilerLibrary.extract(home.resolve("target").resolve("async-profiler"));
        PrintWriter console = spec.commandLine().getOut();
        console.printf("profiling %s, event %s, rungs %s; async-profiler %s at %s%n", benchmark, event,
                String.join(", ", ids), AsyncProfilerLibrary.VERSION, library);
        List<String> logLines = new ArrayList<>();
        Map<String, Path> flames = new LinkedHashMap<>();
        for (String id : ids) {
            Path rungDir = dir.resolve(id);
            Path log = profile(id, library, rungDir, console);
            logLines.addAll(Files.readAllLines(log, StandardCharsets.UTF_8));
            Path flame = find(rungDir, "flame-" + event + "-forward.html").orElseThrow(() -> new LabException(
                    "async-profiler wrote no flame graph for " + id + "; see " + log, 1));
            flames.put(id, flame);
            console.println("  " + id + ": " + flame);
        }
        String engine = SamplingEngine.fromLog(event, logLines, SamplingEngine.perfEventParanoid());
        console.println("engine: " + engine);
        writeEngineFile(dir, engine, flames);
        if (diff != null) {
            writeDiff(dir, ladder.resolve(diff.get(0)).id(), ladder.resolve(diff.get(1)).id(), console);
        }
        console.flush();
        return 0;
    }

    private static Ladder<?> ladder(String component) {
        if (!component.equals(OrderBookLadder.COMPONENT)) {
            throw new UnknownEntryException("unknown component '" + component + "'; known: " + OrderBookLadder.COMPONENT);
        }
        return OrderBookLadder.LADDER;
    }

    /** Runs JMH for one rung with the profiler attached; returns its log. */
    private Path profile(String id, Path library, Path rungDir, PrintWriter console) throws IOException, InterruptedException {
        Files.createDirectories(rungDir);
        Path log = rungDir.resolve("jmh.log");
        List<String> args = new ArrayList<>(List.of(benchmark));
        args.addAll(JMH_OPTIONS);
        args.addAll(List.of("-p", "rung=" + id));
        params.forEach((name, values) -> args.addAll(List.of("-p", name + "=" + values)));
        String output = diff != null && isDiffRung(id) ? "flamegraph,jfr" : "flamegraph";
        args.addAll(List.of("-prof", "async:libPath=" + library + ";output=" + output + ";event=" + event
                + ";dir=" + rungDir.toAbsolutePath()));
        int exit = JmhProcess.run("profile " + id, 1, args, log, console);
        if (exit != 0) {
            throw new LabException("JMH failed while profiling " + id + " (exit " + exit + "); see " + log, 1);
        }
        return log;
    }

    private boolean isDiffRung(String id) {
        return diff.stream().anyMatch(name -> OrderBookLadder.LADDER.resolve(name).id().equals(id));
    }

    private void writeDiff(Path dir, String a, String b, PrintWriter console) throws IOException {
        Path jfrA = find(dir.resolve(a), "jfr-" + event + ".jfr").orElseThrow(() -> new LabException("no JFR recording for " + a, 1));
        Path jfrB = find(dir.resolve(b), "jfr-" + event + ".jfr").orElseThrow(() -> new LabException("no JFR recording for " + b, 1));
        for (Path graph : DifferentialFlameGraph.write(jfrA, a, jfrB, b, event, dir)) {
            console.println("  diff: " + graph);
        }
    }

    private void writeEngineFile(Path dir, String engine, Map<String, Path> flames) throws IOException {
        StringBuilder text = new StringBuilder();
        text.append("event: ").append(event).append('\n').append("engine: ").append(engine).append('\n')
                .append("jdk: ").append(System.getProperty("java.runtime.version")).append('\n')
                .append("benchmark: ").append(benchmark).append(' ').append(params).append('\n');
        flames.forEach((id, file) -> text.append("flamegraph ").append(id).append(": ").append(file).append('\n'));
        Files.writeString(dir.resolve("engine.txt"), text.toString(), StandardCharsets.UTF_8);
    }

    private static Optional<Path> find(Path dir, String fileName) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().equals(fileName)).findFirst();
        }
    }
}
