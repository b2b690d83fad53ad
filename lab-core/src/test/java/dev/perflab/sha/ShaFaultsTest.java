package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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
        final ServerSocket collectorPort = Roles.listen(LoopbackPipeline.ANY_LOOPBACK_PORT);
        final ServerSocket executorPort = Roles.listen(LoopbackPipeline.ANY_LOOPBACK_PORT);
        final CompletableFuture<Collector.Report> collector =
                CompletableFuture.supplyAsync(new Collector(TUNED, collectorPort, 0, log::add)::run);
        final CompletableFuture<Executor.Report> executor = CompletableFuture.supplyAsync(
                new Executor(TUNED, executorPort, LoopbackPipeline.address(collectorPort), log::add)::run);

        ExecutorUnderTest() throws IOException {
        }

        Socket connectGenerator() throws IOException {
            return new Socket(executorPort.getInetAddress(), executorPort.getLocalPort());
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
        try (ServerSocket collectorPort = Roles.listen(LoopbackPipeline.ANY_LOOPBACK_PORT)) {
            CompletableFuture<Collector.Report> collector =
                    CompletableFuture.supplyAsync(new Collector(TUNED, collectorPort, 0, log::add)::run);
            try (Socket executor = new Socket(collectorPort.getInetAddress(), collectorPort.getLocalPort())) {
                executor.getOutputStream().write(new byte[] {Frames.TYPE_TASKS, Frames.VERSION, 0, 1});
                Collector.Report report = collector.get(20, TimeUnit.SECONDS);
                assertTrue(report.error().contains("bad frame from executor 127.0.0.1:" + executor.getLocalPort()
                        + ": type 1, expected 2"), report.error());
            }
        }
    }

    @Test
    void executorThatStopsReadingDoesNotHangTheGenerator() throws Exception {
        try (ServerSocket deaf = Roles.listen(LoopbackPipeline.ANY_LOOPBACK_PORT)) {
            CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return deaf.accept();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Generator.Report report = new Generator(TUNED, LoopbackPipeline.address(deaf), 0, 60, log::add).run();
            assertTrue(report.seconds() < 20, "generator took " + report.seconds() + " s");
            assertNotNull(report.error());
            assertTrue(report.error().contains("stopped reading for " + Roles.LIVENESS_MILLIS / 1000 + " s"), report.error());
            accepted.get().close();
        }
    }

    @Test
    void noExecutorListeningIsOneLine() throws Exception {
        InetSocketAddress closed;
        try (ServerSocket s = Roles.listen(LoopbackPipeline.ANY_LOOPBACK_PORT)) {
            closed = LoopbackPipeline.address(s);
        }
        Generator.Report report = new Generator(TUNED, closed, 0, 1, log::add).run();
        assertTrue(report.error().contains("cannot connect to the executor at 127.0.0.1:" + closed.getPort()), report.error());
        assertEquals(0, report.generated());
    }
}
