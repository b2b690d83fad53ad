package dev.perflab.mdf;

import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The one contract every rung and peer of {@link MdfRingLadder} passes (exhibits and the exercise
 * excepted): the checks of {@link MdfRingContract} (every message once, in order, byte-equal; late joiners
 * and lapped readers continue from history; bad appends rejected; seeded random days), one dynamic test
 * per check and entry. {@code ./lab check mdf-ring --rung ID} runs the same checks. Exhibits have their
 * own test ({@link MdfExhibitsTest}).
 */
class MdfRingContractTest {

    @TestFactory
    Stream<DynamicNode> everyCorrectEntryPassesTheContract() {
        return MdfRingLadder.LADDER.correct().stream().map(MdfRingContractTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<MdfRingFactory> entry) {
        return DynamicContainer.dynamicContainer(entry.id(), MdfRingLadder.LADDER.contract().orElseThrow()
                .checks(entry.factory()).stream().map(MdfRingContractTest::test));
    }

    private static DynamicTest test(Check check) {
        return DynamicTest.dynamicTest(check.name(), () -> check.body().run());
    }
}
