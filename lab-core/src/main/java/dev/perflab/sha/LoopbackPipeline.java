package dev.perflab.sha;

import dev.perflab.io.Scratch;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** Runs generator, executor and collector in this JVM over loopback TCP (Unix domain sockets from r18 on): for the contract ({@link ShaContract}) and tests. */
final class LoopbackPipeline {
    record Result(Generator.Report generator, Executor.Report executor, Collector.Report collector,
                  List<String> log) {
    }

    static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private LoopbackPipeline() {
    }

    /** Makes the executor under test: the listener generators connect to, the collector's address, the log. */
    interface ExecutorFactory {
        Executor create(Listener listener, Endpoint collector, Consumer<String> log);
    }

    static Result run(PipelineSettings settings, long rate, double seconds) throws Exception {
        return run(settings, rate, seconds, (listener, collector, log) -> new Executor(settings, listener, collector, log));
    }

    static Result run(PipelineSettings settings, long rate, double seconds, ExecutorFactory executors) throws Exception {
        return run(settings, rate, seconds, executors, UnaryOperator.identity());
    }

    /** As above, with {@code collectorHook} applied to the collector before it starts (test hooks). */
    static Result run(PipelineSettings settings, long rate, double seconds, ExecutorFactory executors,
                      UnaryOperator<Collector> collectorHook) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Path socketDir = settings.unixSockets() ? Scratch.folder("sha") : null;
        try (Listener collectorPort = Roles.listen(endpoint(socketDir, "collector"));
             Listener executorPort = Roles.listen(endpoint(socketDir, "executor"))) {
            Collector collector = collectorHook.apply(new Collector(settings, collectorPort, 0, log::add));
            CompletableFuture<Collector.Report> c = CompletableFuture.supplyAsync(collector::run);
            Executor executor = executors.create(executorPort, collectorPort.endpoint(), log::add);
            CompletableFuture<Executor.Report> e = CompletableFuture.supplyAsync(executor::run);
            Generator generator = new Generator(settings, executorPort.endpoint(), rate, seconds, log::add);
            Generator.Report g = generator.run();
            return new Result(g, e.get(), c.get(), log);
        } finally {
            if (socketDir != null) {
                Files.deleteIfExists(socketDir); // the listeners deleted their socket files when closed
            }
        }
    }

    /** Any free loopback port, or {@code ROLE.sock} in {@code socketDir} when the rung uses Unix domain sockets. */
    static Endpoint endpoint(Path socketDir, String role) {
        return socketDir == null ? Endpoint.tcp(ANY_LOOPBACK_PORT) : Endpoint.unix(socketDir.resolve(role + ".sock"));
    }
}
