package dev.perflab.brick;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import dev.perflab.ladder.Kind;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every entry of the ladder (the exhibit too: it is slow, not wrong; the exercise excepted) passes the checks
 * of {@link BrickContract}: rows claimed once, tables drained, files moved byte-exactly. {@code ./lab check
 * brick --rung ID} runs the same checks.
 */
@Timeout(300)
class MoverContractTest {

    @TestFactory
    Stream<DynamicNode> everyRungAndTheExhibitPassTheContract() {
        return BrickLadder.LADDER.entries().stream().filter(e -> e.kind() != Kind.EXERCISE)
                .map(MoverContractTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<MoverSettings> entry) {
        return DynamicContainer.dynamicContainer(entry.id(), BrickLadder.LADDER.contract().orElseThrow()
                .checks(entry.factory()).stream().map(MoverContractTest::test));
    }

    private static DynamicTest test(Check check) {
        return DynamicTest.dynamicTest(check.name(), () -> check.body().run());
    }
}
