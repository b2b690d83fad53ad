package dev.perflab.pump;

import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Every rung passes {@link PumpContract} over loopback: three days arrive whole, and its receiver catches a
 * lost, duplicated or corrupted message and a cut stream. {@code ./lab check socket-pump --rung ID} runs the
 * same checks.
 */
@Timeout(120)
class PumpRungsTest {
    @TestFactory
    Stream<DynamicNode> everyRungPassesTheContract() {
        return PumpLadder.LADDER.correct().stream().map(PumpRungsTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<Pump> rung) {
        return DynamicContainer.dynamicContainer(rung.id(), PumpLadder.LADDER.contract().orElseThrow()
                .checks(rung.factory()).stream()
                .map(check -> DynamicTest.dynamicTest(check.name(), () -> check.body().run())));
    }
}
