package dev.perflab.cli.sha;

import dev.perflab.base.EndpointArg;
import dev.perflab.base.LabException;
import dev.perflab.base.OutputFile;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import dev.perflab.scenario.RoleProtocol;
import dev.perflab.sha.Collector;
import dev.perflab.sha.Roles;
import dev.perflab.sha.Sha256;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab sha collector}: counts, samples and verifies an executor's results. */
@Command(name = "collector", mixinStandardHelpOptions = true, description = {"Accept one executor, count its results, keep a sample and verify it.",
        "Start it first. Prints 'listening on HOST:PORT', 'flowing' when the first results arrive,",
        "a result line and a 'summary {json}' line. The three roles must run the same --rung."})
final class CollectorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoleOptions role;

    @Option(names = "--bind", paramLabel = "HOST:PORT|unix:PATH", defaultValue = "127.0.0.1:7302", converter = EndpointArg.class,
            description = "Where the executor connects (port 0 = any free port; unix:PATH = a Unix domain socket file, roles on one host). Default: ${DEFAULT-VALUE}.")
    Endpoint bind;

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "2",
            description = "Results in the first S seconds are counted but left out of tasks/s. Default: ${DEFAULT-VALUE}.")
    double warmupSeconds;

    @Option(names = "--measure-seconds", paramLabel = "S", defaultValue = "0",
            description = "How long the generator sends after the warm-up: tasks/s counts the results of that window only, "
                    + "not the executor's drain after the generator stops. 0: until the last result. Default: ${DEFAULT-VALUE}.")
    double measureSeconds;

    @Option(names = "--sample-out", paramLabel = "FILE", description = "Write the sample as lines '<payloadHex> <digestHex>'.")
    Path sampleOut;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
            throw new LabException("--warmup-seconds must be ≥ 0, was " + warmupSeconds);
        }
        if (!(measureSeconds >= 0) || Double.isInfinite(measureSeconds)) {
            throw new LabException("--measure-seconds must be ≥ 0, was " + measureSeconds);
        }
        OutputFile sample = sampleOut != null ? OutputFile.check("--sample-out", sampleOut) : null;
        Collector.Report report;
        try (Listener listener = Roles.listen(bind)) {
            RoleProtocol.printListening(out, listener.endpoint().toString());
            out.flush();
            report = new Collector(role.entry().factory(), listener, warmupSeconds, measureSeconds, line -> {
                err.println(line);
                err.flush();
            }).onFirstResults(() -> RoleProtocol.printFlowing(out)).run();
        } catch (IOException e) {
            throw new LabException("collector: cannot listen on " + bind + ": " + e.getMessage());
        }
        out.printf("collector %s: %,d results (executor declared %,d), %,.0f tasks/s over %.2f s, %d sampled, %d failed verification%n",
                role.entry().id(), report.collected(), report.executorTotal(), report.tasksPerSecond(),
                report.windowSeconds(), report.samples().size(), report.sampleErrors());
        RoleProtocol.printSummary(out, RoleProtocol.summary("collector").put("rung", role.entry().id())
                .put("collected", report.collected()).put("executor_total", report.executorTotal())
                .put("tasks_per_s", report.tasksPerSecond()).put("window_s", report.windowSeconds())
                .put("sampled", report.samples().size()).put("sample_errors", report.sampleErrors())
                .put("error", report.error()));
        out.flush();
        if (sample != null) {
            sample.writeText(w -> {
                for (Collector.Sample s : report.samples()) {
                    w.write(Sha256.hex(s.payload(), 0, s.payload().length) + " " + Sha256.hex(s.digest(), 0, s.digest().length) + "\n");
                }
            });
        }
        return RoleOptions.exitCode(report.error());
    }
}
