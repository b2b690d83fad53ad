package dev.perflab.bench.mdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Check;
import dev.perflab.mdf.MdfRingContract;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.annotations.Fork;

/**
 * The Chronicle Queue peer passes the same contract as every rung and peer of the ladder ({@link MdfRingContract}:
 * order, no loss, no duplicates, late joiners, "lapped" readers, bad appends, random days), deletes its queue
 * files on close, and runs under the JVM flags the benchmark's forks get.
 */
class ChronicleQueuePeerTest {

    @TestFactory
    Stream<DynamicTest> passesTheRingContract() {
        List<Check> checks = new MdfRingContract().checks(ChronicleQueuePeer.FACTORY);
        return checks.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> c.body().run()));
    }

    @Test
    void closeDeletesTheQueueFolder() {
        ChronicleQueuePeer peer = new ChronicleQueuePeer();
        Path dir = peer.directory();
        ByteBuffer message = ByteBuffer.wrap(MdfRingContract.messages()[0]);
        peer.append(message);
        assertEquals(0, message.position(), "append leaves the buffer's position");
        assertTrue(Files.isDirectory(dir), dir.toString());
        peer.close();
        assertFalse(Files.exists(dir), dir + " still there after close");
    }

    /**
     * The surefire JVM (lab-benchmarks/pom.xml's argLine) and the benchmark's forks ({@code @Fork(jvmArgsAppend)})
     * get the same flags: the ones this test's JVM was started with are the ones JMH's forks will be.
     */
    @Test
    void surefireAndTheBenchmarkForksGetTheSameFlags() {
        List<String> forks = List.of(MdfRingBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend());
        List<String> here = ManagementFactory.getRuntimeMXBean().getInputArguments();
        assertTrue(forks.size() >= 9, forks.toString());
        for (String flag : forks) {
            assertTrue(here.contains(flag), flag + " is in MdfRingBenchmark's @Fork but not in surefire's argLine: " + here);
        }
    }
}
