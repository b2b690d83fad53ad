package dev.perflab.cli.sha;

import dev.perflab.base.EndpointArg;
import dev.perflab.base.LabException;
import dev.perflab.net.Endpoint;
import dev.perflab.scenario.RoleProtocol;
import dev.perflab.sha.Generator;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./lab sha generator}: sends tasks to an executor. */
@Command(name = "generator", mixinStandardHelpOptions = true, description = {"Send SHA-256 tasks to an executor for a fixed time, then an end frame.",
        "Prints one result line and a 'summary {json}' line; exit 1 if the executor went away.",
        "The three roles must run the same --rung."})
final class GeneratorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RoleOptions role;

    @Option(names = "--connect", paramLabel = "HOST:PORT|unix:PATH", defaultValue = "127.0.0.1:7301", converter = EndpointArg.class,
            description = "The executor. Default: ${DEFAULT-VALUE}.")
    Endpoint executor;

    @Option(names = "--rate", paramLabel = "TASKS_PER_S", defaultValue = "0",
            description = "Target tasks/s; 0 = as fast as the executor takes them. Default: ${DEFAULT-VALUE}.")
    long rate;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10", description = "How long to send. Default: ${DEFAULT-VALUE}.")
    double seconds;

    @Override
    public Integer call() {
        if (rate < 0) {
            throw new LabException("--rate must be ≥ 0 tasks/s, was " + rate);
        }
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new LabException("--seconds must be > 0, was " + seconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Generator.Report report = new Generator(role.entry().factory(), executor, rate, seconds, line -> {
            err.println(line);
            err.flush();
        }).run();
        out.printf("generator %s: %,d tasks sent in %.2f s (%,.0f tasks/s)%n", role.entry().id(), report.generated(),
                report.seconds(), report.generated() / Math.max(report.seconds(), 1e-9));
        RoleProtocol.printSummary(out, RoleProtocol.summary("generator").put("rung", role.entry().id())
                .put("generated", report.generated()).put("seconds", report.seconds()).put("error", report.error()));
        return RoleOptions.exitCode(report.error());
    }
}
