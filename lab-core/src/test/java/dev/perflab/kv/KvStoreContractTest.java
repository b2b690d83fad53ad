package dev.perflab.kv;

import dev.perflab.kv.peers.TokyoHashStore;
import dev.perflab.ladder.Check;
import dev.perflab.ladder.Entry;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * One contract for every rung and peer (exhibits and the exercise excepted): the checks of
 * {@link KvContract} (put, get, overwrite, count, reopen, four writers through the harness, a bucket table
 * that keeps up, agreement with a map on seeded random operations), one dynamic test per check and entry.
 * {@code ./lab check kv --rung ID} runs the same checks. Tokyo Cabinet's peers are skipped, with the
 * install command, where its library is missing.
 */
class KvStoreContractTest {

    @TestFactory
    Stream<DynamicNode> everyCorrectEntryPassesTheContract() {
        return KvLadder.LADDER.correct().stream().map(KvStoreContractTest::contractOf);
    }

    private static DynamicNode contractOf(Entry<KvStoreFactory> store) {
        if (store.id().startsWith("peer-tokyo") && !TokyoHashStore.available()) {
            // Maven's console shows a test's output; surefire's XML alone would hide why the checks did not run.
            System.out.println("[perflab] skipped " + store.id() + "'s contract: Tokyo Cabinet does not load here; " + TokyoHashStore.installCommand());
        }
        return DynamicContainer.dynamicContainer(store.id(), KvLadder.LADDER.contract().orElseThrow()
                .checks(store.factory()).stream().map(check -> test(store, check)));
    }

    private static DynamicTest test(Entry<KvStoreFactory> store, Check check) {
        return DynamicTest.dynamicTest(check.name(), () -> {
            if (store.id().startsWith("peer-tokyo")) {
                Assumptions.assumeTrue(TokyoHashStore.available(), store.id() + " skipped: " + TokyoHashStore.installCommand());
            }
            check.body().run();
        });
    }
}
