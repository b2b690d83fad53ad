package dev.perflab.cli.sha;

import dev.perflab.base.EndpointArg;
import dev.perflab.base.LabException;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import dev.perflab.scenario.RoleProtocol;
import dev.perflab.sha.Executor;
import dev.perflab.sha.Roles;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab sha executor}: digests one generator's tasks and sends results to a collector. */
@Command(name = "executor", mixinStandardHelpOptions = true, description = {"Accept one generator, digest its tasks, send the results to a collector.",
        "Start the collector first. Prints 'listening on HOST:PORT', a result line and a 'summary {json}' line.",
        "The three roles must run the same --rung."})
final class ExecutorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoleOptions role;

    @Option(names = "--bind", paramLabel = "HOST:PORT|unix:PATH", defaultValue = "127.0.0.1:7301", converter = EndpointArg.class,
            description = "Where generators connect (port 0 = any free port; unix:PATH = a Unix domain socket file, roles on one host). Default: ${DEFAULT-VALUE}.")
    Endpoint bind;

    @Option(names = "--connect", paramLabel = "HOST:PORT|unix:PATH", defaultValue = "127.0.0.1:7302", converter = EndpointArg.class,
            description = "The collector. Default: ${DEFAULT-VALUE}.")
    Endpoint collector;

    @Option(names = "--drain-seconds", paramLabel = "S", defaultValue = "" + Executor.DEFAULT_DRAIN_SECONDS,
            description = {"After the generator's end, how long the pool may take to finish the tasks already read;"
                    + " past it the rest is reported as not executed (exit 1). Default: ${DEFAULT-VALUE}."})
    double drainSeconds;

    @Override
    public Integer call() {
        if (!(drainSeconds > 0)) {
            throw new LabException("--drain-seconds must be > 0, got " + drainSeconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Listener listener = Roles.listen(bind)) {
            RoleProtocol.printListening(out, listener.endpoint().toString());
            out.flush();
            Executor.Report report = new Executor(role.entry().factory(), listener, collector,
                    (long) Math.ceil(drainSeconds * 1000), line -> {
                err.println(line);
                err.flush();
            }).run();
            out.printf("executor %s: %,d tasks received, %,d executed (generator declared %,d);"
                    + " %,d still queued at the generator's end, drained in %.2f s%n", role.entry().id(),
                    report.received(), report.executed(), report.generatorTotal(), report.backlogAtEnd(),
                    report.drainSeconds());
            RoleProtocol.printSummary(out, RoleProtocol.summary("executor").put("rung", role.entry().id())
                    .put("received", report.received()).put("executed", report.executed())
                    .put("generator_total", report.generatorTotal()).put("full_queue_waits", report.fullQueueWaits())
                    .put("worker_errors", report.workerErrors())
                    .put("backlog_at_end", report.backlogAtEnd()).put("drain_s", report.drainSeconds()).put("error", report.error()));
            return RoleOptions.exitCode(report.error());
        } catch (IOException e) {
            throw new LabException("executor: cannot listen on " + bind + ": " + e.getMessage());
        }
    }
}
