package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every correct rung, end to end over loopback: counts conserved, every sampled digest right. */
class ShaPipelineTest {
    static Stream<Entry<PipelineSettings>> rungs() {
        return ShaLadder.LADDER.correct().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rungs")
    void countsAreConservedAndSampledDigestsVerify(Entry<PipelineSettings> rung) throws Exception {
        LoopbackPipeline.Result r = LoopbackPipeline.run(rung.factory(), 0, 0.5);
        assertNull(r.generator().error(), r.log().toString());
        assertNull(r.executor().error(), r.log().toString());
        assertNull(r.collector().error(), r.log().toString());
        long generated = r.generator().generated();
        assertTrue(generated > 100, "generated only " + generated);
        assertEquals(generated, r.executor().generatorTotal());
        assertEquals(generated, r.executor().received());
        assertEquals(generated, r.executor().executed());
        assertEquals(generated, r.collector().executorTotal());
        assertEquals(generated, r.collector().collected());
        assertEquals(Math.min(generated, PipelineSettings.SAMPLE_SIZE), r.collector().samples().size());
        assertEquals(0, r.collector().sampleErrors());
        System.out.printf("%s: %,d tasks, %,.0f tasks/s%n", rung.id(), generated, r.collector().tasksPerSecond());
    }
}
