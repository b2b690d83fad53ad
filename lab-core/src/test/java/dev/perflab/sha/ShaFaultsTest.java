package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.net.Connection;
import dev.perflab.net.Endpoint;
import dev.perflab.net.Listener;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input and vanished peers, in process over loopback: each ends one connection with a line naming
 * the peer, nothing already processed is lost, and nothing hangs (each test has a timeout).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ShaFaultsTest {
    /** The tuned rung on one stream: each test plays one peer by hand, on one connection. */
    private static final PipelineSettings TUNED = ShaLadder.LADDER.tuned().factory().withStreams(1);
    private final List<String> log = new CopyOnWriteArrayList<>();

    /** A collector and an executor listening on loopback; the test plays the generator by hand. */
    private final class ExecutorUnderTest implements AutoCloseable {
        final Listener collectorPort = Roles.listen(Endpoint.tcp(LoopbackPipeline.ANY_LOOPBACK_PORT));
        final Listener executorPort = Roles.listen(Endpoint.tcp(LoopbackPipeline.ANY_LOOPBACK_PORT));
        final CompletableFuture<Collector.Report> collector =
                CompletableFuture.supplyAsync(new Collector(TUNED, collectorPort, 0, log::add)::run);
        final CompletableFuture<Executor.Report> executor = CompletableFuture.supplyAsync(
                new Executor(TUNED, executorPort, collectorPort.endpoint(), log::add)::run);

        ExecutorUnderTest() throws IOException {
        }

        Socket connectGenerator() throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), executorPort.endpoint().tcp().getPort());
        }

        @Override
        public void close() throws IOException {
            collectorPort.close();
            executorPort.close();
        }
    }

    private static byte[] tasks(long firstId, int n) {
        byte[] frame = new byte[Frames.frameBytes(n)];
        Frames.fillTasks(frame, firstId, n);
        return frame;
    }

    @Test
    void oversizedFrameClosesTheGeneratorConnectionAndKeepsWhatWasDone() throws Exception {
        try (ExecutorUnderTest pipeline = new ExecutorUnderTest(); Socket generator = pipeline.connectGenerator()) {
            DataOutputStream out = new DataOutputStream(generator.getOutputStream());
            out.write(tasks(0, 10));
            out.writeByte(Frames.TYPE_TASKS);
            out.writeByte(Frames.VERSION);
            out.writeShort(Frames.MAX_RECORDS + 1);
            out.flush();
            Executor.Report executor = pipeline.executor.get(20, TimeUnit.SECONDS);
            Collector.Report collector = pipeline.collector.get(20, TimeUnit.SECONDS);
            String peer = "generator 127.0.0.1:" + generator.getLocalPort();
            assertNotNull(executor.error());
            assertTrue(executor.error().contains("bad frame from " + peer + ": 4097 records, limit 1..4096"), executor.error());
            assertEquals(10, executor.executed(), "tasks read before the bad frame are still executed");
            assertNull(collector.error(), "the collector still gets an end frame: " + log);
            assertEquals(10, collector.collected());
            assertEquals(10, collector.executorTotal());
            assertEquals(0, collector.sampleErrors());
        }
    }

    @Test
    void unknownFrameTypeNamesThePeer() throws Exception {
        try (ExecutorUnderTest pipeline = new ExecutorUnderTest(); Socket generator = pipeline.connectGenerator()) {
            generator.getOutputStream().write(new byte[] {9, 1, 0, 1});
            Executor.Report executor = pipeline.executor.get(20, TimeUnit.SECONDS);
            assertTrue(executor.error().contains("bad frame from generator 127.0.0.1:" + generator.getLocalPort()
                    + ": type 9"), executor.error());
            assertEquals(0, pipeline.collector.get(20, TimeUnit.SECONDS).collected());
        }
    }

    @Test
    void generatorVanishingMidFrameIsReportedAndEarlierTasksAreKept() throws Exception {
        try (ExecutorUnderTest pipeline = new ExecutorUnderTest()) {
            try (Socket generator = pipeline.connectGenerator()) {
                byte[] frame = tasks(0, 50);
                generator.getOutputStream().write(frame, 0, frame.length - 7);
            }
            Executor.Report executor = pipeline.executor.get(20, TimeUnit.SECONDS);
            assertTrue(executor.error().contains("closed the connection in the middle of a frame"), executor.error());
            // the run of 50 was cut inside its body, so nothing of it was executed: nothing half-done is sent
            assertEquals(0, executor.received());
            assertEquals(0, executor.executed());
            Collector.Report collector = pipeline.collector.get(20, TimeUnit.SECONDS);
            assertEquals(executor.executed(), collector.collected());
            assertEquals(executor.executed(), collector.executorTotal());
        }
    }

    @Test
    void silentGeneratorTimesOut() throws Exception {
        try (ExecutorUnderTest pipeline = new ExecutorUnderTest(); Socket generator = pipeline.connectGenerator()) {
            generator.getOutputStream().write(tasks(0, 3));
            Executor.Report executor = pipeline.executor.get(20, TimeUnit.SECONDS);
            assertTrue(executor.error().contains("sent nothing for " + Roles.LIVENESS_MILLIS / 1000 + " s"), executor.error());
            assertEquals(3, pipeline.collector.get(20, TimeUnit.SECONDS).collected());
        }
    }

    @Test
    void malformedResultFrameNamesTheExecutor() throws Exception {
        try (Listener collectorPort = Roles.listen(Endpoint.tcp(LoopbackPipeline.ANY_LOOPBACK_PORT))) {
            CompletableFuture<Collector.Report> collector =
                    CompletableFuture.supplyAsync(new Collector(TUNED, collectorPort, 0, log::add)::run);
            try (Socket executor = new Socket(InetAddress.getLoopbackAddress(), collectorPort.endpoint().tcp().getPort())) {
                executor.getOutputStream().write(new byte[] {Frames.TYPE_TASKS, Frames.VERSION, 0, 1});
                Collector.Report report = collector.get(20, TimeUnit.SECONDS);
                assertTrue(report.error().contains("bad frame from executor 127.0.0.1:" + executor.getLocalPort()
                        + ": type 1, expected 2"), report.error());
            }
        }
    }

    @Test
    void executorThatStopsReadingDoesNotHangTheGenerator() throws Exception {
        generatorGivesUpOnADeafExecutorAt(Endpoint.tcp(LoopbackPipeline.ANY_LOOPBACK_PORT));
    }

    /** r18's transport: a write blocked on a full Unix socket waits in a selector, which the liveness close must wake. */
    @Test
    void executorThatStopsReadingOnAUnixSocketDoesNotHangTheGenerator(@TempDir Path dir) throws Exception {
        generatorGivesUpOnADeafExecutorAt(Endpoint.unix(dir.resolve("executor.sock")));
    }

    private void generatorGivesUpOnADeafExecutorAt(Endpoint where) throws Exception {
        try (Listener deaf = Roles.listen(where)) {
            CompletableFuture<Connection> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return deaf.accept("generator");
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Generator.Report report = new Generator(TUNED, deaf.endpoint(), 0, 60, log::add).run();
            assertTrue(report.seconds() < 20, "generator took " + report.seconds() + " s");
            assertNotNull(report.error());
            assertTrue(report.error().contains("stopped reading for " + Roles.LIVENESS_MILLIS / 1000 + " s"), report.error());
            accepted.get().close();
        }
    }

    @Test
    void noExecutorListeningIsOneLine() throws Exception {
        Endpoint closed;
        try (Listener s = Roles.listen(Endpoint.tcp(LoopbackPipeline.ANY_LOOPBACK_PORT))) {
            closed = s.endpoint();
        }
        Generator.Report report = new Generator(TUNED, closed, 0, 1, log::add).run();
        assertTrue(report.error().contains("cannot connect to the executor at 127.0.0.1:" + closed.tcp().getPort()), report.error());
        assertEquals(0, report.generated());
    }
}
