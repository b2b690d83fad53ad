package dev.perflab.forwarder;

import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every configuration of the forwarder, exhibits included (they are slow, not wrong), passes
 * {@link ForwarderContract}; the exercise's skeleton is the one entry left out (it fails until it is written). {@code ./lab check forwarder --rung ID} runs the same checks.
 */
@Timeout(600)
class ForwarderContractTest {
    @TestFactory
    Stream<DynamicNode> everyConfigurationPassesTheContract() {
        return ForwarderLadder.LADDER.entries().stream().filter(e -> e.kind() != dev.perflab.ladder.Kind.EXERCISE)
                .map(ForwarderContractTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<ForwarderConfig> entry) {
        return DynamicContainer.dynamicContainer(entry.id(), ForwarderLadder.LADDER.contract().orElseThrow()
                .checks(entry.factory()).stream()
                .map(check -> DynamicTest.dynamicTest(check.name(), () -> check.body().run())));
    }
}
