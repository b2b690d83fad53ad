package dev.perflab.sha;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Runs generator, executor and collector in this JVM over loopback TCP: for the contract ({@link ShaContract}) and tests. */
final class LoopbackPipeline {
    record Result(Generator.Report generator, Executor.Report executor, Collector.Report collector,
                  List<String> log) {
    }

    static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private LoopbackPipeline() {
    }

    static Result run(PipelineSettings settings, long rate, double seconds) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        try (ServerSocket collectorPort = Roles.listen(ANY_LOOPBACK_PORT);
             ServerSocket executorPort = Roles.listen(ANY_LOOPBACK_PORT)) {
            Collector collector = new Collector(settings, collectorPort, 0, log::add);
            CompletableFuture<Collector.Report> c = CompletableFuture.supplyAsync(collector::run);
            Executor executor = new Executor(settings, executorPort,
                    (InetSocketAddress) collectorPort.getLocalSocketAddress(), log::add);
            CompletableFuture<Executor.Report> e = CompletableFuture.supplyAsync(executor::run);
            Generator generator = new Generator(settings, (InetSocketAddress) executorPort.getLocalSocketAddress(),
                    rate, seconds, log::add);
            Generator.Report g = generator.run();
            return new Result(g, e.get(), c.get(), log);
        }
    }

    static InetSocketAddress address(ServerSocket s) throws IOException {
        return (InetSocketAddress) s.getLocalSocketAddress();
    }
}
