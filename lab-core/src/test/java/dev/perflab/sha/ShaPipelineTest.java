package dev.perflab.sha;

import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every correct rung passes {@link ShaContract}: end to end over loopback, counts conserved and every
 * sampled digest right; and, where the executor counts with its own counter, no add lost under contention.
 * One dynamic test per check and rung; {@code ./lab check sha-pipeline --rung ID} runs the same checks.
 */
class ShaPipelineTest {
    @TestFactory
    Stream<DynamicNode> everyCorrectRungPassesTheContract() {
        return ShaLadder.LADDER.correct().stream().map(ShaPipelineTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<PipelineSettings> rung) {
        return DynamicContainer.dynamicContainer(rung.id(), ShaLadder.LADDER.contract().orElseThrow()
                .checks(rung.factory()).stream()
                .map(check -> DynamicTest.dynamicTest(check.name(), () -> check.body().run())));
    }
}
