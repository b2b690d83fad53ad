package dev.perflab.sha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.perflab.ladder.Entry;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
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

    @Test
    void severalStreamsConserveCountsAcrossStreams() throws Exception {
        int streams = 3;
        LoopbackPipeline.Result r = LoopbackPipeline.run(ShaLadder.R13.withStreams(streams), 0, 0.5);
        assertNull(r.generator().error(), r.log().toString());
        assertNull(r.executor().error(), r.log().toString());
        assertNull(r.collector().error(), r.log().toString());
        long generated = r.generator().generated();
        assertEquals(generated, r.executor().generatorTotal());
        assertEquals(generated, r.executor().executed());
        assertEquals(generated, r.collector().executorTotal());
        assertEquals(generated, r.collector().collected());
        assertEquals(0, r.collector().sampleErrors());
        // one sample per stream, each from its own id range
        assertEquals(streams * PipelineSettings.SAMPLE_SIZE, r.collector().samples().size());
        Set<Long> seen = r.collector().samples().stream()
                .map(s -> s.id() >>> PipelineSettings.STREAM_ID_SHIFT).collect(Collectors.toSet());
        assertEquals(Set.of(0L, 1L, 2L), seen);
    }
}
