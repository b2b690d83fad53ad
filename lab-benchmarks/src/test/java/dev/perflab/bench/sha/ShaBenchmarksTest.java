package dev.perflab.bench.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** Keeps the SHA suites' {@code @Param} lists equal to the ladder, and runs their methods once as JMH would. */
class ShaBenchmarksTest {
    @Test
    void executorBenchmarkListsExactlyTheRungsThatChangeTheExecutor() throws Exception {
        Param param = ShaExecutorBenchmark.class.getDeclaredField("rung").getAnnotation(Param.class);
        assertEquals(ExecutorRungs.ids(), List.of(param.value()));
    }

    @Test
    void everyExecutorRungProducesVerifiedResults() {
        for (String rung : ExecutorRungs.ids()) {
            ShaExecutorBenchmark b = new ShaExecutorBenchmark();
            b.rung = rung;
            b.setUp();
            b.executeFrame();
            b.executeFrame();
            b.check();
        }
    }

    @Test
    void tearDownCatchesAWrongDigest() {
        ShaExecutorBenchmark b = new ShaExecutorBenchmark();
        b.rung = "r12-matched-batches";
        b.setUp();
        byte[] results = b.executeFrame();
        results[20] ^= 1;
        assertThrows(IllegalStateException.class, b::check);
    }

    @Test
    void ceilingDigestsChangeEveryOperation() throws Exception {
        ShaCeilingBenchmark b = new ShaCeilingBenchmark();
        b.messageBytes = 32;
        b.setUp();
        int differ = 0;
        byte previous = b.intrinsicOneThread();
        for (int i = 0; i < 64; i++) {
            byte next = b.intrinsicOneThread();
            differ += next != previous ? 1 : 0;
            previous = next;
        }
        assertNotEquals(0, differ, "the digest never changed: the message is constant");
    }
}
